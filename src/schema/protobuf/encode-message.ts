// The plain JSON shape of an object -> protobuf, driven by a message plan: fields in ascending number
// order, map entries sorted by key (as Kubernetes' generated marshalers write them), absent and null
// fields not written. Values of the wrong JSON type are skipped (stored objects are already decoded).
import type { ProtoField, ProtoMessage, ProtoType } from './message-plan.js';
import { encodeIntOrString, encodeQuantity, encodeRawJson, encodeTime } from './well-known.js';
import { ProtoWriter, WireType } from './wire.js';

/** Writes the fields of `object` (a JSON object) as the body of `message`. */
export function encodeMessage(writer: ProtoWriter, message: ProtoMessage, object: Record<string, unknown>): ProtoWriter {
  for (const field of message.fields) {
    if (field.type.kind === 'embedded') {
      // Go writes a non-pointer embedded struct always, empty or not.
      const start = writer.beginMessage(field.number);
      encodeMessage(writer, field.type.message, object);
      writer.endMessage(start);
      continue;
    }
    const value = object[field.name];
    if (value !== undefined && value !== null) encodeField(writer, field, value);
  }
  return writer;
}

function encodeField(writer: ProtoWriter, field: ProtoField, value: unknown): void {
  const { type, number } = field;
  if (type.kind === 'repeated') {
    if (Array.isArray(value)) for (const item of value) if (item !== null) encodeValue(writer, number, type.item, item);
    return;
  }
  if (type.kind === 'map') {
    if (typeof value !== 'object' || Array.isArray(value)) return;
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [key, item] of entries) {
      const start = writer.beginMessage(number);
      writer.tag(1, WireType.LengthDelimited).string(key);
      if (item !== null && item !== undefined) encodeValue(writer, 2, type.value, item);
      writer.endMessage(start);
    }
    return;
  }
  encodeValue(writer, number, type, value);
}

/** One value as field `number`; a value whose JSON type does not fit is not written. */
function encodeValue(writer: ProtoWriter, number: number, type: ProtoType, value: unknown): void {
  switch (type.kind) {
    case 'message':
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const start = writer.beginMessage(number);
        encodeMessage(writer, type.message, value as Record<string, unknown>);
        writer.endMessage(start);
      }
      return;
    case 'list-message':
      if (Array.isArray(value)) {
        const start = writer.beginMessage(number);
        for (const item of value) if (item !== null) encodeValue(writer, 1, type.item, item);
        writer.endMessage(start);
      }
      return;
    case 'time':
    case 'microtime':
      if (typeof value === 'string') encodeTime(writer, number, value, type.kind === 'microtime');
      return;
    case 'quantity':
      if (typeof value === 'string' || typeof value === 'number') encodeQuantity(writer, number, value);
      return;
    case 'int-or-string':
      if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) encodeIntOrString(writer, number, value);
      return;
    case 'raw-json':
      encodeRawJson(writer, number, value);
      return;
    default:
      encodeScalar(writer, number, type, value);
  }
}

function encodeScalar(writer: ProtoWriter, number: number, type: ProtoType, value: unknown): void {
  switch (type.kind) {
    case 'string':
      if (typeof value === 'string') writer.tag(number, WireType.LengthDelimited).string(value);
      return;
    case 'bytes':
      if (typeof value === 'string') writer.tag(number, WireType.LengthDelimited).bytes(Buffer.from(value, 'base64'));
      return;
    case 'bool':
      if (typeof value === 'boolean') writer.tag(number, WireType.Varint).bool(value);
      return;
    case 'int32':
      if (typeof value === 'number' && Number.isInteger(value)) writer.tag(number, WireType.Varint).int32(value);
      return;
    case 'int64':
      if (typeof value === 'number' && Number.isInteger(value)) writer.tag(number, WireType.Varint).int64(value);
      return;
    case 'double':
      if (typeof value === 'number') writer.tag(number, WireType.Fixed64).double(value);
      return;
  }
}
