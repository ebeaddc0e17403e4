// Protobuf message -> the plain JSON shape the JSON path produces, driven by a message plan.
// Go writes every non-pointer scalar even when empty; Go's JSON encoding then omits the empty ones
// (`omitempty`), so empty strings and zero numbers are dropped unless the field is required.
// Booleans are kept: the optional ones in Kubernetes types are pointers, where `false` is a value.
import type { ProtoField, ProtoMessage, ProtoType } from './message-plan.js';
import { decodeIntOrString, decodeQuantity, decodeRawJson, decodeTime } from './well-known.js';
import { ProtoDecodeError, ProtoReader, WireType } from './wire.js';

type JsonObject = Record<string, unknown>;

/** Decodes one message into `into` (fields seen twice merge, as proto2 does). */
export function decodeMessage(reader: ProtoReader, message: ProtoMessage, into: JsonObject = {}): JsonObject {
  while (!reader.done()) {
    const { field: number, wireType } = reader.tag();
    const field = message.byNumber.get(number);
    if (!field) {
      reader.skip(wireType, number);
      continue;
    }
    decodeField(reader, field, wireType, into);
  }
  return into;
}

function decodeField(reader: ProtoReader, field: ProtoField, wireType: number, into: JsonObject): void {
  const { type, name } = field;
  if (type.kind === 'embedded') {
    expectWireType(field, type, wireType);
    decodeMessage(reader.message(), type.message, into);
    return;
  }
  if (type.kind === 'repeated') {
    const list = Array.isArray(into[name]) ? (into[name] as unknown[]) : [];
    if (wireType === WireType.LengthDelimited && isPackable(type.item)) {
      // Packed scalars: accepted on input although Kubernetes writes them unpacked.
      const packed = reader.message();
      while (!packed.done()) list.push(readScalar(packed, type.item));
    } else {
      expectWireType(field, type.item, wireType);
      list.push(readValue(reader, type.item));
    }
    into[name] = list;
    return;
  }
  expectWireType(field, type, wireType);
  if (type.kind === 'map') {
    const map = typeof into[name] === 'object' && into[name] !== null ? (into[name] as JsonObject) : {};
    const [key, value] = readMapEntry(reader.message(), type.value);
    // An own property even for `__proto__`, as JSON.parse makes it.
    Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
    into[name] = map;
    return;
  }
  if (type.kind === 'message') {
    const existing = into[name];
    into[name] = decodeMessage(reader.message(), type.message, typeof existing === 'object' && existing !== null ? (existing as JsonObject) : {});
    return;
  }
  const value = readValue(reader, type);
  if (value === undefined || (!field.required && isEmptyScalar(type, value))) delete into[name];
  else into[name] = value;
}

/** One value of a non-repeated, non-map type. */
function readValue(reader: ProtoReader, type: ProtoType): unknown {
  switch (type.kind) {
    case 'message':
      return decodeMessage(reader.message(), type.message);
    case 'list-message':
      return decodeListMessage(reader.message(), type.item);
    case 'time':
    case 'microtime':
      return decodeTime(reader.message(), type.kind === 'microtime');
    case 'quantity':
      return decodeQuantity(reader.message());
    case 'int-or-string':
      return decodeIntOrString(reader.message());
    case 'raw-json':
      return decodeRawJson(reader.message());
    case 'string':
      return reader.string();
    case 'bytes':
      return Buffer.from(reader.bytes()).toString('base64');
    default:
      return readScalar(reader, type);
  }
}

function readScalar(reader: ProtoReader, type: ProtoType): unknown {
  switch (type.kind) {
    case 'bool':
      return reader.bool();
    case 'int32':
      return reader.int32();
    case 'int64':
      return reader.int64();
    case 'double':
      return reader.double();
    default:
      throw new ProtoDecodeError(`proto: cannot read ${type.kind} as a packed scalar`);
  }
}

/** The items (field 1) of a list that travels as its own message. */
function decodeListMessage(reader: ProtoReader, item: ProtoType): unknown[] {
  const list: unknown[] = [];
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === wireTypeOf(item)) list.push(readValue(reader, item));
    else reader.skip(wireType, field);
  }
  return list;
}

/** A map entry: key = 1, value = 2; absent ones take their type's empty value. */
function readMapEntry(reader: ProtoReader, valueType: ProtoType): [string, unknown] {
  let key = '';
  let value: unknown;
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) key = reader.string();
    else if (field === 2 && wireType === wireTypeOf(valueType)) value = readValue(reader, valueType);
    else reader.skip(wireType, field);
  }
  return [key, value ?? emptyValue(valueType)];
}

function emptyValue(type: ProtoType): unknown {
  switch (type.kind) {
    case 'string':
    case 'bytes':
      return '';
    case 'bool':
      return false;
    case 'quantity':
      return '0';
    case 'message':
      return {};
    case 'list-message':
      return [];
    case 'time':
    case 'microtime':
    case 'raw-json':
      return null;
    default:
      return 0;
  }
}

function isEmptyScalar(type: ProtoType, value: unknown): boolean {
  if (type.kind === 'string' || type.kind === 'bytes') return value === '';
  if (type.kind === 'int32' || type.kind === 'int64' || type.kind === 'double') return value === 0;
  return false;
}

function isPackable(type: ProtoType): boolean {
  return type.kind === 'bool' || type.kind === 'int32' || type.kind === 'int64' || type.kind === 'double';
}

/** The wire type a value of `type` travels with. */
export function wireTypeOf(type: ProtoType): number {
  switch (type.kind) {
    case 'bool':
    case 'int32':
    case 'int64':
      return WireType.Varint;
    case 'double':
      return WireType.Fixed64;
    default:
      return WireType.LengthDelimited;
  }
}

/** Go's generated unmarshalers reject a known field sent with another wire type. */
function expectWireType(field: ProtoField, type: ProtoType, wireType: number): void {
  if (wireType === wireTypeOf(type)) return;
  const goName = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  throw new ProtoDecodeError(`proto: wrong wireType = ${wireType} for field ${goName}`);
}
