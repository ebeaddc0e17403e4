// Go's `omitempty` for maps and slices, applied to an object already in its kind's shape: an optional
// field holding an empty map or list is removed, at every depth, in place (key order untouched). The typed
// decode (decode.ts) does the same while decoding; this is for objects made otherwise, such as the result
// of a server-side apply, whose configuration keeps its empty maps for ownership.
import type { TSchema } from '@sinclair/typebox';
import { compileSchema, type SchemaNode } from './compile.js';
import type { JsonSchema } from './schema-utils.js';

/** Removes empty maps and lists of optional fields from `value`, a typed object of `schema`. */
export function omitEmptyCollections(schema: TSchema | JsonSchema, value: unknown): void {
  omitIn(compileSchema(schema as JsonSchema), value);
}

function omitIn(node: SchemaNode, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (node.kind === 'array') {
    if (Array.isArray(value)) for (const item of value) omitIn(node.items, item);
    return;
  }
  if (node.kind === 'map') {
    for (const item of Object.values(value)) omitIn(node.values, item);
    return;
  }
  if (node.kind !== 'object' || Array.isArray(value)) return;
  const object = value as Record<string, unknown>;
  for (const [key, field] of node.fields) {
    const item = object[key];
    if (item === undefined) continue;
    if (!node.required.has(key) && isEmpty(field, item)) delete object[key];
    else omitIn(field, item);
  }
}

function isEmpty(node: SchemaNode, value: unknown): boolean {
  if (node.kind === 'array') return Array.isArray(value) && value.length === 0;
  return node.kind === 'map' && typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}
