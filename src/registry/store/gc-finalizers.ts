// The finalizers a delete leaves for the garbage collector (upstream 1.25 registry Store
// deletionFinalizersForGarbageCollection, shouldOrphanDependents, shouldDeleteDependents): `orphan` asks it
// to remove the owner's references from its dependents, `foregroundDeletion` to delete the blocking
// dependents first. In priority order: the request's options, the finalizers the object already has, the
// kind's default policy.
import type { DeleteOptions } from '../../apis/meta/v1/types.js';
import type { GarbageCollectionPolicy } from '../resource-definition.js';

/** metav1.FinalizerOrphanDependents. */
export const ORPHAN_FINALIZER = 'orphan';
/** metav1.FinalizerDeleteDependents. */
export const FOREGROUND_FINALIZER = 'foregroundDeletion';

function shouldOrphan(policy: GarbageCollectionPolicy, finalizers: readonly string[], options: DeleteOptions): boolean {
  if (policy === 'Unsupported') return false;
  if (options.orphanDependents !== undefined) return options.orphanDependents;
  if (options.propagationPolicy !== undefined) return options.propagationPolicy === 'Orphan';
  for (const f of finalizers) {
    if (f === ORPHAN_FINALIZER) return true;
    if (f === FOREGROUND_FINALIZER) return false;
  }
  return policy === 'OrphanDependents';
}

function shouldDeleteDependents(policy: GarbageCollectionPolicy, finalizers: readonly string[], options: DeleteOptions): boolean {
  if (policy === 'Unsupported') return false;
  if (options.orphanDependents !== undefined) return false;
  if (options.propagationPolicy !== undefined) return options.propagationPolicy === 'Foreground';
  for (const f of finalizers) {
    if (f === FOREGROUND_FINALIZER) return true;
    if (f === ORPHAN_FINALIZER) return false;
  }
  return false;
}

/**
 * The object's finalizers after this delete, or undefined when they stay as they are (compared as sets,
 * as upstream): both GC finalizers are dropped, then the one the options call for is appended.
 */
export function deletionFinalizersForGarbageCollection(policy: GarbageCollectionPolicy, finalizers: readonly string[], options: DeleteOptions): string[] | undefined {
  const next = finalizers.filter((f) => f !== ORPHAN_FINALIZER && f !== FOREGROUND_FINALIZER);
  if (shouldOrphan(policy, finalizers, options)) next.push(ORPHAN_FINALIZER);
  if (shouldDeleteDependents(policy, finalizers, options)) next.push(FOREGROUND_FINALIZER);
  const before = new Set(finalizers);
  const after = new Set(next);
  const same = before.size === after.size && [...after].every((f) => before.has(f));
  return same ? undefined : next;
}
