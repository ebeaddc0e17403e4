// Compiles a kind's schema once into a tree of typed nodes that the decode and default walks
// follow without re-reading JSON schema keywords per request. Cached per schema object (WeakMap);
// recursive schemas (`$ref` to an enclosing `$id`) compile to cyclic node graphs.
import { goFieldOf } from './go-field.js';
import { fieldEncoding, scalarZero } from './go-encoding.js';
import { type JsonSchema, additionalProperties, asSchema, deref, isIntOrString, preservesUnknownFields, schemaType } from './schema-utils.js';

interface NodeBase {
  readonly schema: JsonSchema;
  /** The schema's `default`, if any (applied by `defaults.ts`). */
  readonly defaultValue?: unknown;
}

/** A Go struct: declared fields, pruned unless `preserveUnknown`. */
export interface ObjectNode extends NodeBase {
  kind: 'object';
  /** Last segment of the `$id` (Go struct name, e.g. `ConfigMap`); '' for an anonymous object. */
  structName: string;
  fields: Map<string, SchemaNode>;
  /** Each field's node, place and encoding in one entry: the decode walk looks a key up once. */
  slots: Map<string, FieldSlot>;
  /** Field names in declaration order (the order Go encodes them). */
  order: string[];
  /** Fields the schema requires. */
  required: ReadonlySet<string>;
  /**
   * Fields Go's encoding/json writes although the body left them out, in declaration order: optional ones
   * without `omitempty` that are nil when unset (pointers, slices, maps), written `null`; optional
   * non-pointer structs, which omitempty never drops: written as their zero value (`resources: {}`), a
   * metav1.Time as `null` (its MarshalJSON of the zero time); and non-pointer scalars without `omitempty`,
   * required ones included, written as their zero (`""`, `0`, `false`: a bare Node's `nodeInfo` strings).
   * Required structs and nil-able fields are left to validation.
   */
  absentFields: readonly AbsentField[];
  /** Every field Go writes for the struct's zero value, required structs and nils included (zeroStruct's `full`). */
  zeroFields: readonly AbsentField[];
  preserveUnknown: boolean;
}

/** What the decode and shaping walks need of a declared field. */
export interface FieldSlot {
  readonly node: SchemaNode;
  /** Its place in the struct's `order`. */
  readonly position: number;
  /**
   * Whether Go's encoding/json omits its empty value: an `omitempty` field that is not a pointer, when empty
   * (a slice or map of length 0, "", 0, false). Structs are never omitted, pointers only when nil (absent).
   */
  readonly omitEmpty: boolean;
}

/** A field Go writes when unset: `null`, a scalar's zero, or the zero value of `struct`. */
export interface AbsentField {
  readonly name: string;
  /** Its place in the struct's `order`. */
  readonly position: number;
  /** The non-pointer struct whose zero value Go writes; undefined: Go writes `scalar`, else `null`. */
  readonly struct: ObjectNode | undefined;
  /** A non-pointer scalar's zero as Go writes it (`""`, `0`, `false`, a Quantity's `"0"`). */
  readonly scalar?: string | number | boolean;
}

/** A `map[string]V`. */
export interface MapNode extends NodeBase {
  kind: 'map';
  values: SchemaNode;
}

/** A list. */
export interface ArrayNode extends NodeBase {
  kind: 'array';
  items: SchemaNode;
}

/** A leaf: Go scalars, the string-encoded custom types, or raw JSON (`any`). */
export interface ScalarNode extends NodeBase {
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'bytes' | 'time' | 'microtime' | 'quantity' | 'int-or-string' | 'any';
  /** For integers: `int32` or `int64`. */
  format?: string;
}

/** A compiled schema node. */
export type SchemaNode = ObjectNode | MapNode | ArrayNode | ScalarNode;

const compiled = new WeakMap<object, WeakMap<object, SchemaNode>>();

/** The compiled node tree of a root schema (built on first use, then cached). */
export function compileSchema(root: JsonSchema): SchemaNode {
  let perRoot = compiled.get(root);
  if (!perRoot) {
    perRoot = new WeakMap();
    compiled.set(root, perRoot);
  }
  return compileNode(root, root, perRoot);
}

function compileNode(raw: JsonSchema, root: JsonSchema, cache: WeakMap<object, SchemaNode>): SchemaNode {
  const schema = deref(raw, root);
  const hit = cache.get(schema);
  if (hit) return hit;
  const base: { schema: JsonSchema; defaultValue?: unknown } = { schema };
  if ('default' in schema) base.defaultValue = schema['default'];
  const shape = shapeOf(schema);
  if (shape === 'object') return compileObject(schema, base, root, cache);
  if (shape === 'map' || shape === 'array') {
    // Register the node before compiling children so that cycles terminate.
    const node = { ...base, kind: shape } as MapNode | ArrayNode;
    cache.set(schema, node);
    const child = (shape === 'map' ? additionalProperties(schema) : asSchema(schema['items'])) ?? {};
    if (node.kind === 'map') node.values = compileNode(child, root, cache);
    else node.items = compileNode(child, root, cache);
    return node;
  }
  const node: ScalarNode = { ...base, kind: shape };
  if (typeof schema['format'] === 'string') node.format = schema['format'];
  cache.set(schema, node);
  return node;
}

