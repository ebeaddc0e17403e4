// Namespace deletion (upstream namespace REST Delete): the first delete only marks the namespace
// Terminating; the namespace controller empties it and clears spec.finalizers through `finalize`;
// a delete after that removes it (once metadata.finalizers are empty too).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { nowTimestamp } from '../object-meta-fields.js';
import type { DeleteHook } from '../store/types.js';

interface NamespaceFields {
  spec?: { finalizers?: string[] };
  status?: { phase?: string };
}

export const namespaceDeleteHook: DeleteHook = (obj, _options, now) => {
  const ns = obj as KubeObject & NamespaceFields;
  if (!ns.metadata.deletionTimestamp) {
    const updated: KubeObject & NamespaceFields = {
      ...ns,
      metadata: { ...ns.metadata, deletionTimestamp: nowTimestamp(now), deletionGracePeriodSeconds: 0 },
      status: { ...ns.status, phase: 'Terminating' },
    };
    return { action: 'update', obj: updated };
  }
  if ((ns.spec?.finalizers ?? []).length > 0 || (ns.metadata.finalizers ?? []).length > 0) return { action: 'none' };
  return { action: 'delete' };
};
