// Protobuf field numbers live in the kinds' schemas (ARCHITECTURE §2: one schema drives every
// encoding), as the internal marker `x-kplane-protobuf` on each property schema; the OpenAPI
// emitter drops `x-kplane-*` markers. Numbers are upstream's, from the `generated.proto` files.
import type { TSchema } from '@sinclair/typebox';

/** The schema key holding a property's protobuf field number. */
export const PROTOBUF_FIELD = 'x-kplane-protobuf';

/**
 * The schema key holding, for a property of an embedded Go struct (inlined in JSON, a message field of
 * its own in protobuf: Volume's VolumeSource, Probe's ProbeHandler), the field numbers of the embedded
 * messages it sits in, outermost first.
 */
export const PROTOBUF_EMBEDDED = 'x-kplane-protobuf-embedded';

/**
 * `schema` with field number `field` (inside the embedded messages `embedded`, if any), for a property whose schema is a shared named type (ObjectMeta,
 * Time, ...): a shallow copy keeps the `$id` (so it is still emitted as a `$ref`) and adds the number,
 * leaving the shared schema itself untouched.
 */
export function protobufField<S extends TSchema>(field: number, schema: S, embedded?: number[]): S {
  return embedded ? { ...schema, [PROTOBUF_FIELD]: field, [PROTOBUF_EMBEDDED]: embedded } : { ...schema, [PROTOBUF_FIELD]: field };
}

/** The field number a property schema carries, if any. */
export function fieldNumberOf(schema: unknown): number | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const value = (schema as Record<string, unknown>)[PROTOBUF_FIELD];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The schema key listing the markers a property sets beside a named type it refers to. */
export const REF_MARKERS = 'x-kplane-ref-markers';

/**
 * `schema` (a named type, possibly numbered) with merge markers of the property that refers to it
 * (`x-kubernetes-map-type: granular` on PersistentVolumeSpec.claimRef): the engines read them from the
 * property, and the OpenAPI emitter writes them beside the `$ref`.
 */
export function withMarkers<S extends TSchema>(schema: S, markers: Record<string, unknown>): S {
  return { ...schema, ...markers, [REF_MARKERS]: Object.keys(markers) };
}
