// The field manager (upstream fieldmanager.FieldManager and its wrappers, Kubernetes 1.25): keeps
// `metadata.managedFields` on every write (1-conventions "Patch and server-side apply" rules 2-6).
// - updates (create, update, non-apply patch, subresources): the writer owns what it changed; the
//   client's own managedFields are taken when valid and non-empty (an empty list keeps the stored
//   ones); `[{}]` resets them, and the writer then owns only what that same request changed (rule 3);
//   an object without managedFields is not tracked again until an apply (upstream skipNonApplied);
//   errors never fail the write: managedFields are then dropped (upstream UpdateNoErrors);
// - apply: merge, prune, conflicts (409), the client-side-apply migration of `kubectl`.
// The set of each change never holds type meta or system metadata (upstream stripMeta).
import { nowTimestamp } from '../../apis/meta/v1/time.js';
import type { KubeObject, ManagedFieldsEntry } from '../../apis/meta/v1/types.js';
import { internalError } from '../../errors/status-error.js';
import { ApplyTypeError, type ApplyType } from './apply-type.js';
import { capUpdateManagers } from './cap-managers.js';
import { conflictError } from './conflicts.js';
import { createdFieldsV1 } from './created-fields.js';
import { difference, isEmptySet, setOf, union, type FieldSet } from './field-set.js';
import { applyAsKubectl } from './last-applied.js';
import { decodeManagedFields, emptyManaged, encodeEntry, encodeManagedFields, isResetManagedFields, managerIdentifier, type Managed } from './managed-fields.js';
import { cloneJson } from './merge.js';
import { fieldElement } from './path-element.js';
import { ApplyConflictError, applyOwnership, updateOwnership, type ManagedFields } from './updater.js';

/** What the field manager needs to know about the request. */
export interface FieldManagerScope {
  /** Merge type of the kind (applyTypeOf(def.schema)). */
  type: ApplyType;
  /** `group/version` of the request (`v1` for the core group). */
  apiVersion: string;
  /** '' for the main resource, else `status`, `finalize`, ... */
  subresource: string;
  /** Fields the strategy resets for this (sub)resource: never owned, never in conflict. */
  ignored?: FieldSet;
  /** The time recorded for changes (second precision on the wire). */
  now: Date;
  /**
   * The kind's zero object as Go writes it (`spec: {template: {metadata: {creationTimestamp: null}}}`), what
   * upstream compares a create with (the typed object its creater makes); not to be changed.
   */
  zero?: Record<string, unknown>;
}

const f = fieldElement;
/** Fields never owned (upstream stripMetaManager). */
const STRIP_SET = setOf(
  [f('apiVersion')],
  [f('kind')],
  [f('metadata')],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map((n) => [f('metadata'), f(n)]),
);

const CURRENT_OPERATION = 'current-operation';
const BEFORE_FIRST_APPLY = 'before-first-apply';

/** The object without managedFields, sharing everything else (comparisons never see them). */
export function withoutManagedFields(obj: KubeObject): KubeObject {
  const { managedFields: _ignored, ...metadata } = obj.metadata ?? {};
  return { ...obj, metadata };
}

// Top-level structs that Go kinds hold by value: upstream always sees them, `{}` when empty.
const VALUE_STRUCTS = ['spec', 'status'];

/**
 * What the field manager compares: the object without managedFields, and with `spec`/`status`
 * present (`{}`) where the kind declares them as structs. Upstream compares Go objects, in which
 * these are never absent; without this, `kubectl create ns` would own an empty `spec`. No object
 * (a create) is the kind's zero object when known, so the structs Go always writes (a template's
 * metadata, its zero `creationTimestamp`) are not taken as set by the writer.
 */
export function comparableView(obj: KubeObject | undefined, type: ApplyType, zero?: Record<string, unknown>): KubeObject {
  const view = obj ? withoutManagedFields(obj) : { ...zero, metadata: {} };
  if (type.kind !== 'map') return view;
  for (const name of VALUE_STRUCTS) {
    const field = type.fields.get(name);
    if (field?.kind === 'map' && field.fields.size > 0 && (view[name] === undefined || view[name] === null)) view[name] = {};
  }
  return view;
}

