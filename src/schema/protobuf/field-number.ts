// Protobuf field numbers live in the kinds' schemas (ARCHITECTURE §2: one schema drives every
// encoding), as the internal marker `x-kplane-protobuf` on each property schema; the OpenAPI
// emitter drops `x-kplane-*` markers. Numbers are upstream's, from the `generated.proto` files.
import type { TSchema } from '@sinclair/typebox';

/** The schema key holding a property's protobuf field number. */
export const PROTOBUF_FIELD = 'x-kplane-protobuf';

/**
 * `schema` with field number `field`, for a property whose schema is a shared named type (ObjectMeta,
 * Time, ...): a shallow copy keeps the `$id` (so it is still emitted as a `$ref`) and adds the number,
 * leaving the shared schema itself untouched.
 */
export function protobufField<S extends TSchema>(field: number, schema: S): S {
  return { ...schema, [PROTOBUF_FIELD]: field };
}

/** The field number a property schema carries, if any. */
export function fieldNumberOf(schema: unknown): number | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const value = (schema as Record<string, unknown>)[PROTOBUF_FIELD];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}
