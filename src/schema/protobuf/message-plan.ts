// The protobuf shape of a kind, derived from its compiled schema (compile.ts) and the field numbers
// on its properties: which JSON field is which proto field, and how each value travels
// (gogoproto's mapping for Kubernetes types). Built once per schema node, then cached.
import type { TSchema } from '@sinclair/typebox';
import { compileSchema, type ObjectNode, type SchemaNode } from '../compile.js';
import { asSchema, type JsonSchema } from '../schema-utils.js';
import { PROTOBUF_EMBEDDED, fieldNumberOf } from './field-number.js';

/** How one value is encoded. */
export type ProtoType =
  | { kind: 'string' | 'bool' | 'int32' | 'int64' | 'double' | 'bytes' }
  /** meta/v1 Time / MicroTime: message { seconds int64 = 1, nanos int32 = 2 }. */
  | { kind: 'time' | 'microtime' }
  /** resource.Quantity: message { string = 1 }. */
  | { kind: 'quantity' }
  /** intstr.IntOrString: message { type int64 = 1, intVal int32 = 2, strVal string = 3 }. */
  | { kind: 'int-or-string' }
  /** FieldsV1 / RawExtension: message { raw bytes = 1 } holding JSON. */
  | { kind: 'raw-json' }
  | { kind: 'message'; message: ProtoMessage }
  /**
   * An embedded Go struct: inlined in JSON (its fields are the parent object's), a message field of its
   * own in protobuf (Volume's VolumeSource at 2, Probe's ProbeHandler at 1).
   */
  | { kind: 'embedded'; message: ProtoMessage }
  | { kind: 'repeated'; item: ProtoType }
  /**
   * A list that is a map's value (authentication's ExtraValue, `[]string`): Go names the slice type, so
   * it travels as its own message { repeated items = 1 }.
   */
  | { kind: 'list-message'; item: ProtoType }
  /** map<string, V>: repeated entry messages { key = 1, value = 2 }. */
  | { kind: 'map'; value: ProtoType };

/** One numbered field of a message. */
export interface ProtoField {
  /** The JSON name. */
  name: string;
  number: number;
  type: ProtoType;
  /** In the parent's `required` list: Go serializes it even when empty, so a zero value is kept. */
  required: boolean;
}

/** A message: its numbered fields, ascending by number (the order Go writes them). */
export interface ProtoMessage {
  /** The Go struct name, for error texts. */
  name: string;
  fields: ProtoField[];
  byNumber: Map<number, ProtoField>;
}

const plans = new WeakMap<ObjectNode, ProtoMessage>();

/** The message plan of a kind's root schema; throws when the root is not an object. */
export function messagePlan(schema: JsonSchema): ProtoMessage {
  const root = compileSchema(schema);
  if (root.kind !== 'object') throw new Error('protobuf: a message schema must be an object');
  return objectPlan(root);
}

/** True when the schema's top-level properties carry protobuf field numbers. */
export function supportsProtobuf(schema: TSchema | JsonSchema): boolean {
  const properties = asSchema(schema['properties']);
  return properties !== undefined && Object.values(properties).some((property) => fieldNumberOf(property) !== undefined);
}

function objectPlan(node: ObjectNode): ProtoMessage {
  const cached = plans.get(node);
  if (cached) return cached;
  const message: ProtoMessage = { name: node.structName || 'struct', fields: [], byNumber: new Map() };
  // Registered before its fields: recursive types (JSONSchemaProps) refer back to it.
  plans.set(node, message);
  const properties = asSchema(node.schema['properties']) ?? {};
  const required = new Set(Array.isArray(node.schema['required']) ? (node.schema['required'] as unknown[]) : []);
  for (const name of node.order) {
    const number = fieldNumberOf(properties[name]);
    const child = node.fields.get(name);
    if (number === undefined || !child) continue;
    const container = embeddedMessage(message, embeddingOf(properties[name]));
    if (container.byNumber.has(number)) throw new Error(`protobuf: ${message.name} numbers two fields ${number}`);
    const field: ProtoField = { name, number, type: typeOf(child, `${message.name}.${name}`), required: required.has(name) };
    container.fields.push(field);
    container.byNumber.set(number, field);
  }
  for (const field of message.fields) if (field.type.kind === 'embedded') field.type.message.fields.sort((a, b) => a.number - b.number);
  message.fields.sort((a, b) => a.number - b.number);
  return message;
}

/** The field numbers of the embedded messages a property sits in (`x-kplane-protobuf-embedded`). */
function embeddingOf(property: unknown): number[] {
  const path = (property as Record<string, unknown> | undefined)?.[PROTOBUF_EMBEDDED];
  return Array.isArray(path) ? path.filter((n): n is number => Number.isInteger(n)) : [];
}

/** The message a property at `path` belongs to, creating the embedded messages on the way. */
function embeddedMessage(message: ProtoMessage, path: number[]): ProtoMessage {
  let container = message;
  for (const number of path) {
    const existing = container.byNumber.get(number);
    if (existing && existing.type.kind !== 'embedded') throw new Error(`protobuf: ${message.name} numbers two fields ${number}`);
    if (existing?.type.kind === 'embedded') {
      container = existing.type.message;
      continue;
    }
    const inner: ProtoMessage = { name: `${container.name}.embedded${number}`, fields: [], byNumber: new Map() };
    const field: ProtoField = { name: '', number, type: { kind: 'embedded', message: inner }, required: false };
    container.fields.push(field);
    container.byNumber.set(number, field);
    container = inner;
  }
  return container;
}

function typeOf(node: SchemaNode, where: string): ProtoType {
  switch (node.kind) {
    case 'object':
      return { kind: 'message', message: objectPlan(node) };
    case 'array': {
      const item = typeOf(node.items, where);
      if (item.kind === 'repeated' || item.kind === 'map') throw new Error(`protobuf: ${where}: nested lists and maps need a wrapper message`);
      return { kind: 'repeated', item };
    }
    case 'map': {
      const value = typeOf(node.values, where);
      if (value.kind === 'repeated') return { kind: 'map', value: { kind: 'list-message', item: value.item } };
      if (value.kind === 'map') throw new Error(`protobuf: ${where}: map values must be scalars, lists or messages`);
      return { kind: 'map', value };
    }
    case 'integer':
      return { kind: node.format === 'int32' ? 'int32' : 'int64' };
    case 'number':
      return { kind: 'double' };
    case 'boolean':
      return { kind: 'bool' };
    case 'any':
      return { kind: 'raw-json' };
    default:
      // string, bytes, time, microtime, quantity, int-or-string keep their names.
      return { kind: node.kind };
  }
}
