import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cacheEvent } from './cache-event.js';
import { cachedObjectOf } from './cached-object.js';
import { Watcher, type WatcherOptions } from './watcher.js';
import { summary, take } from './test-support.js';

const added = (name: string, revision: number) => cacheEvent('ADDED', cachedObjectOf(`/r/ns/${name}`, revision, { metadata: { name } }));

function watcher(options: Partial<WatcherOptions> = {}): { watcher: Watcher; closed: () => number } {
  let closed = 0;
  const created = new Watcher({ keyPrefix: '/r/', bookmarks: true, bufferSize: 100, fromRevision: 0, onClose: () => closed++, ...options });
  return { watcher: created, closed: () => closed };
}

describe('Watcher', () => {
  it('delivers initial objects, then replayed history filtered by key, then live events', async () => {
    const { watcher: w } = watcher({ keyPrefix: '/r/ns/' });
    const initial = added('i', 1).object;
    const other = cacheEvent('ADDED', cachedObjectOf('/r/other/x', 3, { metadata: { name: 'x' } }));
    w.open([initial], [added('r', 2), other]);
    w.deliver(added('l', 4));
    assert.deepEqual(summary(await take(w, 3)), ['ADDED i@1', 'ADDED r@2', 'ADDED l@4']);
  });

  it('hands over what is ready without waiting (takeReady), then nothing until more comes', async () => {
    const { watcher: w } = watcher();
    assert.equal(w.takeReady(), undefined); // not open yet
    w.open([added('i', 1).object], [added('r', 2)]);
    w.deliver(added('l', 3));
    assert.deepEqual(summary([w.takeReady(), w.takeReady(), w.takeReady()].filter((item) => item !== undefined)), ['ADDED i@1', 'ADDED r@2', 'ADDED l@3']);
    assert.equal(w.takeReady(), undefined);
    const pending = w.next();
    w.deliver(added('m', 4));
    assert.deepEqual(summary([(await pending).value!]), ['ADDED m@4']);
    w.end();
    assert.equal(w.takeReady(), undefined);
  });

  it('wakes a waiting reader and sends only bookmarks that move forward, coalescing unread ones', async () => {
    const { watcher: w } = watcher({ fromRevision: 5 });
    w.open([], []);
    const pending = w.next();
    w.bookmark(5);
    w.bookmark(6);
    assert.deepEqual((await pending).value, { type: 'BOOKMARK', revision: 6 });
    w.bookmark(7);
    w.bookmark(9);
    w.deliver(added('a', 10));
    w.bookmark(10);
    assert.deepEqual(summary(await take(w, 2)), ['BOOKMARK@9', 'ADDED a@10']);
  });

  it('ignores bookmarks when not asked for', async () => {
    const { watcher: w } = watcher({ bookmarks: false });
    w.open([], []);
    w.bookmark(3);
    w.deliver(added('a', 4));
    assert.deepEqual(summary(await take(w, 1)), ['ADDED a@4']);
  });

  it('closes as unresponsive when the buffer overflows: what it holds, then a clean end (no error)', async () => {
    const { watcher: w, closed } = watcher({ bufferSize: 2 });
    w.open([], []);
    for (let i = 1; i <= 3; i++) w.deliver(added(`o${i}`, i));
    assert.equal(closed(), 1);
    assert.equal(w.active, false);
    assert.deepEqual(summary(await take(w, 2)), ['ADDED o1@1', 'ADDED o2@2']);
    assert.equal((await w.next()).done, true);
    assert.equal((await w.next()).done, true);
    assert.equal(closed(), 1);
  });

  it('ends at once on end() or return(), calling onClose once', async () => {
    const { watcher: w, closed } = watcher();
    w.open([], []);
    w.deliver(added('a', 1));
    const result = await w.return();
    assert.equal(result.done, true);
    assert.equal((await w.next()).done, true);
    w.end();
    assert.equal(closed(), 1);
  });
});
