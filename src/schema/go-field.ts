// Facts of a struct field's Go declaration that decide how encoding/json writes it, carried by the
// field's schema as the internal marker `x-kplane-go` (dropped from OpenAPI documents like every
// `x-kplane-*` marker): the json tag's `omitempty` and whether the Go type is a pointer. Generated from
// codegen/facts/go-fields-1.25.json; the schema engine compiles them once per node (compile.ts).
import type { TSchema } from '@sinclair/typebox';

/** The schema key holding a property's Go facts: `omitempty`, `pointer`, both (`omitempty,pointer`) or neither (''). */
export const GO_FIELD = 'x-kplane-go';

/** `schema` (a shared named type) with the Go facts of the property that refers to it: a shallow copy. */
export function goField<S extends TSchema>(flags: string, schema: S): S {
  return { ...schema, [GO_FIELD]: flags };
}

/** The Go facts a property schema carries; undefined when it carries none (hand-written and custom schemas). */
export function goFieldOf(schema: unknown): { omitempty: boolean; pointer: boolean } | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const value = (schema as Record<string, unknown>)[GO_FIELD];
  if (typeof value !== 'string') return undefined;
  const flags = value.split(',');
  return { omitempty: flags.includes('omitempty'), pointer: flags.includes('pointer') };
}
