// The Kubernetes protobuf envelope (1-conventions "Protobuf representation"): the 4-byte prefix
// `k8s\0`, then a runtime.Unknown { typeMeta (1) { apiVersion 1, kind 2 }, raw (2),
// contentEncoding (3), contentType (4) } whose `raw` is the object's own message.
import type { TSchema } from '@sinclair/typebox';
import { badRequest } from '../../errors/status-error.js';
import type { JsonSchema } from '../schema-utils.js';
import { decodeMessage } from './decode-message.js';
import { encodeMessage } from './encode-message.js';
import { messagePlan, type ProtoMessage } from './message-plan.js';
import { ProtoDecodeError, ProtoReader, ProtoWriter, WireType } from './wire.js';

/** The media type of Kubernetes protobuf bodies. */
export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

/** `k8s\0`, the bytes every protobuf body starts with. */
export const PROTOBUF_PREFIX = Uint8Array.of(0x6b, 0x38, 0x73, 0x00);

/** The decoded `runtime.Unknown` envelope. */
export interface ProtobufEnvelope {
  apiVersion: string;
  kind: string;
  raw: Uint8Array;
}

/** A decoded protobuf body: the envelope's type meta and the object in its JSON shape. */
export interface DecodedProtobufObject {
  apiVersion: string;
  kind: string;
  object: Record<string, unknown>;
}

/**
 * Reads the `k8s\0` prefix and the Unknown envelope. Failures carry upstream's texts (the protobuf
 * serializer's Decode), for the caller to wrap.
 */
export function decodeEnvelope(bytes: Uint8Array): ProtobufEnvelope {
  if (bytes.length === 0) throw new ProtoDecodeError('empty data');
  if (bytes.length < PROTOBUF_PREFIX.length || PROTOBUF_PREFIX.some((byte, i) => bytes[i] !== byte))
    throw new ProtoDecodeError(`provided data does not appear to be a protobuf message, expected prefix [${PROTOBUF_PREFIX.join(' ')}]`);
  if (bytes.length === PROTOBUF_PREFIX.length) throw new ProtoDecodeError('empty body');
  const reader = new ProtoReader(bytes, PROTOBUF_PREFIX.length);
  const envelope: ProtobufEnvelope = { apiVersion: '', kind: '', raw: new Uint8Array() };
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) readTypeMeta(reader.message(), envelope);
    else if (field === 2 && wireType === WireType.LengthDelimited) envelope.raw = reader.bytes();
    else reader.skip(wireType, field);
  }
  return envelope;
}

function readTypeMeta(reader: ProtoReader, into: ProtobufEnvelope): void {
  while (!reader.done()) {
    const { field, wireType } = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) into.apiVersion = reader.string();
    else if (field === 2 && wireType === WireType.LengthDelimited) into.kind = reader.string();
    else reader.skip(wireType, field);
  }
}

/** Prefix + Unknown around an already encoded message, every field written as Go writes them. */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const writer = new ProtoWriter();
  const typeMeta = writer.beginMessage(1);
  writer.tag(1, WireType.LengthDelimited).string(apiVersion);
  writer.tag(2, WireType.LengthDelimited).string(kind);
  writer.endMessage(typeMeta);
  writer.tag(2, WireType.LengthDelimited).bytes(raw);
  writer.tag(3, WireType.LengthDelimited).string('');
  writer.tag(4, WireType.LengthDelimited).string('');
  const body = writer.finish();
  const out = new Uint8Array(PROTOBUF_PREFIX.length + body.length);
  out.set(PROTOBUF_PREFIX);
  out.set(body, PROTOBUF_PREFIX.length);
  return out;
}

/**
 * Decodes a protobuf request body against a kind's schema into the JSON shape the JSON path
 * produces (type meta included when the envelope names it). Errors are 400 BadRequest with the
 * texts of upstream's create/update handlers (transformDecodeError around the serializer's error).
 */
export function decodeProtobufObject(schema: TSchema | JsonSchema, bytes: Uint8Array): DecodedProtobufObject {
  const plan = messagePlan(schema as JsonSchema);
  let envelope: ProtobufEnvelope;
  try {
    envelope = decodeEnvelope(bytes);
  } catch (error) {
    throw decodeFailure(error, `the object provided is unrecognized (must be of type ${plan.name}): %s (${summarize(bytes)})`);
  }
  const defaults = schemaGroupVersionKind(schema as JsonSchema);
  let object: Record<string, unknown>;
  try {
    object = decodeMessage(new ProtoReader(envelope.raw), plan);
  } catch (error) {
    const kind = envelope.kind || defaults.kind || plan.name;
    const version = versionOf(envelope.apiVersion) || defaults.version;
    throw decodeFailure(error, `${kind} in version ${JSON.stringify(version)} cannot be handled as a ${plan.name}: %s`);
  }
  const typeMeta: Record<string, unknown> = {};
  if (envelope.apiVersion !== '') typeMeta['apiVersion'] = envelope.apiVersion;
  if (envelope.kind !== '') typeMeta['kind'] = envelope.kind;
  return { apiVersion: envelope.apiVersion, kind: envelope.kind, object: { ...typeMeta, ...object } };
}

/** Encodes an object of a kind as a protobuf body (prefix and envelope included). */
export function encodeProtobufObject(schema: TSchema | JsonSchema, apiVersion: string, kind: string, object: Record<string, unknown>): Uint8Array {
  return encodeWithPlan(messagePlan(schema as JsonSchema), apiVersion, kind, object);
}

/** Encodes `object` with an explicit message plan (lists, Status). */
export function encodeWithPlan(plan: ProtoMessage, apiVersion: string, kind: string, object: Record<string, unknown>): Uint8Array {
  return encodeEnvelope(apiVersion, kind, encodeMessage(new ProtoWriter(), plan, object).finish());
}

/** A decode failure as a 400, or the error itself when it is not a decode failure (a bug: 500). */
function decodeFailure(error: unknown, template: string): unknown {
  if (!(error instanceof ProtoDecodeError)) return error;
  return badRequest(template.replace('%s', error.message));
}

/** upstream summarizeData: the first 30 bytes as text for a JSON object, else as hex. */
function summarize(bytes: Uint8Array): string {
  if (bytes.length === 0) return '<empty>';
  const head = Buffer.from(bytes.subarray(0, 30));
  const text = bytes[0] === 0x7b ? head.toString('utf8') : head.toString('hex');
  return bytes.length > 30 ? `${text} ...` : text;
}

function versionOf(apiVersion: string): string {
  return apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
}

/** The kind's own group-version-kind (`x-kubernetes-group-version-kind`), the defaults upstream copies in. */
function schemaGroupVersionKind(schema: JsonSchema): { version: string; kind: string } {
  const marker: unknown = schema['x-kubernetes-group-version-kind'];
  const first: unknown = Array.isArray(marker) ? marker[0] : undefined;
  if (typeof first !== 'object' || first === null) return { version: '', kind: '' };
  const { version, kind } = first as Record<string, unknown>;
  return { version: typeof version === 'string' ? version : '', kind: typeof kind === 'string' ? kind : '' };
}
