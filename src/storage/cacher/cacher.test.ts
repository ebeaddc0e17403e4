import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError } from '../errors.js';
import type { CacheEvent, WatchItem } from './cache-event.js';
import type { CachedObject } from './cached-object.js';
import { configMap, keepAlive, keyOf, PREFIX, startCacher, summary, take } from './test-support.js';
import { ENCODED_EVENTS } from './watch-ring.js';

const hasLabel = (value: string) => (o: CachedObject): boolean => o.object.metadata.labels?.['tier'] === value;

describe('Cacher: state', () => {
  it('serves gets and lists in key order, narrowed by namespace and filtered', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      for (const [ns, name, tier] of [['b', 'x', 'web'], ['a', 'z', 'db'], ['a', 'y', 'web'], ['ab', 'w', 'web']] as const) {
        await backend.create(keyOf(ns, name), configMap(ns, name, { tier }));
      }
      const current = await backend.currentRevision();
      await cacher.waitUntilFresh(current);
      const names = (items: CachedObject[]): string[] => items.map((o) => `${o.object.metadata.namespace}/${o.object.metadata.name}`);
      assert.deepEqual(names(cacher.list(PREFIX).items), ['a/y', 'a/z', 'ab/w', 'b/x']);
      assert.deepEqual(names(cacher.list(`${PREFIX}a/`).items), ['a/y', 'a/z']);
      assert.deepEqual(names(cacher.list(PREFIX, hasLabel('web')).items), ['a/y', 'ab/w', 'b/x']);
      assert.deepEqual(names(cacher.list(keyOf('a', 'y')).items), ['a/y']);
      assert.equal(cacher.list(PREFIX).revision, current);
      const got = cacher.get(keyOf('a', 'z'));
      assert.ok(got);
      assert.equal(got.object.metadata.resourceVersion, String(got.revision));
      assert.equal(got.json, JSON.stringify(got.object));
      assert.deepEqual([got.namespace, got.name, got.labels], ['a', 'z', got.object.metadata.labels]);
      assert.equal(cacher.synced, true);
    } finally {
      await close();
    }
  });

  it('tracks updates and deletes, and reports deletions at the deletion revision', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const created = await backend.create(keyOf('a', 'one'), configMap('a', 'one'));
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: created.modRevision, initialEvents: false, bookmarks: false, signal: new AbortController().signal });
      const updated = await backend.update(keyOf('a', 'one'), configMap('a', 'one', { v: '2' }), created.modRevision);
      const deleted = await backend.delete(keyOf('a', 'one'));
      const [modified, removed] = (await take(watch, 2)) as CacheEvent[];
      assert.equal(modified?.type, 'MODIFIED');
      assert.equal(modified?.prevObject?.revision, created.modRevision);
      assert.equal(removed?.type, 'DELETED');
      assert.equal(removed?.revision, deleted.revision);
      assert.equal(removed?.object.object.metadata.resourceVersion, String(deleted.revision));
      assert.deepEqual(removed?.object.object.metadata.labels, { v: '2' });
      assert.equal(removed?.prevObject?.revision, updated.modRevision);
      assert.equal(cacher.get(keyOf('a', 'one')), undefined);
      await watch.return();
    } finally {
      await close();
    }
  });
});

describe('Cacher: generation', () => {
  it('changes with the cached objects only, not with progress from other prefixes', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const start = cacher.generation;
      const created = await backend.create(keyOf('a', 'one'), configMap('a', 'one'));
      await cacher.waitUntilFresh(created.modRevision);
      const afterCreate = cacher.generation;
      assert.notEqual(afterCreate, start);
      const other = await backend.create('/elsewhere/x', configMap('a', 'x'));
      await cacher.waitUntilFresh(other.modRevision);
      assert.equal(cacher.generation, afterCreate);
      const deleted = await backend.delete(keyOf('a', 'one'));
      await cacher.waitUntilFresh(deleted.revision);
      assert.notEqual(cacher.generation, afterCreate);
    } finally {
      await close();
    }
  });
});

