import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigMapSchema } from '../../apis/core/v1/configmap.js';
import { decodeProtobufObject, encodeProtobufObject } from './envelope.js';
import { encodeProtobufWatchEvent } from './watch-event.js';
import { ProtoReader, WireType } from './wire.js';

test('a watch event is a length-framed WatchEvent holding the prefixed object', () => {
  const object = { metadata: { name: 'cm', namespace: 'ns', resourceVersion: '5' }, data: { a: 'b' } };
  const body = encodeProtobufObject(ConfigMapSchema, 'v1', 'ConfigMap', object);
  const frame = encodeProtobufWatchEvent('ADDED', body);
  const length = new DataView(frame.buffer, frame.byteOffset).getUint32(0, false);
  assert.equal(length, frame.length - 4);
  const reader = new ProtoReader(frame, 4);
  assert.deepEqual(reader.tag(), { field: 1, wireType: WireType.LengthDelimited });
  assert.equal(reader.string(), 'ADDED');
  assert.deepEqual(reader.tag(), { field: 2, wireType: WireType.LengthDelimited });
  const raw = reader.message();
  assert.deepEqual(raw.tag(), { field: 1, wireType: WireType.LengthDelimited });
  const embedded = raw.bytes();
  assert.ok(raw.done() && reader.done());
  assert.deepEqual(decodeProtobufObject(ConfigMapSchema, embedded).object, { apiVersion: 'v1', kind: 'ConfigMap', ...object });
});