function compileObject(schema: JsonSchema, base: NodeBase, root: JsonSchema, cache: WeakMap<object, SchemaNode>): ObjectNode {
  const id = schema['$id'];
  const node: ObjectNode = {
    ...base,
    kind: 'object',
    structName: typeof id === 'string' ? id.slice(id.lastIndexOf('.') + 1) : '',
    fields: new Map(),
    slots: new Map(),
    order: [],
    required: new Set(Array.isArray(schema['required']) ? (schema['required'] as unknown[]).filter((r): r is string => typeof r === 'string') : []),
    absentFields: [],
    zeroFields: [],
    preserveUnknown: preservesUnknownFields(schema),
  };
  cache.set(schema, node);
  const properties = asSchema(schema['properties']) ?? {};
  const absentFields: AbsentField[] = [];
  const zeroFields: AbsentField[] = [];
  for (const name of Object.keys(properties)) {
    const property = asSchema(properties[name]) ?? {};
    const field = compileNode(property, root, cache);
    const position = node.order.length;
    node.fields.set(name, field);
    node.order.push(name);
    const go = goFieldOf(property);
    const required = node.required.has(name);
    const encoding = fieldEncoding(field, go, required);
    node.slots.set(name, { node: field, position, omitEmpty: encoding === 'omit-empty' });
    const absent = absentField(name, position, field, encoding);
    if (absent) absentFields.push(absent);
    // The zero value holds required structs and nils too: the field encoded as if optional.
    const zero = go === undefined ? 'as-is' : fieldEncoding(field, go, false);
    const inZero = zero === encoding ? absent : absentField(name, position, field, zero);
    if (inZero) zeroFields.push(inZero);
  }
  node.absentFields = absentFields;
  node.zeroFields = zeroFields;
  return node;
}

/** The entry of a field Go writes when unset, by its encoding; undefined for one it omits or leaves as is. */
function absentField(name: string, position: number, field: SchemaNode, encoding: ReturnType<typeof fieldEncoding>): AbsentField | undefined {
  if (encoding === 'null-when-absent') return { name, position, struct: undefined };
  if (encoding === 'zero-struct') return { name, position, struct: field as ObjectNode };
  if (encoding === 'zero-scalar') return { name, position, struct: undefined, scalar: scalarZero(field) };
  return undefined;
}

type Shape = 'object' | 'map' | 'array' | ScalarNode['kind'];

/** Classifies a schema by the Go type it stands for. */
function shapeOf(schema: JsonSchema): Shape {
  if (isIntOrString(schema)) return 'int-or-string';
  if (schema['x-kplane-quantity'] === true) return 'quantity';
  const type = schemaType(schema);
  if (type === 'object' || (type === undefined && asSchema(schema['properties']))) {
    if (asSchema(schema['properties'])) return 'object';
    if (additionalProperties(schema)) return 'map';
    // `{type: object}` with nothing declared is raw JSON upstream (RawExtension, FieldsV1, Patch).
    return 'any';
  }
  if (type === 'array') return 'array';
  if (type === 'string') return stringShape(schema);
  if (type === 'integer' || type === 'number' || type === 'boolean') return type;
  return 'any';
}

function stringShape(schema: JsonSchema): Shape {
  const format = schema['format'];
  if (format === 'byte') return 'bytes';
  if (format === 'date-time') return schema['x-kplane-micro-time'] === true ? 'microtime' : 'time';
  return 'string';
}

/** The Go type name a node decodes into, as Go's JSON errors print it (`v1.PodSpec`, `[]string`). */
export function goTypeName(node: SchemaNode): string {
  switch (node.kind) {
    case 'object': {
      const id = node.schema['$id'];
      if (typeof id !== 'string') return 'struct';
      const parts = id.split('.');
      return parts.length >= 2 ? `${parts[parts.length - 2]}.${parts[parts.length - 1]}` : id;
    }
    case 'map':
      return `map[string]${goTypeName(node.values)}`;
    case 'array':
      return `[]${goTypeName(node.items)}`;
    case 'integer':
      return node.format === 'int32' ? 'int32' : 'int64';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'bytes':
      return '[]uint8';
    case 'int-or-string':
      return 'int32';
    case 'any':
      return 'interface {}';
    default:
      // string, and the string-decoding custom types (Time, MicroTime, Quantity).
      return 'string';
  }
}
