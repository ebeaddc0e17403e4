// The root CA publisher (upstream pkg/controller/certificates/rootcacertpublisher): every active namespace
// has the ConfigMap `kube-root-ca.crt` whose `ca.crt` is the CA clients verify the API server with; an edited
// or deleted one is put back.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { controllerManagerWrite } from '../controller.js';
import { getIfExists, isActiveNamespace, isGoneOrTerminating, queueController } from '../queue-controller.js';

/** Writes as kube-controller-manager's root-ca-cert-publisher (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('root-ca-cert-publisher');

/** The published ConfigMap's name. */
export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION = 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

export interface RootCAPublisherDeps {
  namespaces: Store;
  configMaps: Store;
  /** The CA certificate (PEM). */
  rootCA: string;
}

const upToDate = (cm: KubeObject, data: Record<string, string>): boolean => {
  const current = (cm['data'] ?? {}) as Record<string, string>;
  return Object.keys(current).length === 1 && current['ca.crt'] === data['ca.crt'] && Boolean(cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]);
};

/** upstream Publisher.syncNamespace. */
async function syncNamespace(deps: RootCAPublisherDeps, namespace: string): Promise<void> {
  if (!isActiveNamespace(await getIfExists(deps.namespaces, '', namespace))) return;
  const data = { 'ca.crt': deps.rootCA };
  const cm = await getIfExists(deps.configMaps, namespace, ROOT_CA_CONFIG_MAP);
  try {
    if (!cm) {
      const created = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIG_MAP, namespace, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data };
      await deps.configMaps.create(namespace, created, WRITE);
      return;
    }
    if (upToDate(cm, data)) return;
    await deps.configMaps.update(namespace, ROOT_CA_CONFIG_MAP, (current) => {
      if (!current) throw new Error(`configmap ${namespace}/${ROOT_CA_CONFIG_MAP} is gone`);
      const next = structuredClone(current) as KubeObject;
      next.metadata.annotations = { ...next.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION };
      next['data'] = data;
      return next;
    }, WRITE);
  } catch (error) {
    // upstream: a create into a missing or terminating namespace is not retried.
    if (!isGoneOrTerminating(error)) throw error;
  }
}

/** The controller `root-ca-cert-publisher`. */
export function rootCAPublisher(deps: RootCAPublisherDeps): Controller {
  return queueController('root-ca-cert-publisher', [
    { store: deps.namespaces, onObject: (ns, type, queue) => type !== 'DELETED' && queue.add(ns.metadata.name ?? '') },
    { store: deps.configMaps, onObject: (cm, type, queue) => type !== 'ADDED' && cm.metadata.name === ROOT_CA_CONFIG_MAP && queue.add(cm.metadata.namespace ?? '') },
  ], (namespace) => syncNamespace(deps, namespace));
}
