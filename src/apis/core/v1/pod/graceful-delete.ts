// Graceful deletion of pods (upstream podStrategy.CheckGracefulDelete with the generic store's
// rest.BeforeDelete and updateForGracefulDeletionAndFinalizers, 1.25).
// A pod that is not scheduled, or already Succeeded/Failed, is deleted at once; otherwise the grace
// period (DeleteOptions, else spec.terminationGracePeriodSeconds, else 30 by defaulting) moves
// deletionTimestamp that far into the future and the pod stays, Terminating, until the kubelet of its
// node deletes it with a zero grace period. kube-apiserver runs no kubelet and removes nothing on its
// own, so without one a scheduled pod stays Terminating until a delete with gracePeriodSeconds=0.
import type { DeleteOptions } from '../../../meta/v1/types.js';
import type { DeleteDecision } from '../../../../registry/resource-definition.js';
import { nowTimestamp } from '../../../meta/v1/time.js';
import type { Pod } from '../schemas.generated.js';

/** upstream CheckGracefulDelete: the grace period this delete gives the pod. */
export function podGracePeriod(pod: Pod, options: DeleteOptions): number {
  let period = options.gracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 0;
  if (!pod.spec?.nodeName) period = 0;
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}

const hasFinalizers = (pod: Pod): boolean => (pod.metadata.finalizers ?? []).length > 0;

/** `timestamp` moved by `seconds`, in the wire form (RFC 3339, seconds). */
function shifted(timestamp: string, seconds: number): string {
  return nowTimestamp(new Date(Date.parse(timestamp) + seconds * 1000));
}

/** The pod with a deletion pending: deletionTimestamp and deletionGracePeriodSeconds set. */
function withDeletion(pod: Pod, deletionTimestamp: string, grace: number, bumpGeneration: boolean): Pod {
  const metadata = { ...pod.metadata, deletionTimestamp, deletionGracePeriodSeconds: grace };
  if (bumpGeneration && (metadata.generation ?? 0) > 0) metadata.generation = (metadata.generation ?? 0) + 1;
  return { ...pod, metadata };
}

/** A zero grace period deletes now (after writing the mark, as upstream), unless finalizers keep the pod. */
function decide(updated: Pod, grace: number): DeleteDecision {
  if (hasFinalizers(updated) || grace > 0) return { action: 'update', obj: updated };
  return { action: 'delete', marked: updated };
}

/** A pod already being deleted: only a shorter grace period changes anything. */
function deleteAgain(pod: Pod, requested: number | undefined, now: Date): DeleteDecision {
  const deletionTimestamp = pod.metadata.deletionTimestamp ?? nowTimestamp(now);
  const current = pod.metadata.deletionGracePeriodSeconds;
  if (current === undefined || current === 0) {
    // Graceless: finalizers keep it (deletionTimestamp not later than now), otherwise it goes now.
    if (!hasFinalizers(pod)) return { action: 'delete' };
    const nowText = nowTimestamp(now);
    const earlier = Date.parse(deletionTimestamp) > now.getTime() ? nowText : deletionTimestamp;
    return earlier === deletionTimestamp && current === 0 ? { action: 'none' } : { action: 'update', obj: withDeletion(pod, earlier, 0, false) };
  }
  const grace = current < 0 ? 1 : current;
  if (requested === undefined || requested >= grace) return { action: 'none' };
  return decide(withDeletion(pod, shifted(deletionTimestamp, requested - grace), requested, false), requested);
}

/** The pod strategy's delete decision (Strategy.prepareForDelete). */
export function preparePodForDelete(pod: Pod, options: DeleteOptions, now: Date): DeleteDecision {
  // upstream BeforeDelete: a negative grace period counts as 1 second.
  const given = options.gracePeriodSeconds;
  const requested = given === undefined ? undefined : given < 0 ? 1 : given;
  if (pod.metadata.deletionTimestamp) return deleteAgain(pod, requested, now);
  const grace = podGracePeriod(pod, requested === undefined ? {} : { gracePeriodSeconds: requested });
  return decide(withDeletion(pod, nowTimestamp(new Date(now.getTime() + grace * 1000)), grace, true), grace);
}
