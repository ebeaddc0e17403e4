// The pvc-protection controller (upstream pkg/controller/volume/pvcprotection, 1.25): a claim being deleted keeps
// its `kubernetes.io/pvc-protection` finalizer while a scheduled pod uses it, and loses it once none does; a
// claim without the finalizer (made before StorageObjectInUseProtection was on) gets it.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod } from '../../apis/core/v1/schemas.generated.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';
import { PVC_PROTECTION_FINALIZER, isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from './finalizers.js';

export interface PVCProtectionDeps {
  claims: ResourceRef;
  pods: ResourceRef;
}

/** podIsShutDown: done with by its kubelet, or force-deleted (a deletion with a zero grace period). */
const isShutDown = (pod: Pod): boolean => Boolean(pod.metadata.deletionTimestamp) && pod.metadata.deletionGracePeriodSeconds === 0;

/** upstream podUsesPVC: a scheduled pod with a volume of the claim, or a generic ephemeral volume it owns. */
function podUsesClaim(pod: Pod, claim: Readonly<KubeObject>): boolean {
  if (!pod.spec?.nodeName) return false;
  return (pod.spec.volumes ?? []).some((volume) => {
    if (volume.persistentVolumeClaim?.claimName === claim.metadata.name) return true;
    if (!volume.ephemeral || isShutDown(pod) || `${pod.metadata.name}-${volume.name}` !== claim.metadata.name) return false;
    // ephemeral.VolumeIsForPod: the claim is the pod's, by its controller reference.
    return (claim.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === pod.metadata.uid);
  });
}

/** The claims a pod's volumes name (enqueuePVCs), `namespace/name`. */
function claimKeys(pod: Pod): string[] {
  const namespace = pod.metadata.namespace ?? '';
  return (pod.spec?.volumes ?? []).flatMap((volume) => {
    if (volume.persistentVolumeClaim) return [`${namespace}/${volume.persistentVolumeClaim.claimName}`];
    if (volume.ephemeral) return [`${namespace}/${pod.metadata.name ?? ''}-${volume.name}`];
    return [];
  });
}

export function pvcProtectionController(context: ControllerContext, deps: PVCProtectionDeps): Controller {
  const claims = followed(context, deps.claims);
  const pods = followed(context, deps.pods);
  /** isBeingUsed: the informer's pods first, then (to be sure) a live list of the namespace's. */
  const inUse = async (claim: Readonly<KubeObject>): Promise<boolean> => {
    const namespace = claim.metadata.namespace ?? '';
    if (pods.informer.list(namespace).some((pod) => podUsesClaim(pod as Pod, claim))) return true;
    const live = await pods.client.list(namespace);
    return live.items.some((pod) => podUsesClaim(pod as Pod, claim));
  };
  /** processPVC. */
  const sync = async (key: string): Promise<void> => {
    const [namespace = '', name = ''] = key.split('/');
    const claim = claims.informer.get(namespace, name);
    if (!claim) return;
    try {
      if (isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
        if (!(await inUse(claim))) await claims.client.replace(namespace, withoutFinalizer(claim, PVC_PROTECTION_FINALIZER));
        return;
      }
      if (needsFinalizer(claim, PVC_PROTECTION_FINALIZER)) await claims.client.replace(namespace, withFinalizer(claim, PVC_PROTECTION_FINALIZER));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  };
  const queueClaim = (claim: Readonly<KubeObject>, queue: { add(key: string): void }): void => {
    if (isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER) || needsFinalizer(claim, PVC_PROTECTION_FINALIZER)) queue.add(`${claim.metadata.namespace ?? ''}/${claim.metadata.name ?? ''}`);
  };
  return queueController('pvc-protection', [
    { informer: claims.informer, onObject: (claim, type, queue) => type !== 'DELETED' && queueClaim(claim, queue) },
    // A pod that goes or changes may release the claims it names.
    { informer: pods.informer, onObject: (pod, _type, queue) => claimKeys(pod as Pod).forEach((key) => queue.add(key)) },
  ], sync);
}
