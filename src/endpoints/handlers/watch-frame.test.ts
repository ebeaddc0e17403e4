import { EventEmitter } from 'node:events';
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

test('the frames of a batch leave in one write, or in writes of at most 64 KiB, a larger frame alone', async () => {
  const writes: number[] = [];
  const res = { write: (chunk: Buffer) => (writes.push(chunk.length), true) };
  const ctx = { signal: new AbortController().signal, req: {}, res } as unknown as Parameters<typeof writeFrames>[0];
  const frame = (bytes: number) => Buffer.alloc(bytes, 0x61);
  const written = async (frames: Buffer[], signal = new AbortController().signal) => {
    writes.length = 0;
    const ok = await writeFrames(ctx, frames, signal);
    return { ok, writes: [...writes] };
  };
  assert.deepEqual(await written([frame(10), frame(20), frame(30)]), { ok: true, writes: [60] });
  const big = 25 * 1024;
  assert.deepEqual((await written([frame(big), frame(big), frame(big), frame(10)])).writes, [2 * big, big + 10]);
  const max = 64 * 1024;
  assert.deepEqual((await written([frame(10), frame(2 * max), frame(10), frame(max - 10), frame(1)])).writes, [10, 2 * max, max, 1]);
  // The watch ended (its timeout): nothing more is written.
  const ended = new AbortController();
  ended.abort();
  assert.deepEqual(await written([frame(10)], ended.signal), { ok: false, writes: [] });
});

test('frame writes answer at once while the socket takes them, and wait for it to drain when it does not', async () => {
  const res = Object.assign(new EventEmitter(), { writes: [] as number[], full: false, write(chunk: Buffer) {
    this.writes.push(chunk.length);
    return !this.full;
  } });
  const ctx = { signal: new AbortController().signal, req: {}, res } as unknown as Parameters<typeof writeFrames>[0];
  const max = 64 * 1024;
  const frames = [Buffer.alloc(max), Buffer.alloc(max), Buffer.alloc(10)];
  assert.equal(writeFrames(ctx, frames, new AbortController().signal), true);
  assert.deepEqual(res.writes, [max, max, 10]);
  // The first write fills the socket: the rest follow its drain; a close instead ends the watch.
  res.writes = [];
  res.full = true;
  const waiting = writeFrames(ctx, frames, new AbortController().signal);
  assert.ok(waiting instanceof Promise);
  assert.deepEqual(res.writes, [max]);
  res.full = false;
  res.emit('drain');
  assert.equal(await waiting, true);
  assert.deepEqual(res.writes, [max, max, 10]);
  res.writes = [];
  res.full = true;
  const closing = writeFrames(ctx, frames, new AbortController().signal);
  res.emit('close');
  assert.equal(await closing, false);
  assert.deepEqual(res.writes, [max]);
  // The watch ends (its timeout) while a write waits: no more writes, and no waiting for a drain.
  res.writes = [];
  const ending = new AbortController();
  const ended = writeFrames(ctx, frames, ending.signal);
  ending.abort();
  assert.equal(await ended, false);
  assert.deepEqual(res.writes, [max]);
  assert.equal(res.listenerCount('drain') + res.listenerCount('close'), 0);
});
