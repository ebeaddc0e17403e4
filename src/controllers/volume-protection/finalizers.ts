// The protection finalizers' rules (upstream pkg/util/protectionutil) for the pvc-protection and pv-protection
// controllers.
import type { KubeObject } from '../../apis/meta/v1/types.js';

export { PV_PROTECTION_FINALIZER, PVC_PROTECTION_FINALIZER } from '../../apis/core/v1/storage-protection.js';

/** protectionutil.IsDeletionCandidate: being deleted, and still holding the finalizer. */
export const isDeletionCandidate = (obj: Readonly<KubeObject>, finalizer: string): boolean =>
  Boolean(obj.metadata.deletionTimestamp) && (obj.metadata.finalizers ?? []).includes(finalizer);

/** protectionutil.NeedToAddFinalizer: not being deleted, and without the finalizer. */
export const needsFinalizer = (obj: Readonly<KubeObject>, finalizer: string): boolean =>
  !obj.metadata.deletionTimestamp && !(obj.metadata.finalizers ?? []).includes(finalizer);

/** A copy of `obj` with the finalizer appended. */
export function withFinalizer(obj: Readonly<KubeObject>, finalizer: string): KubeObject {
  const copy = structuredClone(obj) as KubeObject;
  copy.metadata.finalizers = [...(copy.metadata.finalizers ?? []), finalizer];
  return copy;
}

/** A copy of `obj` without the finalizer (slice.RemoveString: every occurrence). */
export function withoutFinalizer(obj: Readonly<KubeObject>, finalizer: string): KubeObject {
  const copy = structuredClone(obj) as KubeObject;
  const rest = (copy.metadata.finalizers ?? []).filter((f) => f !== finalizer);
  if (rest.length > 0) copy.metadata.finalizers = rest;
  else delete copy.metadata.finalizers;
  return copy;
}
