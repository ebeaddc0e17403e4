import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeProtobufWatchEvent } from '../../schema/protobuf/index.js';
import { embeddedObjectBytes, writeFrames } from './watch.js';

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

test('the frames of a batch leave in one write, or in writes of about 1 MiB when they are larger', async () => {
  const writes: number[] = [];
  const res = { write: (chunk: Buffer) => (writes.push(chunk.length), true) };
  const ctx = { signal: new AbortController().signal, res } as unknown as Parameters<typeof writeFrames>[0];
  const frame = (bytes: number) => Buffer.alloc(bytes, 0x61);
  assert.equal(await writeFrames(ctx, [frame(10), frame(20), frame(30)]), true);
  assert.deepEqual(writes, [60]);
  writes.length = 0;
  const big = 400 * 1024;
  await writeFrames(ctx, [frame(big), frame(big), frame(big), frame(big), frame(10)]);
  assert.deepEqual(writes, [3 * big, big + 10]);
  writes.length = 0;
  await writeFrames(ctx, [frame(2 * 1024 * 1024), frame(10)]);
  assert.deepEqual(writes, [2 * 1024 * 1024, 10]);
});
