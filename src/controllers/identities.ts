// Who each in-process controller is to the API. kube-controller-manager's controllers run as their own
// service accounts in kube-system (upstream's --use-service-account-credentials, which kubeadm sets), bound
// to the `system:controller:<account>` roles of the bootstrap policy; a few use the manager's own identity,
// `system:kube-controller-manager`. kube-apiserver's own controllers use its loopback identity,
// `system:apiserver` in `system:masters`. Each writes with its binary's user agent, so managedFields name
// `kube-controller-manager` or `kube-apiserver`, as upstream's clients (which set no fieldManager) do.
import type { UserInfo } from '../auth/user-info.js';

const NAMESPACE = 'kube-system';

/** The service account each kube-controller-manager controller runs as (upstream's names). */
const SERVICE_ACCOUNTS: Readonly<Record<string, string>> = {
  namespace: 'namespace-controller',
  garbagecollector: 'generic-garbage-collector',
  serviceaccount: 'service-account-controller',
  'root-ca-cert-publisher': 'root-ca-cert-publisher',
  bootstrapsigner: 'bootstrap-signer',
  tokencleaner: 'token-cleaner',
  'clusterrole-aggregation': 'clusterrole-aggregation-controller',
  'pvc-protection': 'pvc-protection-controller',
  'pv-protection': 'pv-protection-controller',
  csrsigning: 'certificate-controller',
  csrapproving: 'certificate-controller',
  csrcleaner: 'certificate-controller',
  resourcequota: 'resourcequota-controller',
};

/** The controllers that are kube-apiserver's own (its autoregister and APF configuration controllers). */
const APISERVER_CONTROLLERS: ReadonlySet<string> = new Set(['local-apiservices', 'apf-configuration']);

/** Whether controller `name` is kube-apiserver's rather than kube-controller-manager's. */
export const isAPIServerController = (name: string): boolean => APISERVER_CONTROLLERS.has(name);

/** kube-controller-manager's own identity (its kubeconfig's): shared informers, the tokens controller. */
export const CONTROLLER_MANAGER_USER: UserInfo = { name: 'system:kube-controller-manager', groups: [] };

/** kube-apiserver's loopback identity. */
export const APISERVER_USER: UserInfo = { name: 'system:apiserver', groups: ['system:masters'] };

/** The service account of controller `name`, when it runs as one. */
export function controllerServiceAccount(name: string): { namespace: string; name: string } | undefined {
  const account = SERVICE_ACCOUNTS[name];
  return account ? { namespace: NAMESPACE, name: account } : undefined;
}

/** The user controller `name` acts as: its service account's, else the manager's. */
export function controllerUser(name: string): UserInfo {
  const account = controllerServiceAccount(name);
  if (!account) return CONTROLLER_MANAGER_USER;
  return {
    name: `system:serviceaccount:${account.namespace}:${account.name}`,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${account.namespace}`],
  };
}

/** The user agent of a client of kube-controller-manager's controller `name` (client-go's, with the controller's name). */
export const controllerManagerUserAgent = (name: string): string => `kube-controller-manager/v1.25.0 (linux/amd64) kubernetes/${name}`;

/** The user agent of kube-apiserver's loopback clients. */
export const APISERVER_USER_AGENT = 'kube-apiserver/v1.25.0 (linux/amd64) kubernetes';
