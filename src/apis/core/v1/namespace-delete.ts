// Namespace deletion (upstream namespace REST Delete): the first delete only marks the namespace
// Terminating; the namespace controller empties it and clears spec.finalizers through `finalize`;
// a delete after that removes it (once metadata.finalizers are empty too).
import type { DeleteOptions, KubeObject } from '../../meta/v1/types.js';
import { nowTimestamp } from '../../../registry/object-meta-fields.js';
import type { DeleteDecision } from '../../../registry/resource-definition.js';

interface NamespaceFields {
  spec?: { finalizers?: string[] };
  status?: { phase?: string };
}

/** The namespace strategy's delete decision (Strategy.prepareForDelete). */
export function prepareNamespaceForDelete(obj: KubeObject, _options: DeleteOptions, now: Date): DeleteDecision {
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
}
