// Typed schema builders for kinds (ARCHITECTURE §2). Each returns a TypeBox schema: JSON Schema out
// (validation, pruning, defaulting, OpenAPI), a static TypeScript type in (`Static<typeof X>`).
// Conventions the schema engine relies on:
// - objects have `properties` (+ `required`); unknown fields are the engine's business, never `additionalProperties: false`;
// - maps are `{type: object, additionalProperties: V}`;
// - a subschema with `$id` is a named OpenAPI definition (`io.k8s.api.core.v1.ConfigMap`), hoisted by the emitter;
// - merge semantics travel as `x-kubernetes-*` markers, exactly as upstream's OpenAPI carries them.
// **Decision: TypeBox for types only.** The schemas are the objects TypeBox's builders make (same keys and
// symbols, so TypeBox's `Static` types them), built here: importing TypeBox's runtime costs ~80 ms of
// start-up (266 modules) for the eight builders used.
import type { Static, TArray, TBoolean, TInteger, TNumber, TObject, TOptional, TProperties, TSchema, TString, TUnsafe, SchemaOptions } from '@sinclair/typebox';

export type { Static, TSchema };

type Options = SchemaOptions & Record<string, unknown>;

/** TypeBox's symbols, as TypeBox registers them. */
const KIND = Symbol.for('TypeBox.Kind');
const OPTIONAL = Symbol.for('TypeBox.Optional');

/** TypeBox's CreateType: the options, then the schema's own keys. */
function create<T>(schema: Record<string | symbol, unknown>, options: Options | undefined): T {
  return (options === undefined ? schema : { ...options, ...schema }) as T;
}

const isOptional = (schema: unknown): boolean => (schema as Record<symbol, unknown>)[OPTIONAL] === 'Optional';

/** An object with named fields; mark optional ones with `K.Optional`. `required` lists the others, in order. */
export const Obj = <P extends TProperties>(properties: P, options: Options = {}): TObject<P> => {
  const required = Object.keys(properties).filter((key) => !isOptional(properties[key]));
  const schema = required.length > 0 ? { [KIND]: 'Object', type: 'object', required, properties } : { [KIND]: 'Object', type: 'object', properties };
  return create(schema, options);
};

const Type = {
  Optional: <S extends TSchema>(schema: S): TOptional<S> => ({ ...schema, [OPTIONAL]: 'Optional' }) as TOptional<S>,
  String: (options: Options): TString => create({ [KIND]: 'String', type: 'string' }, options),
  Boolean: (options: Options): TBoolean => create({ [KIND]: 'Boolean', type: 'boolean' }, options),
  Integer: (options: Options): TInteger => create({ [KIND]: 'Integer', type: 'integer' }, options),
  Number: (options: Options): TNumber => create({ [KIND]: 'Number', type: 'number' }, options),
  Array: <I extends TSchema>(items: I, options: Options = {}): TArray<I> => create({ [KIND]: 'Array', type: 'array', items }, options),
  Unsafe: <T>(options: Options): TUnsafe<T> => create({ [KIND]: (options as Record<symbol, unknown>)[KIND] ?? 'Unsafe' }, options),
};

export const K = {
  Optional: Type.Optional,
  Object: Obj,
  String: (options: Options = {}) => Type.String(options),
  Boolean: (options: Options = {}) => Type.Boolean(options),
  Int32: (options: Options = {}) => Type.Integer({ format: 'int32', ...options }),
  Int64: (options: Options = {}) => Type.Integer({ format: 'int64', ...options }),
  Number: (options: Options = {}) => Type.Number({ format: 'double', ...options }),
  /** RFC 3339 timestamp (meta/v1 Time; serialized to the second). */
  Time: (options: Options = {}) => Type.String({ format: 'date-time', ...options }),
  /** RFC 3339 timestamp with microseconds (meta/v1 MicroTime). */
  MicroTime: (options: Options = {}) => Type.String({ format: 'date-time', 'x-kplane-micro-time': true, ...options }),
  /** Base64 bytes on the wire. */
  Bytes: (options: Options = {}) => Type.String({ format: 'byte', ...options }),
  /** intstr.IntOrString. */
  IntOrString: (options: Options = {}) =>
    Type.Unsafe<number | string>({ 'x-kubernetes-int-or-string': true, ...options }),
  /** resource.Quantity: a string on the wire (`500m`, `1Gi`); numbers are accepted on input. */
  Quantity: (options: Options = {}) =>
    Type.Unsafe<string>({ type: 'string', 'x-kplane-quantity': true, ...options }),
  /** map[string]V */
  Map: <V extends TSchema>(value: V, options: Options = {}) =>
    Type.Unsafe<Record<string, Static<V>>>({ type: 'object', additionalProperties: value, ...options }),
  /** A JSON object kept as it is (`{type: object}` without properties: RawExtension, FieldsV1). */
  RawObject: (options: Options = {}) => Type.Unsafe<Record<string, unknown>>({ type: 'object', ...options }),
  /** Free-form JSON (x-kubernetes-preserve-unknown-fields). */
  Any: (options: Options = {}) => Type.Unsafe<unknown>({ 'x-kubernetes-preserve-unknown-fields': true, ...options }),
  /** An atomic list: replaced whole by apply and strategic merge. */
  AtomicList: <I extends TSchema>(items: I, options: Options = {}) =>
    Type.Array(items, { 'x-kubernetes-list-type': 'atomic', ...options }),
  /** A list of unique scalars, merged as a set. */
  SetList: <I extends TSchema>(items: I, options: Options = {}) =>
    Type.Array(items, { 'x-kubernetes-list-type': 'set', ...options }),
  /** A plain list with no markers (strategic merge replaces it; apply treats it as atomic). */
  List: <I extends TSchema>(items: I, options: Options = {}) => Type.Array(items, options),
  /** A list of objects keyed by `keys`; the first key is also the strategic-merge key. */
  ListMap: <I extends TSchema>(items: I, keys: readonly [string, ...string[]], options: Options = {}) =>
    Type.Array(items, {
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': [...keys],
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-patch-merge-key': keys[0],
      ...options,
    }),
  /** A string restricted to the given values. */
  Enum: <const V extends readonly string[]>(values: V, options: Options = {}) =>
    Type.Unsafe<V[number]>({ type: 'string', enum: [...values], ...options }),
};
