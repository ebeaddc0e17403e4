// The pv-protection controller (upstream pkg/controller/volume/pvprotection, 1.25): a PersistentVolume being
// deleted keeps its `kubernetes.io/pv-protection` finalizer while it is Bound, and loses it once it is not; a
// volume without the finalizer gets it.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';
import { PV_PROTECTION_FINALIZER, isDeletionCandidate, needsFinalizer, withFinalizer, withoutFinalizer } from './finalizers.js';

export interface PVProtectionDeps {
  volumes: ResourceRef;
}

/** isBeingUsed: the volume controller marks a volume in use by a claim Bound. */
const isBound = (pv: Readonly<KubeObject>): boolean => (pv['status'] as { phase?: string } | undefined)?.phase === 'Bound';

export function pvProtectionController(context: ControllerContext, deps: PVProtectionDeps): Controller {
  const volumes = followed(context, deps.volumes);
  /** processPV. */
  const sync = async (name: string): Promise<void> => {
    const pv = volumes.informer.get('', name);
    if (!pv) return;
    try {
      if (isDeletionCandidate(pv, PV_PROTECTION_FINALIZER)) {
        if (!isBound(pv)) await volumes.client.replace('', withoutFinalizer(pv, PV_PROTECTION_FINALIZER));
        return;
      }
      if (needsFinalizer(pv, PV_PROTECTION_FINALIZER)) await volumes.client.replace('', withFinalizer(pv, PV_PROTECTION_FINALIZER));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  };
  return queueController('pv-protection', [{
    informer: volumes.informer,
    onObject: (pv, type, queue) => {
      if (type !== 'DELETED' && (isDeletionCandidate(pv, PV_PROTECTION_FINALIZER) || needsFinalizer(pv, PV_PROTECTION_FINALIZER))) queue.add(pv.metadata.name ?? '');
    },
  }], sync);
}
