// The pvc-protection controller (upstream pkg/controller/volume/pvcprotection, 1.25): a claim being deleted keeps
// its `kubernetes.io/pvc-protection` finalizer while a scheduled pod uses it, and loses it once none does; a
// claim without the finalizer (made before StorageObjectInUseProtection was on) gets it.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Pod } from '../../apis/core/v1/schemas.generated.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController, type Followed } from '../queue-controller.js';
import type { WorkQueue } from '../work-queue.js';
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
  const podsClient = context.clients.resource(deps.pods);
  // Pods are followed from the first claim on: in-process, a pod informer parses every pod written, which a
  // cluster without claims should not pay for (upstream's controller-manager is another process).
  let pods: Followed | undefined;
  const followPods = (queue: WorkQueue): void => {
    if (pods) return;
    pods = followed(context, deps.pods);
    // A pod that goes or changes may release the claims it names.
    const onPod = (pod: Readonly<KubeObject>): void => claimKeys(pod as Pod).forEach((key) => queue.add(key));
    pods.informer.addHandlers({ onAdd: onPod, onUpdate: (_old, pod) => onPod(pod), onDelete: onPod });
  };
  /** isBeingUsed: the informer's pods first, then (to be sure) a live list of the namespace's. */
  const inUse = async (claim: Readonly<KubeObject>): Promise<boolean> => {
    const namespace = claim.metadata.namespace ?? '';
    if (pods?.informer.list(namespace).some((pod) => podUsesClaim(pod as Pod, claim))) return true;
    const live = await podsClient.list(namespace);
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
  return queueController('pvc-protection', [{
    informer: claims.informer,
    onObject: (claim, type, queue) => {
      followPods(queue);
      if (type !== 'DELETED') queueClaim(claim, queue);
    },
  }], sync);
}
