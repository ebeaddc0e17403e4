// The root CA publisher (upstream pkg/controller/certificates/rootcacertpublisher): every active namespace
// has the ConfigMap `kube-root-ca.crt` whose `ca.crt` is the CA clients verify the API server with; an edited
// or deleted one is put back.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { isActiveNamespace, queueController } from '../queue-controller.js';
import { isGoneOrTerminating } from '../status-errors.js';

/** The published ConfigMap's name. */
export const ROOT_CA_CONFIG_MAP = 'kube-root-ca.crt';
const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
const DESCRIPTION = 'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.';

export interface RootCAPublisherDeps {
  namespaces: ResourceRef;
  configMaps: ResourceRef;
  /** The CA certificate (PEM). */
  rootCA: string;
}

const upToDate = (cm: KubeObject, data: Record<string, string>): boolean => {
  const current = (cm['data'] ?? {}) as Record<string, string>;
  return Object.keys(current).length === 1 && current['ca.crt'] === data['ca.crt'] && Boolean(cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]);
};

/** The controller `root-ca-cert-publisher`: reads the shared informers, creates and updates ConfigMaps. */
export function rootCAPublisher(context: ControllerContext, deps: RootCAPublisherDeps): Controller {
  const namespaces = context.informers.informerFor(deps.namespaces);
  const configMaps = context.informers.informerFor(deps.configMaps, { fieldSelector: `metadata.name=${ROOT_CA_CONFIG_MAP}` });
  const client = context.clients.resource(deps.configMaps);
  /** upstream Publisher.syncNamespace. */
  const syncNamespace = async (namespace: string): Promise<void> => {
    if (!isActiveNamespace(namespaces.get('', namespace))) return;
    const data = { 'ca.crt': deps.rootCA };
    const cm = configMaps.get(namespace, ROOT_CA_CONFIG_MAP);
    try {
      if (!cm) {
        await client.create(namespace, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ROOT_CA_CONFIG_MAP, namespace, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data });
        return;
      }
      if (upToDate(cm, data)) return;
      // As upstream: an update of the cached copy; a newer version fails (409) and the key is retried.
      const next = structuredClone(cm);
      next.metadata.annotations = { ...next.metadata.annotations, [DESCRIPTION_ANNOTATION]: DESCRIPTION };
      next['data'] = data;
      await client.replace(namespace, next);
    } catch (error) {
      // upstream: a create into a missing or terminating namespace is not retried.
      if (!isGoneOrTerminating(error)) throw error;
    }
  };
  return queueController('root-ca-cert-publisher', [
    { informer: namespaces, onObject: (ns, type, queue) => type !== 'DELETED' && queue.add(ns.metadata.name ?? '') },
    { informer: configMaps, onObject: (cm, type, queue) => type !== 'ADDED' && cm.metadata.name === ROOT_CA_CONFIG_MAP && queue.add(cm.metadata.namespace ?? '') },
  ], syncNamespace);
}
