// Field ownership on every write (1-conventions "Patch and server-side apply" rules 2-4): the store
// records `metadata.managedFields` for creates, updates, non-apply patches and subresource updates
// after defaulting and before admission, as upstream's handlers call the field manager. Applies
// compute managedFields themselves (WriteOptions.apply) and are left alone here.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { applyTypeOf, fieldElement, managerOrUserAgent, setOf, trackUpdate, type FieldManagerScope, type FieldSet } from '../../patch/apply/index.js';
import type { ResourceDefinition } from '../resource-definition.js';
import type { WriteOptions } from './types.js';
import { objectSubresource } from '../subresource.js';
import { compileSchema } from '../../schema/compile.js';
import { zeroStruct } from '../../schema/go-encoding.js';
import type { JsonSchema } from '../../schema/schema-utils.js';

const resetFieldsCache = new WeakMap<ResourceDefinition, Map<string, FieldSet | undefined>>();
const zeroObjects = new WeakMap<ResourceDefinition, Record<string, unknown>>();

/** The kind's zero object as Go writes it, made once per kind (the field manager only reads it). */
function zeroObject(def: ResourceDefinition): Record<string, unknown> | undefined {
  let zero = zeroObjects.get(def);
  if (zero === undefined) {
    const root = compileSchema(def.schema as JsonSchema);
    if (root.kind !== 'object') return undefined;
    zero = zeroStruct(root, 0, true);
    zeroObjects.set(def, zero);
  }
  return zero;
}

/**
 * Fields a strategy resets for a (sub)resource, never owned and never in conflict (upstream
 * GetResetFields): `status` for the main resource of kinds with a status subresource, `spec` for
 * the status subresource, `status` for `finalize`.
 */
export function resetFields(def: ResourceDefinition, subresource: string): FieldSet | undefined {
  let perDef = resetFieldsCache.get(def);
  if (!perDef) {
    perDef = new Map();
    resetFieldsCache.set(def, perDef);
  }
  if (perDef.has(subresource)) return perDef.get(subresource);
  const fields = subresource
    ? (objectSubresource(def, subresource)?.resetFields ?? [])
    : (def.subresources ?? []).flatMap((s) => (s.type === 'object' ? (s.resetOnMainResource ?? []) : []));
  // One path per top-level field (status subresources of some kinds reset both metadata and spec).
  const set = fields.length === 0 ? undefined : setOf(...fields.map((f) => [fieldElement(f)]));
  perDef.set(subresource, set);
  return set;
}

/** What the field manager needs for a write of `def` (merge type compiled once per schema). */
export function fieldManagerScope(def: ResourceDefinition, subresource: string, now: Date): FieldManagerScope {
  const scope: FieldManagerScope = {
    type: applyTypeOf(def.schema),
    apiVersion: def.group ? `${def.group}/${def.version}` : def.version,
    subresource,
    now,
    zero: zeroObject(def),
  };
  const ignored = resetFields(def, subresource);
  if (ignored) scope.ignored = ignored;
  return scope;
}

/**
 * Records the writer's ownership in `obj` (a create when `live` is undefined). The manager is the
 * request's `fieldManager`, else derived from its user agent; applies are skipped.
 */
export function recordManagedFields(
  def: ResourceDefinition,
  live: KubeObject | undefined,
  obj: KubeObject,
  options: WriteOptions & { subresource?: string },
  now: Date,
): void {
  if (options.apply) return;
  const scope = fieldManagerScope(def, options.subresource ?? '', now);
  if (options.managedFieldsSubresource) scope.subresource = options.managedFieldsSubresource;
  trackUpdate(scope, live, obj, managerOrUserAgent(options.fieldManager, options.userAgent));
}

/**
 * The ServerSideApply gate off: what upstream 1.25's BeforeCreate and BeforeUpdate do instead of the field
 * manager, which is not set up. managedFields a client sent are not stored, and an update drops those
 * the stored object had, from the old object too (admission and the strategies see the old object so).
 */
export function dropManagedFields(obj: KubeObject, old?: KubeObject): void {
  delete obj.metadata.managedFields;
  if (old) delete old.metadata.managedFields;
}
