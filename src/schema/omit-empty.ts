// Go's encoding of a typed object, applied to an object already in its kind's shape: empty values of
// `omitempty` non-pointer fields are removed, unset optional fields without `omitempty` that Go holds
// as nil (pointers, slices, maps) are written as null and unset non-pointer structs as their zero value
// (`resources: {}`, `creationTimestamp: null`), at every depth, in place (key order untouched; an added
// field goes last). The typed decode (decode.ts) does the same
// while decoding; this is for objects made otherwise, such as the result of a server-side apply, whose
// configuration keeps its empty values for ownership.
import type { TSchema } from '@sinclair/typebox';
import { compileSchema, type SchemaNode } from './compile.js';
import { absentValue, isGoEmpty } from './go-encoding.js';
import type { JsonSchema } from './schema-utils.js';

/** Shapes `value`, a typed object of `schema`, as Go's JSON encoding writes it (compile.ts's field encodings). */
export function omitEmptyAsGo(schema: TSchema | JsonSchema, value: unknown): void {
  const stack: Array<[SchemaNode, unknown]> = [[compileSchema(schema as JsonSchema), value]];
  // An explicit stack: objects may nest as deep as decoding admits.
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, item] = top;
    if (typeof item !== 'object' || item === null) continue;
    if (node.kind === 'array') {
      if (Array.isArray(item)) for (const element of item) stack.push([node.items, element]);
    } else if (node.kind === 'map') {
      for (const element of Object.values(item)) stack.push([node.values, element]);
    } else if (node.kind === 'object' && !Array.isArray(item)) {
      shapeStruct(node, item as Record<string, unknown>, stack);
    }
  }
}

function shapeStruct(node: Extract<SchemaNode, { kind: 'object' }>, object: Record<string, unknown>, stack: Array<[SchemaNode, unknown]>): void {
  for (const [key, field] of node.fields) {
    const item = object[key];
    if (item === undefined || item === null) continue;
    if (node.omitEmpty.has(key) && isGoEmpty(field, item)) delete object[key];
    else stack.push([field, item]);
  }
  for (const field of node.absentFields) {
    if (object[field.name] === undefined || object[field.name] === null) object[field.name] = absentValue(field);
  }
}
