// Patch metadata from a kind's schema, the way upstream's LookupPatchMeta reads Go struct tags:
// a field's `x-kubernetes-patch-strategy` (possibly `merge,retainKeys`) and
// `x-kubernetes-patch-merge-key`, plus the schema to descend into. Map values carry no metadata;
// fields outside the schema (free-form or preserve-unknown-fields) merge as plain maps.
import {
  type JsonSchema,
  additionalProperties,
  asSchema,
  deref,
  itemsSchema,
  patchMergeKey,
  patchStrategies,
  preservesUnknownFields,
} from '../../schema/schema-utils.js';
import { goFormat } from './go-format.js';
import { mergeError } from './errors.js';

/** A position in the schema: the node (undefined outside the schema) and the root for `$ref`s. */
export interface SchemaCursor {
  node: JsonSchema | undefined;
  root: JsonSchema;
}

/** What the merge needs to know about one field. */
export interface PatchMeta {
  /** The field's schema; for a list, its items' schema. */
  schema: SchemaCursor;
  /** `merge`, `replace` or '' (the strategy besides `retainKeys`). */
  strategy: string;
  mergeKey: string;
}

/** The cursor at the root of a kind's schema. */
export function rootCursor(schema: JsonSchema): SchemaCursor {
  return { node: deref(schema, schema), root: schema };
}

/** The Go struct name upstream prints for a schema (its definition name's last segment). */
function structName(schema: JsonSchema): string {
  const id = schema['$id'];
  return typeof id === 'string' ? id.slice(id.lastIndexOf('.') + 1) : '';
}

/** The field's schema and whether its markers apply (declared struct fields only). */
function fieldSchema(parent: SchemaCursor, key: string): { node: JsonSchema | undefined; declared: boolean } {
  if (!parent.node) return { node: undefined, declared: false };
  const resolved = deref(parent.node, parent.root);
  const declared = asSchema(asSchema(resolved['properties'])?.[key]);
  if (declared) return { node: declared, declared: true };
  const values = additionalProperties(resolved);
  if (values) return { node: values, declared: false };
  if (resolved['properties'] !== undefined && !preservesUnknownFields(resolved)) {
    throw mergeError(`unable to find api field in struct ${structName(resolved)} for the json field "${key}"`);
  }
  return { node: undefined, declared: false };
}

/** upstream extractRetainKeysPatchStrategy: the strategy other than `retainKeys`. */
function strategyOf(strategies: readonly string[]): string {
  const others = strategies.filter((s) => s !== 'retainKeys');
  if (strategies.length > 2 || (strategies.length === 2 && others.length !== 1)) {
    throw mergeError(`unexpected patch strategy: ${goFormat(strategies)}`);
  }
  return others[0] ?? '';
}

/**
 * Metadata of field `key` under `parent` (LookupPatchMetadataForStruct, or ForSlice when `list`,
 * which descends into the items). Throws like upstream for a field a struct does not declare.
 */
export function lookupPatchMeta(parent: SchemaCursor, key: string, list: boolean): PatchMeta {
  const { node, declared } = fieldSchema(parent, key);
  const strategy = node && declared ? strategyOf(patchStrategies(node)) : '';
  const mergeKey = node && declared ? (patchMergeKey(node) ?? '') : '';
  const target = node && list ? itemsSchema(node, parent.root) : node ? deref(node, parent.root) : undefined;
  return { schema: { node: target, root: parent.root }, strategy, mergeKey };
}

/** What upstream names the item type of a list without a merge key (`struct`, `map`). */
export function itemTypeName(items: SchemaCursor): string {
  const node = items.node ? deref(items.node, items.root) : undefined;
  if (node && node['properties'] !== undefined) return 'struct';
  return node && additionalProperties(node) ? 'map' : 'interface';
}
