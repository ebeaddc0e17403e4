// The `cluster-info` ConfigMap of kube-public (spec 2-access-control §Bootstrap token Secret): the cluster's
// CA and server URL as a kubeconfig, which the bootstrap signer signs per token. kube-apiserver does not make
// it (kubeadm does, at init); kplane, having no installer, publishes it itself while the bootstrap signer runs.
import type { KubeObject } from '../apis/meta/v1/types.js';
import { CLUSTER_INFO_NAME, CLUSTER_INFO_NAMESPACE, KUBECONFIG_KEY } from '../controllers/bootstrap/bootstrap-signer.js';
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';

/**
 * The kubeconfig of `cluster-info` as kubeadm writes it (client-go's clientcmd.Write of a config holding
 * only one unnamed cluster).
 */
export function clusterInfoKubeconfig(server: string, caCert: string): string {
  return [
    'apiVersion: v1',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${Buffer.from(caCert, 'utf8').toString('base64')}`,
    `    server: ${server}`,
    '  name: ""',
    'contexts: null',
    'current-context: ""',
    'kind: Config',
    'preferences: {}',
    'users: null',
    '',
  ].join('\n');
}

/** Creates `cluster-info`, or updates its `kubeconfig` (a new port, a renewed CA); signatures are the signer's. */
export async function publishClusterInfo(configMaps: Store, kubeconfig: string): Promise<void> {
  // kubeadm writes it upstream (its client's user agent names the field manager `kubeadm`, operation Update),
  // so `--show-managed-fields` on a 1.25 cluster shows `kubeadm` owning `data.kubeconfig` beside the signer's
  // `kube-controller-manager` owning the signatures. kplane publishes it in kubeadm's stead, with kubeadm's
  // content, so it names kubeadm too: `kube-apiserver` would claim a write no 1.25 API server makes, and a
  // tool that reconciles what kubeadm owns (kubeadm upgrade) finds it owned as it expects.
  const write = { dryRun: false, fieldManager: 'kubeadm' };
  let current: Readonly<KubeObject> | undefined;
  try {
    current = (await configMaps.get(CLUSTER_INFO_NAMESPACE, CLUSTER_INFO_NAME)).object;
  } catch (error) {
    if (!isStatusError(error) || error.reason !== 'NotFound') throw error;
  }
  if (!current) {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CLUSTER_INFO_NAME, namespace: CLUSTER_INFO_NAMESPACE }, data: { [KUBECONFIG_KEY]: kubeconfig } };
    try {
      await configMaps.create(CLUSTER_INFO_NAMESPACE, configMap, write);
      return;
    } catch (error) {
      // Another replica published it meanwhile: update it below.
      if (!isStatusError(error) || error.reason !== 'AlreadyExists') throw error;
    }
  } else if ((current['data'] as Record<string, string> | undefined)?.[KUBECONFIG_KEY] === kubeconfig) {
    return;
  }
  await configMaps.update(CLUSTER_INFO_NAMESPACE, CLUSTER_INFO_NAME, (latest) => {
    const next = structuredClone(latest ?? {}) as KubeObject;
    next['data'] = { ...(next['data'] as Record<string, string> | undefined), [KUBECONFIG_KEY]: kubeconfig };
    return next;
  }, write);
}
