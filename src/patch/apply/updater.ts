// Ownership bookkeeping of structured-merge-diff's merge.Updater (v4, Kubernetes 1.25):
// - update: a non-apply writer takes what it added or modified; others lose it, and what was removed;
// - apply: merge the configuration, take its field set, prune what this applier applied before and
//   dropped now when nobody else owns it (1-conventions rule 6), and fail on changes to fields other
//   managers own unless forced (rules 4-5).
// All managers are compared on the request's version: kinds here have one schema per version.
import type { ApplyType } from './apply-type.js';
import { compareObjects, excludeFields, isSame, type Comparison } from './compare.js';
import { difference, intersection, isEmptySet, recursiveDifference, union, type FieldSet } from './field-set.js';
import { mergeObjects } from './merge.js';
import type { Path } from './path-element.js';
import { removeItems } from './remove.js';
import { toFieldSet } from './to-field-set.js';
import { iteratePaths } from './field-set.js';

/** What one manager owns, at which version, and whether by apply. */
export interface VersionedSet {
  set: FieldSet;
  apiVersion: string;
  applied: boolean;
}

/** Owned sets by manager identifier (see managed-fields.ts). */
export type ManagedFields = Map<string, VersionedSet>;

/** One field another manager owns that the apply would change. */
export interface Conflict {
  manager: string;
  path: Path;
}

/** An apply that changes fields owned by other managers (upstream merge.Conflicts). */
export class ApplyConflictError extends Error {
  override readonly name = 'ApplyConflictError';
  constructor(readonly conflicts: readonly Conflict[]) {
    super(`${conflicts.length} apply conflict(s)`);
  }
}

/** The object's merge type and the fields the strategy resets (never owned, never conflicting). */
export interface UpdaterContext {
  type: ApplyType;
  ignored?: FieldSet;
}

function updateManagers(
  ctx: UpdaterContext,
  oldObject: unknown,
  newObject: unknown,
  managers: ManagedFields,
  workflow: string,
  force: boolean,
): { managers: ManagedFields; comparison: Comparison } {
  const comparison = compareObjects(oldObject, newObject, ctx.type);
  const relevant = excludeFields(comparison, ctx.ignored);
  const changed = union(relevant.modified, relevant.added);
  const conflicts = new Map<string, FieldSet>();
  for (const [manager, owned] of managers) {
    if (manager === workflow) continue;
    const conflictSet = intersection(owned.set, changed);
    if (!isEmptySet(conflictSet)) conflicts.set(manager, conflictSet);
  }
  if (!force && conflicts.size > 0) throw new ApplyConflictError(conflictList(conflicts));
  const out: ManagedFields = new Map();
  for (const [manager, owned] of managers) {
    let set = owned.set;
    if (manager !== workflow) {
      const lost = conflicts.get(manager);
      if (lost) set = difference(set, lost);
      set = difference(set, relevant.removed);
    }
    if (!isEmptySet(set)) out.set(manager, set === owned.set ? owned : { ...owned, set });
  }
  return { managers: out, comparison: relevant };
}

/** Conflicts by manager identifier order, paths in set order. */
function conflictList(conflicts: Map<string, FieldSet>): Conflict[] {
  const out: Conflict[] = [];
  for (const manager of [...conflicts.keys()].sort()) {
    iteratePaths(conflicts.get(manager) as FieldSet, (path) => out.push({ manager, path }));
  }
  return out;
}

/**
 * Ownership after a non-apply write of `newObject` over `liveObject` (upstream Updater.Update):
 * `manager` gains what changed; the result holds no empty sets.
 */
export function updateOwnership(ctx: UpdaterContext, liveObject: unknown, newObject: unknown, version: string, managers: ManagedFields, manager: string): ManagedFields {
  const { managers: out, comparison } = updateManagers(ctx, liveObject, newObject, managers, manager, true);
  const previous = out.get(manager)?.set;
  let set = union(union(previous ?? emptyOf(), comparison.modified), comparison.added);
  set = difference(set, comparison.removed);
  if (ctx.ignored) set = recursiveDifference(set, ctx.ignored);
  if (isEmptySet(set)) out.delete(manager);
  else out.set(manager, { set, apiVersion: version, applied: false });
  return out;
}

function emptyOf(): FieldSet {
  return { members: new Map(), children: new Map() };
}

/** The result of an apply: the new object (undefined when unchanged) and the new ownership. */
export interface ApplyOutcome {
  object: unknown;
  managers: ManagedFields;
}

/**
 * Upstream Updater.Apply: merges `config` over `liveObject`, records `manager`'s applied set,
 * prunes what it no longer applies, and checks conflicts (ApplyConflictError unless `force`).
 */
export function applyOwnership(
  ctx: UpdaterContext,
  liveObject: unknown,
  config: unknown,
  version: string,
  managers: ManagedFields,
  manager: string,
  force: boolean,
): ApplyOutcome {
  let merged: unknown = mergeObjects(liveObject, config, ctx.type) ?? {};
  const lastSet = managers.get(manager);
  let set = toFieldSet(config, ctx.type);
  if (ctx.ignored) set = recursiveDifference(set, ctx.ignored);
  const withApplier: ManagedFields = new Map(managers);
  withApplier.set(manager, { set, apiVersion: version, applied: true });
  if (lastSet && !isEmptySet(lastSet.set)) merged = prune(ctx, merged, withApplier, lastSet.set);
  const { managers: out, comparison } = updateManagers(ctx, liveObject, merged, withApplier, manager, force);
  return { object: isSame(comparison) ? undefined : merged, managers: out };
}

/**
 * Removes what `lastSet` held and nobody (the applier's new set included) owns now, keeping what
 * removal took along only incidentally (upstream prune, addBackOwnedItems, addBackDanglingItems).
 */
function prune(ctx: UpdaterContext, merged: unknown, managers: ManagedFields, lastSet: FieldSet): unknown {
  const t = ctx.type;
  let managed: FieldSet = emptyOf();
  for (const owned of managers.values()) managed = union(managed, owned.set);
  const mergedSet = toFieldSet(merged, t);
  const pruned = removeItems(merged, lastSet, t) ?? {};
  const ownedBack = removeItems(merged, difference(mergedSet, union(toFieldSet(pruned, t), managed)), t) ?? {};
  const dangling = intersection(difference(mergedSet, toFieldSet(ownedBack, t)), lastSet);
  return removeItems(merged, dangling, t) ?? {};
}