function stripFields(fields: ManagedFields, manager: string): void {
  const owned = fields.get(manager);
  if (!owned) return;
  const set = difference(owned.set, STRIP_SET);
  if (isEmptySet(set)) fields.delete(manager);
  else fields.set(manager, { ...owned, set });
}

/**
 * One update as `manager` (upstream capManagers -> buildManagerInfo -> managedFieldsUpdater ->
 * stripMeta -> structured merge): changes go to a temporary manager first, then join the real one,
 * whose time is set only when something changed.
 */
export function runUpdate(scope: FieldManagerScope, live: unknown, obj: unknown, managed: Managed, manager: string): Managed {
  const id = updaterIdentifier(scope, manager);
  const fields = updateOwnership({ type: scope.type, ignored: scope.ignored }, live, obj, scope.apiVersion, managed.fields, CURRENT_OPERATION);
  stripFields(fields, CURRENT_OPERATION);
  const times = new Map(managed.times);
  const current = fields.get(CURRENT_OPERATION);
  if (current) {
    fields.delete(CURRENT_OPERATION);
    const previous = fields.get(id);
    fields.set(id, { set: previous ? union(current.set, previous.set) : current.set, apiVersion: current.apiVersion, applied: false });
    times.set(id, nowTimestamp(scope.now));
  }
  const result: Managed = { fields, times };
  if (managed.originals) result.originals = managed.originals;
  capUpdateManagers(result);
  return result;
}

function updaterIdentifier(scope: FieldManagerScope, manager: string): string {
  return managerIdentifier({ manager: manager || 'unknown', operation: 'Update', apiVersion: scope.apiVersion, subresource: scope.subresource });
}

/**
 * runUpdate's entries for a create from no ownership, without building sets (createdFieldsV1):
 * the writer's entry, or none when it owns nothing. Undefined for a kind whose root is no struct.
 */
function createdEntries(scope: FieldManagerScope, obj: KubeObject, manager: string): ManagedFieldsEntry[] | undefined {
  const type = scope.type;
  if (type.kind !== 'map' || type.atomic) return undefined;
  const fieldsV1 = createdFieldsV1(type, comparableView(undefined, type, scope.zero), comparableView(obj, type), scope.ignored, STRIP_SET);
  if (Object.keys(fieldsV1).length === 0) return [];
  return [encodeEntry(updaterIdentifier(scope, manager), { apiVersion: scope.apiVersion, applied: false }, nowTimestamp(scope.now), fieldsV1)];
}

/** The managed fields an update starts from, and whether the client asked for a reset. */
function startingManaged(scope: FieldManagerScope, live: KubeObject | undefined, obj: KubeObject): { managed: Managed; reset: boolean } {
  const fromLive = (): Managed => {
    try {
      return decodeManagedFields(live?.metadata.managedFields);
    } catch {
      return emptyManaged();
    }
  };
  // Subresources never take managedFields from the request (upstream ignoreManagedFieldsFromRequestObject).
  if (scope.subresource) return { managed: fromLive(), reset: false };
  const sent = obj.metadata.managedFields;
  if (isResetManagedFields(sent)) return { managed: emptyManaged(), reset: true };
  try {
    const decoded = decodeManagedFields(sent);
    if (decoded.fields.size > 0) return { managed: decoded, reset: false };
  } catch {
    // Invalid managedFields from a client: keep the live ones (upstream decodeManagedFields).
  }
  return { managed: fromLive(), reset: false };
}

/**
 * Writes `managed` into the object (or removes managedFields when nobody owns anything). The metadata
 * object is changed in place: callers may hold it.
 */
export function setManagedFields(obj: KubeObject, managed: Managed): void {
  writeEntries(obj, encodeManagedFields(managed));
}

/**
 * Sets managedFields where the object has them, else as metadata's last field. The key order in memory does
 * not reach storage (codec.ts encodes metadata in ObjectMeta's declaration order). Other keys are never
 * deleted and re-added to place it: a delete turns metadata into a slow dictionary object for the rest of the
 * request (encoding, validation, admission; measured 4-9% of a create's CPU).
 */
