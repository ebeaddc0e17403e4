// The merge types of server-side apply, read once per schema from the kind's compiled schema
// (1-conventions "Patch and server-side apply" rule 7; upstream kube-openapi schemaconv):
// - lists: `x-kubernetes-list-type` atomic / set / map (keys from `x-kubernetes-list-map-keys`); without
//   a list type, patch strategy `merge` reads as `map` keyed by the patch merge key (a `set` for
//   scalar items); any other list is atomic;
// - maps and structs: granular unless `x-kubernetes-map-type: atomic`;
// - free-form values (preserve-unknown-fields, `{type: object}`) are "deduced" from the value:
//   maps granular, lists atomic, everything else a scalar.
import type { TSchema } from '@sinclair/typebox';
import { compileSchema, type SchemaNode } from '../../schema/compile.js';
import { listMapKeys, listType, mapType, patchMergeKey, patchStrategies, type JsonSchema } from '../../schema/schema-utils.js';

export interface ScalarType {
  readonly kind: 'scalar';
}

/** A free-form value: its type follows the value. */
export interface DeducedType {
  readonly kind: 'deduced';
}

export interface ListType {
  readonly kind: 'list';
  relation: 'atomic' | 'set' | 'map';
  /** Key fields of a `map` list. */
  keys: string[];
  /** Schema defaults of key fields (upstream uses them for items that omit a key). */
  keyDefaults: Map<string, unknown>;
  item: ApplyType;
}

export interface MapType {
  readonly kind: 'map';
  atomic: boolean;
  /** Declared struct fields (empty for a `map[string]V`). */
  fields: Map<string, ApplyType>;
  /** Declared fields in schema order (the order merged objects are written in). */
  order: string[];
  /** Type of keys that are not declared fields. */
  element: ApplyType;
  /** True for `map[string]V`: keys are written sorted, as Go writes maps. */
  sortKeys: boolean;
}

export type ApplyType = ScalarType | DeducedType | ListType | MapType;

export const SCALAR: ScalarType = { kind: 'scalar' };
export const DEDUCED: DeducedType = { kind: 'deduced' };
const DEDUCED_MAP: MapType = { kind: 'map', atomic: false, fields: new Map(), order: [], element: DEDUCED, sortKeys: false };
const DEDUCED_LIST: ListType = { kind: 'list', relation: 'atomic', keys: [], keyDefaults: new Map(), item: DEDUCED };

/** A value that the merge types cannot handle (duplicate list keys, missing key fields, ...). */
export class ApplyTypeError extends Error {
  override readonly name = 'ApplyTypeError';
}

const cache = new WeakMap<SchemaNode, ApplyType>();

/** The merge type of a kind's root schema (computed once per schema). */
export function applyTypeOf(schema: TSchema | JsonSchema): ApplyType {
  return typeOfNode(compileSchema(schema as JsonSchema));
}

function typeOfNode(node: SchemaNode): ApplyType {
  const hit = cache.get(node);
  if (hit) return hit;
  switch (node.kind) {
    case 'object':
      return objectType(node);
    case 'map': {
      const t: MapType = { kind: 'map', atomic: mapType(node.schema) === 'atomic', fields: new Map(), order: [], element: DEDUCED, sortKeys: true };
      cache.set(node, t);
      t.element = typeOfNode(node.values);
      return t;
    }
    case 'array':
      return arrayType(node);
    case 'any':
      return DEDUCED;
    default:
      return SCALAR;
  }
}

function objectType(node: Extract<SchemaNode, { kind: 'object' }>): MapType {
  const t: MapType = { kind: 'map', atomic: mapType(node.schema) === 'atomic', fields: new Map(), order: node.order, element: DEDUCED, sortKeys: false };
  cache.set(node, t);
  for (const [name, field] of node.fields) t.fields.set(name, typeOfNode(field));
  return t;
}

function arrayType(node: Extract<SchemaNode, { kind: 'array' }>): ListType {
  const t: ListType = { kind: 'list', relation: 'atomic', keys: [], keyDefaults: new Map(), item: DEDUCED };
  cache.set(node, t);
  t.item = typeOfNode(node.items);
  const itemIsObject = node.items.kind === 'object' || node.items.kind === 'map';
  const declared = listType(node.schema);
  const mergeKey = patchMergeKey(node.schema);
  if (declared === 'map' || declared === 'set') {
    t.relation = declared;
    if (declared === 'map') t.keys = listMapKeys(node.schema);
  } else if (declared === undefined && patchStrategies(node.schema).includes('merge')) {
    // No list type: a merge strategy means an associative list (upstream schemaconv).
    t.relation = mergeKey ? 'map' : 'set';
    if (mergeKey) t.keys = [mergeKey];
  }
  // Objects keyed by nothing cannot be told apart: upstream rejects them, we keep them atomic.
  if ((t.relation === 'map' && t.keys.length === 0) || (t.relation === 'set' && itemIsObject)) t.relation = 'atomic';
  if (t.relation === 'map' && node.items.kind === 'object') {
    for (const key of t.keys) {
      const field = node.items.fields.get(key);
      if (field && field.defaultValue !== undefined) t.keyDefaults.set(key, field.defaultValue);
    }
  }
  return t;
}

/** The concrete type of `value` under `declared`: deduced types follow the value's JSON shape. */
export function resolveType(declared: ApplyType, value: unknown): Exclude<ApplyType, DeducedType> {
  if (declared.kind !== 'deduced') return declared;
  if (Array.isArray(value)) return DEDUCED_LIST;
  if (typeof value === 'object' && value !== null) return DEDUCED_MAP;
  return SCALAR;
}

/** The type of field `name` of a map or struct. */
export function fieldType(t: MapType, name: string): ApplyType {
  return t.fields.get(name) ?? t.element;
}

/** True when `name` is a declared struct field (upstream only tracks other keys themselves). */
export function isDeclaredField(t: MapType, name: string): boolean {
  return t.fields.has(name);
}

/** The value as a JSON object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
