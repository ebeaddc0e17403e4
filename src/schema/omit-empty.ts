// Go's encoding of a typed object, applied to an object already in its kind's shape: empty values of
// `omitempty` non-pointer fields are removed, unset optional fields without `omitempty` that Go holds
// as nil (pointers, slices, maps) are written as null and unset non-pointer structs as their zero value
// (`resources: {}`, `creationTimestamp: null`), at every depth, in place (key order untouched; an added
// field goes last). The typed decode (decode.ts) does the same
// while decoding; this is for objects made otherwise, such as the result of a server-side apply, whose
// configuration keeps its empty values for ownership. Also here: the scalar zeros Go's decoding gives a
// stored object written before kplane stored them (withGoScalarZeros).
import type { TSchema } from '@sinclair/typebox';
import { compileSchema, type ObjectNode, type SchemaNode } from './compile.js';
import { absentValue, isGoEmpty } from './go-encoding.js';
import type { JsonSchema } from './schema-utils.js';

/** Shapes `value`, a typed object of `schema`, as Go's JSON encoding writes it (compile.ts's field encodings). */
export function omitEmptyAsGo(schema: TSchema | JsonSchema, value: unknown): void {
  forEachStruct(schema, value, shapeStruct);
}

function shapeStruct(node: ObjectNode, object: Record<string, unknown>, visit: Visit): void {
  for (const [key, { node: field, omitEmpty }] of node.slots) {
    const item = object[key];
    if (item === undefined || item === null) continue;
    if (omitEmpty && isGoEmpty(field, item)) delete object[key];
    else visit(field, item);
  }
  for (const field of node.absentFields) {
    if (object[field.name] === undefined || object[field.name] === null) object[field.name] = absentValue(field);
  }
}

/**
 * Adds to `value`, a stored object of `schema`, the non-pointer scalars without `omitempty` it lacks, as Go's
 * decoding of the stored bytes into the typed struct holds them (`""`, `0`, `false`). Objects stored before
 * kplane wrote those zeros (a StatefulSet without `serviceName`, a PriorityClass without `value`) then compare
 * with an update's decoded body as upstream's typed objects do, instead of failing its immutability checks
 * on a field neither side set. Only adds; walks the fields present.
 */
export function withGoScalarZeros(schema: TSchema | JsonSchema, value: unknown): void {
  forEachStruct(schema, value, addScalarZeros);
}

function addScalarZeros(node: ObjectNode, object: Record<string, unknown>, visit: Visit): void {
  for (const key in object) {
    const field = node.fields.get(key);
    if (field !== undefined && (field.kind === 'object' || field.kind === 'array' || field.kind === 'map')) visit(field, object[key]);
  }
  for (const field of node.absentFields) if (field.scalar !== undefined && object[field.name] === undefined) object[field.name] = field.scalar;
}

type Visit = (node: SchemaNode, value: unknown) => void;

/** Calls `struct` on each struct of `value` (a typed object of `schema`) that it is told to visit, from the root down. */
function forEachStruct(schema: TSchema | JsonSchema, value: unknown, struct: (node: ObjectNode, object: Record<string, unknown>, visit: Visit) => void): void {
  const stack: Array<[SchemaNode, unknown]> = [[compileSchema(schema as JsonSchema), value]];
  const visit: Visit = (node, item) => void stack.push([node, item]);
  // An explicit stack: objects may nest as deep as decoding admits.
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [node, item] = top;
    if (typeof item !== 'object' || item === null) continue;
    if (node.kind === 'array') {
      if (Array.isArray(item)) for (const element of item) visit(node.items, element);
    } else if (node.kind === 'map') {
      for (const element of Object.values(item)) visit(node.values, element);
    } else if (node.kind === 'object' && !Array.isArray(item)) {
      struct(node, item as Record<string, unknown>, visit);
    }
  }
}