describe('Cacher: watch', () => {
  it('starts with synthetic ADDED for the current state, then changes after it', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      await backend.create(keyOf('a', 'b'), configMap('a', 'b'));
      const a = await backend.create(keyOf('a', 'a'), configMap('a', 'a'));
      await cacher.waitUntilFresh(a.modRevision);
      const watch = cacher.watch({ keyPrefix: `${PREFIX}a/`, fromRevision: 0, initialEvents: true, bookmarks: false, signal: new AbortController().signal });
      const c = await backend.create(keyOf('a', 'c'), configMap('a', 'c'));
      await backend.create(keyOf('other', 'x'), configMap('other', 'x'));
      const items = await take(watch, 3);
      assert.deepEqual(summary(items), [`ADDED a@${a.modRevision}`, `ADDED b@${a.modRevision - 1}`, `ADDED c@${c.modRevision}`]);
      await watch.return();
    } finally {
      await close();
    }
  });

  it('resumes from a revision: every later event exactly once, in order', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const revisions: number[] = [];
      for (let i = 0; i < 6; i++) revisions.push((await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`))).modRevision);
      await cacher.waitUntilFresh(revisions[5] as number);
      const from = revisions[2] as number;
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: from, initialEvents: false, bookmarks: false, signal: new AbortController().signal });
      const live = await backend.create(keyOf('a', 'o6'), configMap('a', 'o6'));
      const items = await take(watch, 4);
      assert.deepEqual(items.map((i) => i.revision), [revisions[3], revisions[4], revisions[5], live.modRevision]);
      await watch.return();
    } finally {
      await close();
    }
  });

  it('refuses revisions older than its history with Compacted, synchronously', async () => {
    const { cacher, backend, close } = await startCacher({ historyCapacity: 2 });
    try {
      const revisions: number[] = [];
      for (let i = 0; i < 5; i++) revisions.push((await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`))).modRevision);
      await cacher.waitUntilFresh(revisions[4] as number);
      // Two events are held (revisions[3], revisions[4]): resuming after revisions[2] is the oldest possible.
      assert.equal(cacher.oldestRevision, revisions[2]);
      const signal = new AbortController().signal;
      assert.throws(
        () => cacher.watch({ keyPrefix: PREFIX, fromRevision: (revisions[2] as number) - 1, initialEvents: false, bookmarks: false, signal }),
        (error: unknown) => isStorageError(error, 'Compacted'),
      );
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: revisions[2] as number, initialEvents: false, bookmarks: false, signal });
      assert.deepEqual((await take(watch, 2)).map((i) => i.revision), [revisions[3], revisions[4]]);
      await watch.return();
    } finally {
      await close();
    }
  });

  it('turns MODIFIED into ADDED or DELETED when an object enters or leaves the filter', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const key = keyOf('a', 'o');
      const v1 = await backend.create(key, configMap('a', 'o', { tier: 'db' }));
      await cacher.waitUntilFresh(v1.modRevision);
      const signal = new AbortController().signal;
      const open = () => cacher.watch({ keyPrefix: PREFIX, fromRevision: v1.modRevision, initialEvents: false, predicate: hasLabel('web'), bookmarks: false, signal });
      const first = open();
      const second = open();
      const v2 = await backend.update(key, configMap('a', 'o', { tier: 'web' }), v1.modRevision);
      const v3 = await backend.update(key, configMap('a', 'o', { tier: 'web', x: '1' }), v2.modRevision);
      const v4 = await backend.update(key, configMap('a', 'o', { tier: 'db' }), v3.modRevision);
      await backend.update(key, configMap('a', 'o', { tier: 'cache' }), v4.modRevision);
      const v6 = await backend.delete(key);
      const seen = await take(first, 3);
      assert.deepEqual(seen.map((i) => `${i.type}@${i.revision}`), [`ADDED@${v2.modRevision}`, `MODIFIED@${v3.modRevision}`, `DELETED@${v4.modRevision}`]);
      const left = seen[2] as CacheEvent;
      // The DELETED carries the last state that matched, stamped with the revision that made it leave.
      assert.equal(left.object.object.metadata.labels?.['x'], '1');
      assert.equal(left.object.object.metadata.resourceVersion, String(v4.modRevision));
      // Watchers seeing the same transition share one event (and so its encodings).
      const other = await take(second, 3);
      assert.equal(other[0], seen[0]);
      assert.equal(other[2], seen[2]);
      const after = await backend.create(keyOf('a', 'p'), configMap('a', 'p', { tier: 'web' }));
      assert.deepEqual(summary(await take(first, 1)), [`ADDED p@${after.modRevision}`]);
      assert.ok(v6.revision < after.modRevision);
      await first.return();
      await second.return();
    } finally {
      await close();
    }
  });

  it('watches one exact key, not keys it is a prefix of', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const rev = await backend.currentRevision();
      const watch = cacher.watch({ keyPrefix: keyOf('a', 'web'), fromRevision: rev, initialEvents: false, bookmarks: false, signal: new AbortController().signal });
      await backend.create(keyOf('a', 'web-2'), configMap('a', 'web-2'));
      const web = await backend.create(keyOf('a', 'web'), configMap('a', 'web'));
      assert.deepEqual(summary(await take(watch, 1)), [`ADDED web@${web.modRevision}`]);
      await watch.return();
    } finally {
      await close();
    }
  });

  it('encodes each event once however many watchers see it', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const rev = await backend.currentRevision();
      const signal = new AbortController().signal;
      const watches = Array.from({ length: 5 }, () => cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: false, signal }));
      for (let i = 0; i < 3; i++) await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`));
      let encodings = 0;
      const encodedByWatch: string[][] = [];
      for (const watch of watches) {
        const items = (await take(watch, 3)) as CacheEvent[];
        encodedByWatch.push(items.map((event) => event.encoded('json', () => {
          encodings++;
          return `{"type":"${event.type}","object":${event.object.json}}`;
        })));
      }
      assert.equal(encodings, 3);
      for (const encoded of encodedByWatch) assert.deepEqual(encoded, encodedByWatch[0]);
      for (const watch of watches) await watch.return();
    } finally {
      await close();
    }
  });

  it('keeps the encodings of events a watcher has yet to hand over, past the newest ENCODED_EVENTS', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const rev = await backend.currentRevision();
      const signal = new AbortController().signal;
      const [fast, slow] = [0, 1].map(() => cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: false, signal }));
      const count = ENCODED_EVENTS + 5;
      for (let i = 0; i < count; i++) await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`));
      await cacher.waitUntilFresh(await backend.currentRevision());
      let encodings = 0;
      const encode = (event: CacheEvent): unknown => event.encoded('json', () => ++encodings);
      // The slow watcher holds the oldest events: the fast one's encodings of them are kept for it.
      const seen = (await take(fast!, count)) as CacheEvent[];
      seen.forEach(encode);
      ((await take(slow!, count)) as CacheEvent[]).forEach(encode);
      assert.equal(encodings, count);
      // Once no watcher holds them, the next batch lets the encodings of all but the newest go.
      const first = seen[0]!;
      const { modRevision } = await backend.create(keyOf('a', 'last'), configMap('a', 'last'));
      await cacher.waitUntilFresh(modRevision);
      for (const watch of [fast, slow]) await take(watch!, 1);
      encode(first);
      assert.equal(encodings, count + 1);
      for (const watch of [fast, slow]) await watch!.return();
    } finally {
      await close();
    }
  });

  it('closes a watcher that falls behind its buffer, as upstream closes unresponsive watchers, without affecting the others', async () => {
    const { cacher, backend, close } = await startCacher({ watcherBufferSize: 3 });
    try {
      const rev = await backend.currentRevision();
      const signal = new AbortController().signal;
      const slow = cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: false, signal });
      const fast = cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: false, signal });
      const fastItems: WatchItem[] = [];
      for (let i = 0; i < 6; i++) {
        const { modRevision } = await backend.create(keyOf('a', `o${i}`), configMap('a', `o${i}`));
        await cacher.waitUntilFresh(modRevision);
        fastItems.push(...(await take(fast, 1)));
      }
      assert.equal(fastItems.length, 6);
      // The slow watcher still gets what it had buffered, then a clean end (its client watches again).
      assert.equal((await take(slow, 3)).length, 3);
      assert.equal((await slow.next()).done, true);
      assert.equal(cacher.stats().watchers, 1);
      await fast.return();
    } finally {
      await close();
    }
  });

  it('waits for a revision ahead of the cache, or times out', async () => {
    const { cacher, backend, close } = await startCacher({ freshTimeoutMs: 50 });
    try {
      const rev = await backend.currentRevision();
      const signal = new AbortController().signal;
      const ahead = cacher.watch({ keyPrefix: PREFIX, fromRevision: rev + 1, initialEvents: false, bookmarks: false, signal });
      await backend.create(keyOf('a', 'skipped'), configMap('a', 'skipped'));
      const next = await backend.create(keyOf('a', 'seen'), configMap('a', 'seen'));
      assert.deepEqual(summary(await take(ahead, 1)), [`ADDED seen@${next.modRevision}`]);
      await ahead.return();
      const never = cacher.watch({ keyPrefix: PREFIX, fromRevision: next.modRevision + 100, initialEvents: false, bookmarks: false, signal });
      await assert.rejects(never.next(), (error: unknown) => isStorageError(error, 'Timeout'));
      await assert.rejects(cacher.waitUntilFresh(next.modRevision + 100), (error: unknown) => isStorageError(error, 'Timeout'));
    } finally {
      await close();
    }
  });

  it('ends a watch when its signal aborts', async () => {
    const { cacher, close } = await startCacher();
    try {
      const controller = new AbortController();
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: cacher.revision, initialEvents: false, bookmarks: false, signal: controller.signal });
      const pending = watch.next();
      assert.equal(cacher.stats().watchers, 1);
      controller.abort();
      assert.equal((await pending).done, true);
      assert.equal(cacher.stats().watchers, 0);
    } finally {
      await close();
    }
  });
});