function writeEntries(obj: KubeObject, entries: ManagedFieldsEntry[]): void {
  const meta = obj.metadata;
  if (entries.length === 0) delete meta.managedFields;
  else meta.managedFields = entries;
}

/**
 * Updates `obj.metadata.managedFields` for a non-apply write of `obj` over `live` (undefined on
 * create) by `manager`. Never throws: on an internal error managedFields are dropped.
 */
export function trackUpdate(scope: FieldManagerScope, live: KubeObject | undefined, obj: KubeObject, manager: string): void {
  try {
    const { managed, reset } = startingManaged(scope, live, obj);
    if (managed.fields.size === 0 && !reset && live?.metadata.uid) {
      setManagedFields(obj, managed);
      return;
    }
    // A create owned by its writer alone: the entry is written directly (the same bytes).
    const created = live === undefined && managed.fields.size === 0 ? createdEntries(scope, obj, manager) : undefined;
    if (created) {
      writeEntries(obj, created);
      return;
    }
    const result = runUpdate(scope, comparableView(live, scope.type, scope.zero), comparableView(obj, scope.type), managed, manager);
    setManagedFields(obj, result);
  } catch {
    delete obj.metadata.managedFields;
  }
}

/** The live object as stored, and the view the comparisons use (without managedFields). */
export interface LiveObject {
  original: KubeObject;
  view: KubeObject;
}

/** The result of one apply: the object to write (with type meta as merged) and the ownership. */
export interface ApplyResult {
  object: KubeObject;
  managed: Managed;
}

/**
 * One apply as `manager` (upstream skipNonApplied -> buildManagerInfo -> managedFieldsUpdater ->
 * stripMeta -> structured merge). `live` is without managedFields.
 */
export function runApply(scope: FieldManagerScope, live: LiveObject, config: KubeObject, managed: Managed, manager: string, force: boolean): ApplyResult {
  let start = managed;
  // Untracked objects: whatever is there now belongs to `before-first-apply` (upstream skipNonApplied).
  if (start.fields.size === 0) start = runUpdate(scope, comparableView(undefined, scope.type, scope.zero), live.view, start, BEFORE_FIRST_APPLY);
  const id = managerIdentifier({ manager, operation: 'Apply', subresource: scope.subresource });
  const outcome = applyOwnership({ type: scope.type, ignored: scope.ignored }, live.view, config, scope.apiVersion, start.fields, id, force);
  stripFields(outcome.managers, id);
  const times = new Map(start.times);
  let object: KubeObject;
  // Unchanged: the live object as it is stored, managedFields still in their place.
  if (outcome.object === undefined) object = cloneJson(live.original);
  else {
    object = outcome.object as KubeObject;
    times.set(id, nowTimestamp(scope.now));
  }
  object.metadata ??= {};
  const result: Managed = { fields: outcome.managers, times };
  if (start.originals) result.originals = start.originals;
  return { object, managed: result };
}

/**
 * Server-side apply of `config` (decoded, without managedFields) over `live` (undefined when the
 * object does not exist yet): the object to write, managedFields included. Throws the 409 conflict
 * StatusError, or a 500 for objects the merge types cannot handle (as upstream does).
 */
export function applyToObject(scope: FieldManagerScope, live: KubeObject | undefined, config: KubeObject, manager: string, force: boolean): KubeObject {
  let managed: Managed;
  try {
    managed = decodeManagedFields(live?.metadata.managedFields);
  } catch (error) {
    throw internalError(`failed to decode managed fields: ${(error as Error).message}`);
  }
  const original: KubeObject = live ?? { metadata: {} };
  const liveObject: LiveObject = { original, view: comparableView(original, scope.type) };
  try {
    const result = manager === 'kubectl' ? applyAsKubectl(scope, liveObject, config, managed, force, runApply) : runApply(scope, liveObject, config, managed, manager, force);
    setManagedFields(result.object, result.managed);
    return result.object;
  } catch (error) {
    if (error instanceof ApplyConflictError) throw conflictError(error.conflicts);
    if (error instanceof ApplyTypeError) throw internalError(`failed to apply: ${error.message}`);
    throw error;
  }
}
