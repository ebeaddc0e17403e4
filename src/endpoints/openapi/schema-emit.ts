// Turns kind schemas (TypeBox, ARCHITECTURE §2) into OpenAPI definitions: subschemas with an `$id`
// are hoisted into named definitions and replaced by `$ref`s; markers are rendered the way upstream
// renders them in each OpenAPI version (v2: int-or-string as `string`/`int-or-string`, no defaults;
// v3: `x-kubernetes-int-or-string` with `anyOf`, defaults kept); internal `x-kplane-*` markers dropped.
import { type JsonSchema, additionalProperties, asSchema, refName } from '../../schema/schema-utils.js';

/** The OpenAPI version being emitted. */
export type Flavor = 'v2' | 'v3';

/** A JSON value of an emitted document. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A JSON object of an emitted document. */
export type JsonObject = { [key: string]: Json };

/** The named definitions of one document, filled by `define` / `emit`. */
export class DefinitionSet {
  readonly definitions = new Map<string, JsonObject>();
  constructor(readonly flavor: Flavor) {}

  /** The reference to a named definition in this flavor. */
  ref(name: string): JsonObject {
    return { $ref: this.flavor === 'v2' ? `#/definitions/${name}` : `#/components/schemas/${name}` };
  }

  /** Emits `schema` as the definition `name` (first writer wins) and returns the name. */
  define(name: string, schema: JsonSchema): string {
    if (!this.definitions.has(name)) {
      // Reserve the name first: a recursive schema refers to itself while being emitted.
      this.definitions.set(name, {});
      this.definitions.set(name, this.body(schema));
    }
    return name;
  }

  /** The inline form of a subschema: a `$ref` when it is named, its body otherwise. */
  emit(schema: JsonSchema): JsonObject {
    const id = schema['$id'];
    if (typeof id === 'string') {
      const ref = this.ref(this.define(id, schema));
      const markers = schema['x-kplane-ref-markers'];
      if (!Array.isArray(markers) || markers.length === 0) return ref;
      // Markers of the referring property: beside the $ref in v2, around an allOf in v3 (as kube-openapi writes them).
      const siblings: JsonObject = {};
      for (const key of markers) if (typeof key === 'string') siblings[key] = toJson(schema[key]);
      return this.flavor === 'v2' ? { ...ref, ...siblings } : { allOf: [ref], ...siblings };
    }
    return this.body(schema);
  }

  private body(schema: JsonSchema): JsonObject {
    const ref = schema['$ref'];
    if (typeof ref === 'string') return this.ref(refName(ref));
    if (schema['x-kubernetes-int-or-string'] === true) return this.intOrString(schema);
    // A named schema reached through a property with markers of its own (DeploymentSpec.strategy's
    // retainKeys): those markers sit beside the $ref (emit), never in the definition.
    const refMarkers = typeof schema['$id'] === 'string' && Array.isArray(schema['x-kplane-ref-markers']) ? (schema['x-kplane-ref-markers'] as unknown[]) : [];
    const out: JsonObject = {};
    for (const key of Object.keys(schema)) if (!refMarkers.includes(key)) this.copyKeyword(key, schema, out);
    return out;
  }

  private intOrString(schema: JsonSchema): JsonObject {
    const rest: JsonObject = {};
    for (const key of Object.keys(schema)) {
      if (key !== 'x-kubernetes-int-or-string' && key !== 'type' && key !== 'format') this.copyKeyword(key, schema, rest);
    }
    if (this.flavor === 'v2') return { ...rest, type: 'string', format: 'int-or-string' };
    return { ...rest, 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] };
  }

  private copyKeyword(key: string, schema: JsonSchema, out: JsonObject): void {
    const value = schema[key];
    switch (key) {
      case '$id':
      case '$schema':
        return;
      case 'patternProperties': {
        // TypeBox's Record: a catch-all pattern is a map's value schema.
        const values = additionalProperties(schema);
        if (values && !('additionalProperties' in schema)) out['additionalProperties'] = this.emit(values);
        return;
      }
      case 'properties':
        out[key] = this.properties(asSchema(value) ?? {});
        return;
      case 'additionalProperties': {
        const values = asSchema(value);
        if (values) out[key] = this.emit(values);
        else if (value === true) out[key] = true;
        return;
      }
      case 'items':
      case 'not':
        if (asSchema(value)) out[key] = this.emit(value as JsonSchema);
        return;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        if (Array.isArray(value)) out[key] = value.map((item: unknown) => this.emit(asSchema(item) ?? {}));
        return;
      case 'required':
        if (Array.isArray(value) && value.length > 0) out[key] = toJson(value);
        return;
      case 'const':
        out['enum'] = [toJson(value)];
        return;
      case 'default':
      case 'nullable':
        if (this.flavor === 'v3') out[key] = toJson(value);
        return;
      default:
        if (!key.startsWith('x-kplane-')) out[key] = toJson(value);
    }
  }

  private properties(properties: JsonSchema): JsonObject {
    const out: JsonObject = {};
    for (const name of Object.keys(properties)) out[name] = this.emit(asSchema(properties[name]) ?? {});
    return out;
  }
}

/** A deep copy restricted to JSON values (TypeBox's symbol keys and undefined dropped). */
export function toJson(value: unknown): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item: unknown) => toJson(item));
  if (typeof value === 'object') {
    const out: JsonObject = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = toJson(item);
    }
    return out;
  }
  return null;
}

/** A deep copy with object keys sorted, as Go's JSON encoding of the upstream documents has them. */
export function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key] as Json);
  return out;
}
