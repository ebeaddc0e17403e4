// Delete (1-conventions: deletion lifecycle): an object with finalizers becomes Terminating
// (deletionTimestamp set, 200 with the object); one without is removed (200 with a Status, or the
// object for kinds that return it). Preconditions on uid and resourceVersion answer 409.
import { conflict, notFound, type GroupResource } from '../../errors/status-error.js';
import { writeAttributes } from './admission-attributes.js';
import { isStorageError } from '../../storage/errors.js';
import type { DeleteOptions, KubeObject } from '../../apis/meta/v1/types.js';
import { nowTimestamp } from '../object-meta-fields.js';
import type { DeleteDecision, ResourceDefinition } from '../resource-definition.js';
import { decodeObject, encodeObject } from './codec.js';
import { deletionFinalizersForGarbageCollection } from './gc-finalizers.js';
import type { DeleteResult, StoreDeps, WriteOptions } from './types.js';
import { checkWriteDeadline } from './deadline.js';

// Upstream retries until it wins; the bound only guards against a livelock bug.
const MAX_ATTEMPTS = 1000;

/** Generic decision: finalizers keep the object Terminating; otherwise delete now. */
export function defaultDeleteDecision(obj: KubeObject, now: Date): DeleteDecision {
  if ((obj.metadata.finalizers ?? []).length === 0) return { action: 'delete' };
  if (obj.metadata.deletionTimestamp) return { action: 'none' };
  const meta = { ...obj.metadata, deletionTimestamp: nowTimestamp(now), deletionGracePeriodSeconds: 0 };
  if (meta.generation !== undefined) meta.generation += 1;
  return { action: 'update', obj: { ...obj, metadata: meta } };
}

/** Whether a graceful deletion is pending (a pod waiting for its kubelet): finalizers then stay as they are (upstream). */
const gracefulPending = (obj: KubeObject): boolean => obj.metadata.deletionTimestamp !== undefined && (obj.metadata.deletionGracePeriodSeconds ?? 0) > 0;

/**
 * The kind's decision on the object with the garbage collector's finalizers this delete calls for (upstream
 * updateForGracefulDeletionAndFinalizers): a change of finalizers alone is written, even on an object
 * already Terminating; a delete that leaves no finalizer removes the object.
 */
function deleteDecision(def: ResourceDefinition, obj: KubeObject, options: DeleteOptions, now: Date): DeleteDecision {
  const policy = def.strategy.garbageCollectionPolicy ?? 'DeleteDependents';
  const finalizers = gracefulPending(obj) ? undefined : deletionFinalizersForGarbageCollection(policy, obj.metadata.finalizers ?? [], options);
  const target = finalizers ? { ...obj, metadata: { ...obj.metadata, finalizers } } : obj;
  if (finalizers?.length === 0) delete target.metadata.finalizers;
  const decision = def.strategy.prepareForDelete?.(target, options, now) ?? defaultDeleteDecision(target, now);
  return finalizers && decision.action === 'none' ? { action: 'update', obj: target } : decision;
}

function checkPreconditions(gr: GroupResource, obj: KubeObject, options: DeleteOptions): void {
  const name = obj.metadata.name ?? '';
  const { uid, resourceVersion } = options.preconditions ?? {};
  if (uid && uid !== obj.metadata.uid)
    throw conflict(gr, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${obj.metadata.uid ?? ''}`);
  if (resourceVersion && resourceVersion !== obj.metadata.resourceVersion)
    throw conflict(gr, name, `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${obj.metadata.resourceVersion ?? ''}`);
}

export async function deleteObject(
  def: ResourceDefinition,
  gr: GroupResource,
  deps: StoreDeps,
  namespace: string,
  name: string,
  options: DeleteOptions,
  write: WriteOptions,
  fromStored: (obj: KubeObject) => KubeObject,
): Promise<DeleteResult> {
  const { backend, keys } = deps.storage;
  const key = keys.objectKey(namespace, name);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await backend.get(key);
    if (!current) throw notFound(gr, name);
    const obj = fromStored(decodeObject(current));
    checkPreconditions(gr, obj, options);
    // Upstream's delete handler runs mutating admission too (NodeRestriction decides deletes there).
    const target = { namespace: write.collection?.namespace ?? namespace, name: write.collection ? '' : name, subresource: '', oldObject: obj };
    const attributes = writeAttributes('DELETE', def, target, write, options);
    await deps.admission.mutate(attributes);
    await deps.admission.validate(attributes);
    const now = deps.now?.() ?? new Date();
    const decision = deleteDecision(def, obj, options, now);
    if (decision.action === 'none' || write.dryRun) return { object: decision.action === 'update' ? decision.obj : obj, deleted: decision.action === 'delete' };
    checkWriteDeadline(write.deadline);
    try {
      if (decision.action === 'delete') {
        const last = decision.marked ?? obj;
        // A lost race after the mark is retried on the marked object, which then goes at once.
        const modRevision = decision.marked ? (await backend.update(key, encodeObject(decision.marked), current.modRevision)).modRevision : current.modRevision;
        const { revision } = await backend.delete(key, modRevision);
        last.metadata.resourceVersion = String(revision);
        await deps.hooks?.afterDelete?.(last); // upstream AfterDelete (services give back their allocations)
        return { object: last, deleted: true };
      }
      const kv = await backend.update(key, encodeObject(decision.obj), current.modRevision);
      decision.obj.metadata.resourceVersion = String(kv.modRevision);
      return { object: decision.obj, deleted: false };
    } catch (error) {
      if (isStorageError(error, 'Conflict') || isStorageError(error, 'KeyNotFound')) continue;
      throw error;
    }
  }
  throw conflict(gr, name, 'too many concurrent updates; please try again');
}
