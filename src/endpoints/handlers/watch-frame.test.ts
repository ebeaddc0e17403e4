import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeProtobufWatchEvent } from '../../schema/protobuf/index.js';
import { embeddedObjectBytes } from './watch.js';

test('the object size of a watch frame is read off its framing (apiserver_watch_events_sizes)', () => {
  const object = JSON.stringify({ kind: 'ConfigMap', data: { a: 'x'.repeat(300), b: 'é ☃' } });
  for (const type of ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']) {
    const json = Buffer.from(`{"type":"${type}","object":${object}}\n`);
    assert.equal(embeddedObjectBytes(json, type, false), Buffer.byteLength(object), type);
  }
  // Sizes whose lengths take one, two and three varint bytes.
  for (const size of [10, 300, 70_000]) {
    const frame = encodeProtobufWatchEvent('MODIFIED', new Uint8Array(size));
    assert.equal(embeddedObjectBytes(frame, 'MODIFIED', true), size, String(size));
  }
});
