import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compacted, isStorageError } from '../errors.js';
import type { Backend } from '../interface.js';
import { Cacher } from './cacher.js';
import { configMap, decode, flaky, keyOf, memoryBackend, PREFIX, startCacher, summary, take, until } from './test-support.js';

const signal = new AbortController().signal;

describe('Cacher: startup', () => {
  it('replays the backend history so that watches resume across a restart', async () => {
    const backend = memoryBackend();
    try {
      const first = await startCacher({ backend });
      const revisions: number[] = [];
      for (let i = 0; i < 4; i++) revisions.push((await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`))).modRevision);
      first.cacher.stop();

      const second = await startCacher({ backend });
      assert.equal(second.cacher.revision, revisions[3]);
      assert.equal(second.cacher.list(PREFIX).items.length, 4);
      const watch = second.cacher.watch({ keyPrefix: PREFIX, fromRevision: revisions[1] as number, initialEvents: false, bookmarks: false, signal });
      assert.deepEqual(summary(await take(watch, 2)), [`ADDED o2@${revisions[2]}`, `ADDED o3@${revisions[3]}`]);
      await watch.return();
      second.cacher.stop();
    } finally {
      await backend.close();
    }
  });

  it('starts from the compacted revision when history was compacted', async () => {
    const backend = memoryBackend();
    try {
      const revisions: number[] = [];
      for (let i = 0; i < 4; i++) revisions.push((await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`))).modRevision);
      await backend.compact(revisions[1] as number);
      const { cacher } = await startCacher({ backend });
      assert.equal(cacher.oldestRevision, revisions[1]);
      assert.equal(cacher.list(PREFIX).items.length, 4);
      assert.throws(
        () => cacher.watch({ keyPrefix: PREFIX, fromRevision: revisions[0] as number, initialEvents: false, bookmarks: false, signal }),
        (error: unknown) => isStorageError(error, 'Compacted'),
      );
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: revisions[1] as number, initialEvents: false, bookmarks: false, signal });
      assert.deepEqual((await take(watch, 2)).map((i) => i.revision), [revisions[2], revisions[3]]);
      cacher.stop();
    } finally {
      await backend.close();
    }
  });

  it('starts from the current state when compaction races with loading the old one', async () => {
    const inner = memoryBackend();
    try {
      for (let i = 0; i < 3; i++) await inner.create(keyOf('a', `o${i}`), configMap('a', `o${i}`));
      await inner.compact(2);
      let raced = false;
      const backend: Backend = {
        ...flaky(inner),
        range: (prefix, options) => {
          if (options?.revision !== undefined && !raced) {
            raced = true;
            return Promise.reject(compacted(options.revision, options.revision + 1));
          }
          return inner.range(prefix, options);
        },
      };
      const { cacher } = await startCacher({ backend });
      assert.ok(raced);
      assert.equal(cacher.revision, await inner.currentRevision());
      assert.equal(cacher.oldestRevision, cacher.revision);
      assert.equal(cacher.list(PREFIX).items.length, 3);
      cacher.stop();
    } finally {
      await inner.close();
    }
  });

  it('skips values it cannot decode and reports them', async () => {
    const backend = memoryBackend();
    try {
      await backend.create(keyOf('a', 'bad'), 'not json');
      const good = await backend.create(keyOf('a', 'good'), configMap('a', 'good'));
      const errors: unknown[] = [];
      const { cacher } = await startCacher({ backend, onError: (error) => errors.push(error) });
      assert.equal(errors.length, 1);
      assert.deepEqual(cacher.list(PREFIX).items.map((o) => o.key), [keyOf('a', 'good')]);
      assert.equal(cacher.revision, good.modRevision);
      cacher.stop();
    } finally {
      await backend.close();
    }
  });
});

describe('Cacher: backend watch failures', () => {
  it('resumes the backend watch after an error without losing or repeating events', async () => {
    const backend = flaky(memoryBackend());
    const errors: unknown[] = [];
    const { cacher, close } = await startCacher({ backend, onError: (error) => errors.push(error) });
    try {
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: cacher.revision, initialEvents: false, bookmarks: false, signal });
      const a = await backend.create(keyOf('a', 'a'), configMap('a', 'a'));
      await cacher.waitUntilFresh(a.modRevision);
      backend.hold();
      backend.breakWatches(new Error('connection reset'));
      await until(() => errors.length === 1);
      const b = await backend.create(keyOf('a', 'b'), configMap('a', 'b'));
      const c = await backend.create(keyOf('a', 'c'), configMap('a', 'c'));
      backend.release();
      assert.deepEqual(summary(await take(watch, 3)), [`ADDED a@${a.modRevision}`, `ADDED b@${b.modRevision}`, `ADDED c@${c.modRevision}`]);
      assert.equal(backend.watchCalls.at(-1), a.modRevision + 1);
      assert.equal(cacher.synced, true);
      await watch.return();
    } finally {
      await close();
    }
  });

  it('relists after a compaction gap and fails watchers with Compacted so clients relist', async () => {
    const backend = flaky(memoryBackend());
    const errors: unknown[] = [];
    const { cacher, close } = await startCacher({ backend, onError: (error) => errors.push(error) });
    try {
      const a = await backend.create(keyOf('a', 'a'), configMap('a', 'a'));
      await cacher.waitUntilFresh(a.modRevision);
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: cacher.revision, initialEvents: false, bookmarks: false, signal });
      backend.hold();
      backend.breakWatches(new Error('connection reset'));
      await until(() => errors.length === 1);
      await backend.delete(keyOf('a', 'a'));
      const b = await backend.create(keyOf('a', 'b'), configMap('a', 'b'));
      await backend.compact(b.modRevision);
      backend.release();
      await assert.rejects(watch.next(), (error: unknown) => isStorageError(error, 'Compacted'));
      await cacher.waitUntilFresh(b.modRevision);
      assert.deepEqual(cacher.list(PREFIX).items.map((o) => o.key), [keyOf('a', 'b')]);
      assert.equal(cacher.oldestRevision, b.modRevision);
      assert.ok(errors.some((error) => isStorageError(error, 'Compacted')));
      // The cache keeps following the backend after the relist.
      const next = cacher.watch({ keyPrefix: PREFIX, fromRevision: b.modRevision, initialEvents: false, bookmarks: false, signal });
      const c = await backend.create(keyOf('a', 'c'), configMap('a', 'c'));
      assert.deepEqual(summary(await take(next, 1)), [`ADDED c@${c.modRevision}`]);
      await next.return();
    } finally {
      await close();
    }
  });

  it('stop() during a backend outage ends cleanly', async () => {
    const backend = flaky(memoryBackend());
    const errors: unknown[] = [];
    const cacher = new Cacher({ backend, prefix: PREFIX, decode, onError: (error) => errors.push(error) });
    await cacher.start();
    backend.hold();
    backend.breakWatches(new Error('down'));
    await until(() => backend.held === 1);
    cacher.stop();
    backend.release();
    await until(() => backend.watchCalls.length === 2);
    assert.equal(cacher.synced, false);
    assert.equal(errors.length, 1);
    await backend.close();
  });
});
