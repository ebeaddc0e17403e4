// Round trips (encode then decode is the identity on the JSON shape) for every kind, its list and
// Status, with objects generated from the kinds' own message plans; and the mapping of the types
// with a protobuf form of their own (Time, MicroTime, IntOrString, Quantity, raw JSON).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TSchema } from '@sinclair/typebox';
import { K } from '../builder.js';
import type { JsonSchema } from '../schema-utils.js';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { CoreEventSchema } from '../../apis/core/v1/event.js';
import { NamespaceSchema } from '../../apis/core/v1/namespace.js';
import { SecretSchema } from '../../apis/core/v1/secret.js';
import { EventsV1EventSchema } from '../../apis/events/v1/event.js';
import { listSchema } from '../../apis/meta/v1/object-meta.js';
import { TokenReviewSchema } from '../../apis/authentication/v1/schemas.generated.js';
import { builtInResources } from '../../apis/index.js';
import { supportsProtobuf } from './message-plan.js';
import { internalError, notFound } from '../../errors/status-error.js';
import { decodeProtobufObject, encodeProtobufObject } from './envelope.js';
import { PROTOBUF_FIELD as N } from './field-number.js';
import { encodeProtobufList } from './list-message.js';
import { messagePlan, type ProtoMessage, type ProtoType } from './message-plan.js';
import { encodeProtobufStatus, StatusMessageSchema } from './status-message.js';

type Json = Record<string, unknown>;

const nonEmpty = fc.string({ minLength: 1, maxLength: 12 });
const seconds = fc.integer({ min: 0, max: 4_102_444_800 });
const time = seconds.map((s) => `${new Date(s * 1000).toISOString().slice(0, 19)}Z`);
const microTime = fc.tuple(time, fc.integer({ min: 0, max: 999_999 })).map(([t, us]) => `${t.slice(0, 19)}.${String(us).padStart(6, '0')}Z`);
const base64 = fc.uint8Array({ maxLength: 16 }).map((b) => Buffer.from(b).toString('base64'));
const rawJson = fc.json().map((text) => JSON.parse(text) as unknown).filter((v) => v !== null);

/** A value of `type` in the canonical JSON shape (what decoding produces); `required` allows zero values. */
function valueOf(type: ProtoType, required: boolean, depth: number): fc.Arbitrary<unknown> {
  switch (type.kind) {
    case 'string':
      return required ? fc.string({ maxLength: 12 }) : nonEmpty;
    case 'bytes':
      return required ? base64 : base64.filter((b) => b !== '');
    case 'bool':
      return fc.boolean();
    case 'int32':
      return fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((n) => required || n !== 0);
    case 'int64':
      return fc.maxSafeInteger().filter((n) => required || n !== 0);
    case 'double':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0) && (required || n !== 0));
    case 'time':
      return time;
    case 'microtime':
      return microTime;
    case 'quantity':
      return fc.constantFrom('1', '500m', '1Gi', '2.5');
    case 'int-or-string':
      return fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.string({ maxLength: 8 }));
    case 'raw-json':
      return rawJson;
    case 'message':
    case 'embedded':
      return objectOf(type.message, depth + 1);
    case 'repeated':
      return fc.array(valueOf(type.item, true, depth), { minLength: 1, maxLength: 3 });
    case 'list-message':
      return fc.array(valueOf(type.item, true, depth), { maxLength: 3 });
    case 'map':
      return fc
        .dictionary(fc.string({ maxLength: 8 }), valueOf(type.value, true, depth), { minKeys: 1, maxKeys: 3 })
        .map((map) => Object.defineProperties({}, Object.getOwnPropertyDescriptors(map)) as Json);
  }
}

function objectOf(message: ProtoMessage, depth: number): fc.Arbitrary<Json> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  // An embedded struct's fields are the parent's own in JSON: generated under a key, then spread.
  for (const field of message.fields) fields[field.name || `#${field.number}`] = depth > 4 ? fc.constant(undefined) : valueOf(field.type, field.required, depth);
  return fc.record(fields, { requiredKeys: [] }).map((o) => {
    const out: Json = {};
    for (const [key, value] of Object.entries(o)) {
      if (value === undefined) continue;
      if (key.startsWith('#')) Object.assign(out, value);
      else out[key] = value;
    }
    return out;
  });
}

const KINDS: [string, TSchema, string][] = [
  ['Namespace', NamespaceSchema, 'v1'],
  ['ConfigMap', ConfigMapSchema, 'v1'],
  ['Secret', SecretSchema, 'v1'],
  ['Event', CoreEventSchema, 'v1'],
  ['Event', EventsV1EventSchema, 'events.k8s.io/v1'],
];

/** Every other served kind with a protobuf form, fewer runs each (their plans are large: PodSpec). */
const CATALOGUE: [string, TSchema, string, number][] = builtInResources()
  .filter((def) => supportsProtobuf(def.schema) && !KINDS.some(([, schema]) => schema === def.schema))
  .map((def) => [def.kind, def.schema, def.group ? `${def.group}/${def.version}` : def.version, 12]);

for (const [kind, schema, apiVersion, numRuns] of [...KINDS.map(([k, s, v]): [string, TSchema, string, number] => [k, s, v, 60]), ...CATALOGUE]) {
  test(`${apiVersion} ${kind}: decode(encode(object)) is the object`, () => {
    fc.assert(
      fc.property(objectOf(messagePlan(schema as JsonSchema), 0), (object) => {
        const decoded = decodeProtobufObject(schema, encodeProtobufObject(schema, apiVersion, kind, object));
        assert.deepEqual(decoded, { apiVersion, kind, object: { apiVersion, kind, ...object } });
      }),
      { numRuns },
    );
  });
}

