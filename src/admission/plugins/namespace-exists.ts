// NamespaceExists (2-access-control: admission plugins; upstream k8s.io/apiserver plugin/namespace/exists, off
// by default): a create, update or delete of a namespaced object in a namespace that does not exist is refused
// with the namespace's 404, as upstream's direct read of it answers. Namespaces themselves are left alone.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { internalError, isStatusError, notFound } from '../../errors/status-error.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { errorMessage } from '../../errors/error-message.js';

/** Reads a namespace: the watch cache, then storage (upstream's lister, then its client); undefined when absent. */
export type NamespaceGetter = (name: string) => Promise<Readonly<KubeObject> | undefined>;

/** A request in a namespace, other than one of a Namespace (upstream: a non-empty namespace, a kind not Namespace). */
export const inNamespace = (a: AdmissionAttributes): boolean => !!a.namespace && !(a.def.group === '' && a.def.kind === 'Namespace');

export function namespaceExists(getNamespace: NamespaceGetter): AdmissionPlugin {
  return {
    name: 'NamespaceExists',
    handles: inNamespace,
    async validate(a) {
      let namespace: Readonly<KubeObject> | undefined;
      try {
        namespace = await getNamespace(a.namespace);
      } catch (error) {
        // upstream wraps any other failure of the read as an internal error.
        throw isStatusError(error) && error.code === 404 ? error : internalError(errorMessage(error));
      }
      if (!namespace) throw notFound({ group: '', resource: 'namespaces' }, a.namespace);
    },
  };
}
