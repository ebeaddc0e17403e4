// The Kubernetes types with their own protobuf form, to and from their JSON form: meta/v1 Time and
// MicroTime ({seconds, nanos} <-> RFC 3339), IntOrString, Quantity, and raw JSON (FieldsV1,
// RawExtension: {raw} <-> the embedded JSON). Mirrors apimachinery's hand-written marshalers.
import { parseGoTime } from '../go-time.js';
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './wire.js';

/** Go's zero time, 0001-01-01T00:00:00Z, in seconds since the epoch. */
const GO_ZERO_SECONDS = -62135596800;
/** 9999-12-31T23:59:59Z, the last instant Go's JSON encoding of Time accepts. */
const MAX_SECONDS = 253402300799;

/** The two fields of a Timestamp message; both default to 0. */
function readTimestamp(reader: ProtoReader): { seconds: number; nanos: number } {
  let seconds = 0;
  let nanos = 0;
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.Varint) seconds = reader.int64();
    else if (field === 2 && wireType === WireType.Varint) nanos = reader.int32();
    else reader.skip(wireType, field);
  }
  return { seconds, nanos };
}

/**
 * A Time or MicroTime message as its JSON string, or undefined for the zero time. Upstream reads an
 * empty message as the zero time, and Time keeps only the seconds (its JSON form has no fraction).
 */
export function decodeTime(reader: ProtoReader, micro: boolean): string | undefined {
  if (reader.done()) return undefined;
  const { seconds, nanos } = readTimestamp(reader);
  if (seconds <= GO_ZERO_SECONDS) return undefined;
  if (seconds > MAX_SECONDS) throw new ProtoDecodeError('Time.MarshalJSON: year outside of range [0,9999]');
  const text = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (!micro) return `${text}Z`;
  const micros = Math.floor(Math.min(Math.max(nanos, 0), 999_999_999) / 1000);
  return `${text}.${String(micros).padStart(6, '0')}Z`;
}

/** Writes a Time/MicroTime JSON value as field `field`; the zero (or unparseable) time is not written. */
export function encodeTime(writer: ProtoWriter, field: number, value: string, micro: boolean): void {
  const parsed = parseGoTime(value, micro);
  if (!parsed.ok) return;
  const canonical = parsed.value;
  const seconds = Math.floor(Date.parse(`${canonical.slice(0, 19)}Z`) / 1000);
  if (!Number.isFinite(seconds) || seconds <= GO_ZERO_SECONDS) return;
  const fraction = micro ? /\.(\d+)/.exec(canonical)?.[1] ?? '' : '';
  const start = writer.beginMessage(field);
  writer.tag(1, WireType.Varint).int64(seconds);
  writer.tag(2, WireType.Varint).int32(Number(fraction.padEnd(6, '0')) * 1000);
  writer.endMessage(start);
}

/** An IntOrString message as its JSON value: a number for type 0, a string for type 1. */
export function decodeIntOrString(reader: ProtoReader): number | string {
  let type = 0;
  let intVal = 0;
  let strVal = '';
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.Varint) type = reader.int64();
    else if (field === 2 && wireType === WireType.Varint) intVal = reader.int32();
    else if (field === 3 && wireType === WireType.LengthDelimited) strVal = reader.string();
    else reader.skip(wireType, field);
  }
  return type === 1 ? strVal : intVal;
}

/** Writes an IntOrString with all three fields, as Go does. */
export function encodeIntOrString(writer: ProtoWriter, field: number, value: number | string): void {
  const start = writer.beginMessage(field);
  const isString = typeof value === 'string';
  writer.tag(1, WireType.Varint).int64(isString ? 1 : 0);
  writer.tag(2, WireType.Varint).int32(isString ? 0 : value);
  writer.tag(3, WireType.LengthDelimited).string(isString ? value : '');
  writer.endMessage(start);
}

/** A message whose field 1 is a string (Quantity) or bytes (FieldsV1, RawExtension): that field's bytes. */
function firstField(reader: ProtoReader): Uint8Array | undefined {
  let value: Uint8Array | undefined;
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) value = reader.bytes();
    else reader.skip(wireType, field);
  }
  return value;
}

/** A Quantity message as its string form. */
export function decodeQuantity(reader: ProtoReader): string {
  const bytes = firstField(reader);
  return bytes ? new TextDecoder().decode(bytes) : '0';
}

/** Writes a Quantity (its string form) as field `field`. */
export function encodeQuantity(writer: ProtoWriter, field: number, value: string | number): void {
  const start = writer.beginMessage(field);
  writer.tag(1, WireType.LengthDelimited).string(String(value));
  writer.endMessage(start);
}

/** A FieldsV1/RawExtension message as the JSON it holds; undefined when it holds nothing. */
export function decodeRawJson(reader: ProtoReader): unknown {
  const bytes = firstField(reader);
  if (!bytes || bytes.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch (error) {
    throw new ProtoDecodeError(`invalid character in embedded JSON: ${(error as Error).message}`);
  }
}

/** Writes a JSON value as a FieldsV1/RawExtension message (`raw` holds its JSON text). */
export function encodeRawJson(writer: ProtoWriter, field: number, value: unknown): void {
  const start = writer.beginMessage(field);
  writer.tag(1, WireType.LengthDelimited).string(JSON.stringify(value));
  writer.endMessage(start);
}