describe('Cacher: freshness and bookmarks', () => {
  it('advances its revision on progress from other prefixes', async () => {
    const { cacher, backend, close } = await startCacher();
    try {
      const fresh = cacher.waitUntilFresh(cacher.revision + 1, 60_000);
      const other = await backend.create('/registry/secrets/a/s', '{}');
      await fresh;
      assert.equal(cacher.revision, other.modRevision);
      assert.equal(cacher.list(PREFIX).revision, other.modRevision);
    } finally {
      await close();
    }
  });

  it('sends bookmarks carrying the current revision when it moved, only when asked', async () => {
    const { cacher, backend, close } = await startCacher({ bookmarkIntervalMs: 5 });
    const stopKeepAlive = keepAlive();
    try {
      const rev = cacher.revision;
      const signal = new AbortController().signal;
      const withBookmarks = cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: true, signal });
      const without = cacher.watch({ keyPrefix: PREFIX, fromRevision: rev, initialEvents: false, bookmarks: false, signal });
      const other = await backend.create('/registry/secrets/a/s', '{}');
      assert.deepEqual(await take(withBookmarks, 1), [{ type: 'BOOKMARK', revision: other.modRevision }]);
      const created = await backend.create(keyOf('a', 'o'), configMap('a', 'o'));
      assert.deepEqual(summary(await take(without, 1)), [`ADDED o@${created.modRevision}`]);
      assert.deepEqual(summary(await take(withBookmarks, 1)), [`ADDED o@${created.modRevision}`]);
      await withBookmarks.return();
      await without.return();
    } finally {
      stopKeepAlive();
      await close();
    }
  });

  it('sends a bookmark 2 s before a watch\'s deadline, however long the bookmark interval', async () => {
    const { cacher, backend, close } = await startCacher();
    const stopKeepAlive = keepAlive();
    try {
      const started = Date.now();
      const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: cacher.revision, initialEvents: false, bookmarks: true, deadline: started + 3_000, signal: new AbortController().signal });
      const other = await backend.create('/registry/secrets/a/s', '{}');
      assert.deepEqual(await take(watch, 1), [{ type: 'BOOKMARK', revision: other.modRevision }]);
      const elapsed = Date.now() - started;
      assert.ok(elapsed >= 900 && elapsed < 3_000, `bookmark after ${elapsed} ms`);
      await watch.return();
    } finally {
      stopKeepAlive();
      await close();
    }
  });

  it('stop() ends watches and rejects waits', async () => {
    const { cacher, close } = await startCacher();
    const watch = cacher.watch({ keyPrefix: PREFIX, fromRevision: cacher.revision, initialEvents: false, bookmarks: false, signal: new AbortController().signal });
    const pending = watch.next();
    const wait = cacher.waitUntilFresh(cacher.revision + 10, 60_000);
    cacher.stop();
    assert.equal((await pending).done, true);
    await assert.rejects(wait, (error: unknown) => isStorageError(error, 'Unavailable'));
    assert.equal(cacher.synced, false);
    assert.throws(() => cacher.watch({ keyPrefix: PREFIX, fromRevision: 0, initialEvents: true, bookmarks: false, signal: new AbortController().signal }));
    await close();
  });
});
