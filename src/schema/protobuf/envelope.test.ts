// Fixtures are request bodies kubectl 1.32 sent (captured from `kubectl create namespace foo`,
// `kubectl create configmap cm --from-literal=a=b --from-literal=c=d -n foo` and
// `kubectl create secret generic s --from-literal=k=v -n foo`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TSchema } from '@sinclair/typebox';
import { isStatusError } from '../../errors/status-error.js';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { NamespaceSchema } from '../../apis/core/v1/namespace.js';
import { SecretSchema } from '../../apis/core/v1/secret.js';
import { decodeEnvelope, decodeProtobufObject, encodeEnvelope, encodeProtobufObject } from './envelope.js';

const KUBECTL_BODIES: [string, TSchema, string, Record<string, unknown>][] = [
  [
    'create namespace',
    NamespaceSchema,
    '6b3873000a0f0a02763112094e616d657370616365121b0a130a03666f6f12001a0022002a0032003800420012001a020a001a002200',
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'foo' }, spec: {}, status: {} },
  ],
  [
    'create configmap',
    ConfigMapSchema,
    '6b3873000a0f0a0276311209436f6e6669674d617012270a150a02636d12001a03666f6f22002a0032003800420012060a016112016212060a01631201641a002200',
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'foo' }, data: { a: 'b', c: 'd' } },
  ],
  [
    'create secret generic',
    SecretSchema,
    '6b3873000a0c0a027631120653656372657412200a140a017312001a03666f6f22002a0032003800420012060a016b1201761a001a002200',
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'foo' }, data: { k: 'dg==' } },
  ],
];

for (const [name, schema, hex, expected] of KUBECTL_BODIES) {
  test(`kubectl ${name}: decodes to the JSON shape, and re-encodes to the same object`, () => {
    const decoded = decodeProtobufObject(schema, Buffer.from(hex, 'hex'));
    assert.equal(decoded.apiVersion, 'v1');
    assert.equal(decoded.kind, expected['kind']);
    assert.deepEqual(decoded.object, expected);
    const again = decodeProtobufObject(schema, encodeProtobufObject(schema, decoded.apiVersion, decoded.kind, decoded.object));
    assert.deepEqual(again.object, expected);
  });
}

test('the envelope is written field for field as Go writes runtime.Unknown', () => {
  const bytes = encodeEnvelope('v1', 'Namespace', Uint8Array.of(0x0a, 0x00));
  assert.equal(Buffer.from(bytes).toString('hex'), '6b3873000a0f0a02763112094e616d657370616365' + '12020a00' + '1a002200');
  assert.deepEqual(decodeEnvelope(bytes), { apiVersion: 'v1', kind: 'Namespace', raw: Uint8Array.of(0x0a, 0x00) });
});

test('an envelope without type meta decodes without apiVersion and kind (the URL supplies them)', () => {
  const decoded = decodeProtobufObject(ConfigMapSchema, Buffer.from('6b387300' + '1207' + '0a050a03616263', 'hex'));
  assert.deepEqual(decoded, { apiVersion: '', kind: '', object: { metadata: { name: 'abc' } } });
});

test('unknown field numbers are skipped, in the envelope and in the object', () => {
  // envelope field 9 (varint); ConfigMap field 99 (bytes) and ObjectMeta field 16 (varint)
  const raw = '0a08' + '0a03616263' + '8001' + '01' + '9a0602' + 'ffff';
  const body = '6b387300' + '4801' + '0a0f0a0276311209436f6e6669674d6170' + '12' + (raw.length / 2).toString(16).padStart(2, '0') + raw;
  const decoded = decodeProtobufObject(ConfigMapSchema, Buffer.from(body, 'hex'));
  assert.deepEqual(decoded.object, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'abc' } });
});

const BAD: [string, string, string][] = [
  ['empty body', '', 'the object provided is unrecognized (must be of type ConfigMap): empty data (<empty>)'],
  ['JSON body', Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{}}').toString('hex'),
    'the object provided is unrecognized (must be of type ConfigMap): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({"apiVersion":"v1","kind":"Con ...)'],
  ['prefix only', '6b387300', 'the object provided is unrecognized (must be of type ConfigMap): empty body (6b387300)'],
  ['truncated envelope', '6b3873000a0f0a02', 'the object provided is unrecognized (must be of type ConfigMap): unexpected EOF (6b3873000a0f0a02)'],
  ['truncated object', '6b3873000a0f0a0276311209436f6e6669674d6170' + '1203' + '0a0500', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: unexpected EOF'],
  ['wrong wire type', '6b3873000a0f0a0276311209436f6e6669674d6170' + '1202' + '1001', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: proto: wrong wireType = 0 for field Data'],
  ['no type meta, bad object', '6b387300' + '1202' + '0801', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: proto: wrong wireType = 0 for field Metadata'],
];

for (const [name, hex, message] of BAD) {
  test(`a malformed body (${name}) is a 400 BadRequest with upstream's text`, () => {
    assert.throws(
      () => decodeProtobufObject(ConfigMapSchema, Buffer.from(hex, 'hex')),
      (error: unknown) => isStatusError(error) && error.code === 400 && error.reason === 'BadRequest' && error.message === message,
    );
  });
}