test('lists: metadata = 1 (ListMeta), items = 2', () => {
  const list = listSchema(ConfigMapSchema, 'io.k8s.api.core.v1.ConfigMapList');
  const items = [
    { metadata: { name: 'a', namespace: 'ns', resourceVersion: '7', creationTimestamp: '2024-01-02T03:04:05Z' }, data: { k: 'v' } },
    { metadata: { name: 'b', namespace: 'ns' }, binaryData: { bin: 'AAE=' }, immutable: true },
  ];
  const bytes = encodeProtobufList(ConfigMapSchema, 'v1', 'ConfigMapList', { resourceVersion: '9', continue: 'next', remainingItemCount: 3 }, items);
  const decoded = decodeProtobufObject(list, bytes);
  assert.equal(decoded.kind, 'ConfigMapList');
  assert.deepEqual(decoded.object, { apiVersion: 'v1', kind: 'ConfigMapList', metadata: { resourceVersion: '9', continue: 'next', remainingItemCount: 3 }, items });
});

test('Status: errors and success encode with meta/v1 numbers', () => {
  const errors = [notFound({ group: '', resource: 'configmaps' }, 'x').status, internalError('boom').status];
  for (const status of errors) {
    const decoded = decodeProtobufObject(StatusMessageSchema, encodeProtobufStatus(status));
    // Go's JSON omits the empty strings (`details.group` of a core resource), so decoding does too.
    const expected = JSON.parse(JSON.stringify(status, (_key, value: unknown) => (value === '' ? undefined : value))) as Json;
    assert.deepEqual(decoded.object, expected);
  }
});

/** A schema with the types the first kinds do not use. */
const Sample = K.Object({
  port: K.Optional(K.IntOrString({ [N]: 1 })),
  size: K.Optional(K.Quantity({ [N]: 2 })),
  ratio: K.Optional(K.Number({ [N]: 3 })),
  ports: K.Optional(K.List(K.Int32(), { [N]: 4 })),
  raw: K.Optional(K.Any({ [N]: 5, type: 'object' })),
  limits: K.Optional(K.Map(K.Quantity(), { [N]: 6 })),
  at: K.Optional(K.Time({ [N]: 7 })),
  atMicro: K.Optional(K.MicroTime({ [N]: 8 })),
  count: K.Optional(K.Int32({ [N]: 9 })),
  name: K.String({ [N]: 10 }),
}, { $id: 'io.k8s.test.Sample' });

const decodeRaw = (hex: string): Json => decodeProtobufObject(Sample, Buffer.from(`6b387300${wrap(2, hex)}`, 'hex')).object;
/** A length-delimited field as hex. */
function wrap(field: number, hex: string): string {
  return (field * 8 + 2).toString(16).padStart(2, '0') + (hex.length / 2).toString(16).padStart(2, '0') + hex;
}

test('well-known types: wire form to JSON', () => {
  const cases: [string, string, Json][] = [
    ['IntOrString int', wrap(1, '0800' + '1050' + '1a00'), { port: 80 }],
    ['IntOrString string', wrap(1, '0801' + '1000' + '1a0468747470'), { port: 'http' }],
    ['Quantity', wrap(2, '0a03314769'), { size: '1Gi' }],
    ['double', '19' + '000000000000f83f', { ratio: 1.5 }],
    ['repeated int32, unpacked', '2001' + '2002', { ports: [1, 2] }],
    ['repeated int32, packed', wrap(4, '0102'), { ports: [1, 2] }],
    ['raw JSON', wrap(5, wrap(1, Buffer.from('{"f:a":{}}').toString('hex'))), { raw: { 'f:a': {} } }],
    ['map of quantities', wrap(6, '0a03637075' + wrap(2, '0a0135')), { limits: { cpu: '5' } }],
    ['Time keeps seconds only', wrap(7, '08a0a5c8b106' + '1001'), { at: '2024-05-01T10:00:00Z' }],
    ['empty Time is the zero time', wrap(7, ''), {}],
    ['Go zero time', wrap(7, '088092b8c398feffffff01'), {}],
    ['epoch is a time, not zero', wrap(7, '0800'), { at: '1970-01-01T00:00:00Z' }],
    ['MicroTime truncates nanos to micros', wrap(8, '08a0a5c8b106' + '10959aef3a'), { atMicro: '2024-05-01T10:00:00.123456Z' }],
    ['zero int32 dropped', '4800', {}],
    ['required empty string kept', '5200', { name: '' }],
  ];
  for (const [name, hex, expected] of cases) assert.deepEqual(decodeRaw(hex), expected, name);
});

test('well-known types round-trip', () => {
  const sample = {
    port: 'https', size: '500m', ratio: 0.25, ports: [443, -1], raw: { a: [1, 'x'] }, limits: { memory: '1Gi' },
    at: '2030-12-31T23:59:59Z', atMicro: '2001-02-03T04:05:06.000007Z', count: -5, name: 'n',
  };
  const decoded = decodeProtobufObject(Sample, encodeProtobufObject(Sample, 'test/v1', 'Sample', sample));
  assert.deepEqual(decoded.object, { apiVersion: 'test/v1', kind: 'Sample', ...sample });
});

test('a list as a map value travels as its own message { repeated items = 1 } (authentication ExtraValue)', () => {
  const review = { metadata: {}, spec: {}, status: { user: { extra: { a: ['x'] } } } };
  const bytes = encodeProtobufObject(TokenReviewSchema, 'authentication.k8s.io/v1', 'TokenReview', review);
  // UserInfo.extra (4): entry { key (1) "a", value (2) ExtraValue { items (1) "x" } }
  assert.ok(Buffer.from(bytes).toString('hex').includes('22080a01611203' + '0a0178'));
  assert.deepEqual(decodeProtobufObject(TokenReviewSchema, bytes).object, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', ...review });
});
