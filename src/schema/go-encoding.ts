// How Go's encoding/json writes a typed struct, from the Go facts of its fields (go-field.ts): which
// fields it omits when empty, which it writes as null or as a zero struct though unset (encoding/json's
// isEmptyValue and the types' own MarshalJSON). compile.ts classifies each field once; the typed decode
// (decode.ts), apply results (omit-empty.ts) and the field manager's zero object use what it made.
import type { AbsentField, ObjectNode, SchemaNode } from './compile.js';

/** Past this depth a zero value is cut short: Go structs cannot hold themselves by value, wrong facts could. */
const MAX_ZERO_DEPTH = 32;

/**
 * The zero value of a struct as Go's encoding/json writes it (`ObjectMeta{}` is `{"creationTimestamp":null}`,
 * `NodeSystemInfo{}` writes each of its strings as `""`): by default what decoding writes for a struct the
 * body left out, which leaves required structs and nil fields to validation (`absentFields`); `full` adds
 * those too (the typed zero object the field manager compares a create with). A new object on each call,
 * built from the lists compile made, so no name is looked up.
 */
export function zeroStruct(node: ObjectNode, depth = 0, full = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth >= MAX_ZERO_DEPTH) return out;
  for (const field of full ? node.zeroFields : node.absentFields) out[field.name] = absentValue(field, depth + 1, full);
  return out;
}

/** What Go writes for an unset field it does not omit: `null`, a scalar's zero, or its struct's zero value. */
export function absentValue(field: AbsentField, depth = 0, full = false): unknown {
  if (field.struct !== undefined) return zeroStruct(field.struct, depth, full);
  return field.scalar ?? null;
}

/** JSON of the zero value of each Go scalar kind (a zero resource.Quantity marshals as "0", IntOrString as 0). */
const SCALAR_ZEROS: Partial<Record<SchemaNode['kind'], string | number | boolean>> = {
  string: '',
  integer: 0,
  number: 0,
  boolean: false,
  quantity: '0',
  'int-or-string': 0,
};
/** Go structs that marshal as a scalar: `omitempty` never drops them (an unset downward-API `divisor` is `"0"`). */
const SCALAR_STRUCTS = new Set<SchemaNode['kind']>(['quantity', 'int-or-string']);

/** The zero Go writes for a field `fieldEncoding` calls `zero-scalar`. */
export function scalarZero(field: SchemaNode): string | number | boolean | undefined {
  return SCALAR_ZEROS[field.kind];
}

/** Kinds whose zero value encoding/json's omitempty drops: slices, maps and the scalars ([]byte is a slice). */
const OMITTABLE = new Set<SchemaNode['kind']>(['array', 'map', 'string', 'integer', 'number', 'boolean', 'bytes']);
/** Kinds that are nil when unset, besides pointers. */
const NILLABLE = new Set<SchemaNode['kind']>(['array', 'map', 'bytes']);
/** metav1.Time and MicroTime: structs whose MarshalJSON writes `null` for the zero time. */
const NULL_WHEN_ZERO = new Set<SchemaNode['kind']>(['time', 'microtime']);

/**
 * How Go encodes a field, from the Go facts of its declaration (go-field.ts; encoding/json's isEmptyValue):
 * a non-pointer scalar without `omitempty`, required or not, is always written, its zero when unset
 * (`zero-scalar`), and so is a Quantity or IntOrString; an `omitempty` non-pointer slice, map or scalar is
 * left out when empty; an optional field without `omitempty` that is nil when unset is written as `null`;
 * a non-pointer struct is always written, omitempty or not (isEmptyValue is false for structs): its zero
 * value, `null` for a zero Time. Required structs and nils are left to validation, which reports them
 * missing. Without facts (hand-written and test schemas), an optional map or list is taken as `omitempty`.
 */
export function fieldEncoding(
  field: SchemaNode,
  go: { omitempty: boolean; pointer: boolean } | undefined,
  required: boolean,
): 'omit-empty' | 'null-when-absent' | 'zero-struct' | 'zero-scalar' | 'as-is' {
  if (go === undefined) return !required && (field.kind === 'array' || field.kind === 'map') ? 'omit-empty' : 'as-is';
  if (!go.pointer && SCALAR_ZEROS[field.kind] !== undefined && (!go.omitempty || SCALAR_STRUCTS.has(field.kind))) return 'zero-scalar';
  if (required) return 'as-is';
  if (!go.pointer && field.kind === 'object') return 'zero-struct';
  if (!go.pointer && NULL_WHEN_ZERO.has(field.kind)) return 'null-when-absent';
  if (go.omitempty) return !go.pointer && OMITTABLE.has(field.kind) ? 'omit-empty' : 'as-is';
  return go.pointer || NILLABLE.has(field.kind) ? 'null-when-absent' : 'as-is';
}

/**
 * A value encoding/json's isEmptyValue calls empty: a map or slice of length 0, "", 0, false. Only asked
 * for the fields whose slot is `omitEmpty` (non-pointer slices, maps and scalars), so a struct
 * (`securityContext: {}`) or a pointer's zero (`privileged: false`) is never dropped.
 */
export function isGoEmpty(node: SchemaNode, value: unknown): boolean {
  switch (node.kind) {
    case 'array':
      return Array.isArray(value) && value.length === 0;
    case 'map': {
      if (typeof value !== 'object' || value === null) return false;
      for (const _ in value) return false;
      return true;
    }
    default:
      return value === '' || value === 0 || value === false;
  }
}
