import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runBackendContract } from '../contract.js';
import { isStorageError } from '../errors.js';
import { createMemoryBackend } from './memory-backend.js';

runBackendContract('memory', async () => {
  const backend = createMemoryBackend();
  return { backend, cleanup: () => backend.close() };
}, { durable: false });

describe('memory backend', () => {
  test('retention compacts what was committed before the history window', async () => {
    let now = 1_000_000;
    const backend = createMemoryBackend({ historyWindowMs: 60_000, clock: () => now });
    try {
      const old = await backend.create('/r/old', 'v');
      await backend.update('/r/old', 'v2', old.modRevision);
      now += 50_000;
      const recent = await backend.create('/r/recent', 'v');
      now += 20_000; // the first two writes are now 70 s old, the third 20 s
      assert.equal(await backend.applyRetention(), recent.modRevision);
      await assert.rejects(backend.range('/r/', { revision: recent.modRevision - 1 }), (e) => isStorageError(e, 'Compacted'));
      assert.equal((await backend.range('/r/', { revision: recent.modRevision })).count, 2);
      now += 120_000; // everything is old: compact up to the current revision, which stays readable
      assert.equal(await backend.applyRetention(), await backend.currentRevision());
      assert.equal((await backend.range('/r/')).count, 2);
    } finally {
      await backend.close();
    }
  });

  test('a watcher that does not keep up is ended with Unavailable', async () => {
    const backend = createMemoryBackend({ watchBufferLimit: 5 });
    try {
      const iterator = backend.watch('/w/', 0, new AbortController().signal)[Symbol.asyncIterator]();
      for (let i = 0; i < 10; i++) await backend.create(`/w/${i}`, 'v');
      await assert.rejects(iterator.next(), (e) => isStorageError(e, 'Unavailable') && /fell behind/.test(e.message));
    } finally {
      await backend.close();
    }
  });
});
