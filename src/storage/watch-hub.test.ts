import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WatchBatch, WatchEvent } from './interface.js';
import { isStorageError, unavailable } from './errors.js';
import { eventRevision } from './watch-event.js';
import { createWatchHub, type HistoryReader, type WatchHubOptions } from './watch-hub.js';

interface FakeHistory {
  compacted: number;
  log: WatchEvent[];
  put(key: string): WatchEvent;
  reader: HistoryReader;
}

/** A fake backend: a list of events at revisions 2.. and a compacted revision. */
function fakeHistory(): FakeHistory {
  const log: WatchEvent[] = [];
  const history: FakeHistory = {
    compacted: 0,
    log,
    put(key: string): WatchEvent {
      const revision = log.length + 2;
      const event: WatchEvent = { type: 'PUT', kv: { key, value: 'v', createRevision: revision, modRevision: revision } };
      log.push(event);
      return event;
    },
    reader: {
      currentRevision: () => log.length + 1,
      compactedRevision: () => history.compacted,
      readEvents: (prefix, from, to, limit) =>
        log.filter((e) => eventRevision(e) >= from && eventRevision(e) <= to && e.type === 'PUT' && e.kv.key.startsWith(prefix)).slice(0, limit),
    },
  };
  return history;
}

function hubOn(history: FakeHistory, options: WatchHubOptions = {}) {
  const hub = createWatchHub(history.reader, options);
  const commit = (key: string): WatchEvent => {
    const event = history.put(key);
    hub.publish([event], history.reader.currentRevision());
    return event;
  };
  return { hub, commit };
}

const summary = (batch: WatchBatch): [number[], number] => [batch.events.map(eventRevision), batch.revision];

test('replay comes in pages, then live events follow without gap or duplicate', async () => {
  const history = fakeHistory();
  const { hub, commit } = hubOn(history, { replayPageSize: 2 });
  for (const key of ['/a/1', '/b/1', '/a/2', '/a/3', '/a/4']) commit(key); // revisions 2..6
  const iterator = hub.watch('/a/', 2, new AbortController().signal)[Symbol.asyncIterator]();
  commit('/a/5'); // revision 7: after registration, so live
  const batches: Array<[number[], number]> = [];
  for (let i = 0; i < 3; i++) {
    const next = await iterator.next();
    assert.ok(!next.done);
    batches.push(summary(next.value));
  }
  assert.deepEqual(batches, [
    [[2, 4], 4],
    [[5, 6], 6],
    [[7], 7],
  ]);
  await iterator.return?.();
  assert.equal(hub.size, 0);
});

test('commits the consumer has not taken yet merge into one batch; progress batches carry no events', async () => {
  const history = fakeHistory();
  const { hub, commit } = hubOn(history);
  const iterator = hub.watch('/a/', 0, new AbortController().signal)[Symbol.asyncIterator]();
  commit('/b/1');
  commit('/a/1');
  commit('/b/2');
  assert.deepEqual(summary((await iterator.next()).value as WatchBatch), [[3], 4]);
  commit('/b/3');
  const progress = iterator.next();
  hub.requestProgress(); // progress alone waits to be asked for
  assert.deepEqual(summary((await progress).value as WatchBatch), [[], 5]);
  await iterator.return?.();
});

test('a consumer that falls behind gets Unavailable and is dropped', async () => {
  const history = fakeHistory();
  const { hub, commit } = hubOn(history, { bufferLimit: 3 });
  const iterator = hub.watch('/a/', 0, new AbortController().signal)[Symbol.asyncIterator]();
  for (let i = 0; i < 4; i++) commit(`/a/${i}`);
  assert.equal(hub.size, 0, 'dropped at once, its buffer freed');
  await assert.rejects(iterator.next(), (e) => isStorageError(e, 'Unavailable') && /fell behind/.test(e.message));
});

test('abort ends a waiting consumer; close fails the others', async () => {
  const history = fakeHistory();
  const { hub } = hubOn(history);
  const controller = new AbortController();
  const waiting = hub.watch('/a/', 0, controller.signal)[Symbol.asyncIterator]().next();
  controller.abort();
  assert.deepEqual(await waiting, { done: true, value: undefined });
  const other = hub.watch('/a/', 0, new AbortController().signal)[Symbol.asyncIterator]();
  hub.close(unavailable('closing'));
  await assert.rejects(other.next(), (e) => isStorageError(e, 'Unavailable'));
  assert.equal(hub.size, 0);
});

test('a start below the compacted revision fails; a start in the future skips earlier events', async () => {
  const history = fakeHistory();
  const { hub, commit } = hubOn(history);
  commit('/a/0');
  commit('/a/1');
  history.compacted = 3;
  const old = hub.watch('/a/', 2, new AbortController().signal)[Symbol.asyncIterator]();
  await assert.rejects(old.next(), (e) => isStorageError(e, 'Compacted'));
  const future = hub.watch('/a/', 6, new AbortController().signal)[Symbol.asyncIterator]();
  commit('/a/2'); // 4
  commit('/a/3'); // 5
  commit('/a/4'); // 6
  assert.deepEqual(summary((await future.next()).value as WatchBatch), [[6], 6]);
  await future.return?.();
});

test('a replay with nothing under the prefix reports progress to the revision it covered', async () => {
  const history = fakeHistory();
  const { hub, commit } = hubOn(history);
  commit('/b/1');
  commit('/b/2');
  const iterator = hub.watch('/a/', 2, new AbortController().signal)[Symbol.asyncIterator]();
  assert.deepEqual(summary((await iterator.next()).value as WatchBatch), [[], 3]);
  await iterator.return?.();
});

test('each watcher gets the events under its prefix, whatever the prefix: a directory, a key, the root, none', async () => {
  const history = fakeHistory();
  const hub = createWatchHub(history.reader);
  const prefixes = ['/a/', '/a/b/', '/a/b', '/', '', '/a', '/b/'];
  const iterators = prefixes.map((prefix) => hub.watch(prefix, 0, new AbortController().signal)[Symbol.asyncIterator]());
  const events = ['/a/b', '/a/c', '/x', '/a/b/c', '/ab'].map((key) => history.put(key));
  hub.publish(events, history.reader.currentRevision());
  hub.requestProgress();
  const seen: Record<string, string[]> = {};
  for (const [i, iterator] of iterators.entries()) {
    const next = await iterator.next();
    assert.ok(!next.done);
    seen[prefixes[i] as string] = next.value.events.map((e) => (e.type === 'PUT' ? e.kv.key : e.key));
  }
  assert.deepEqual(seen, {
    '/a/': ['/a/b', '/a/c', '/a/b/c'],
    '/a/b/': ['/a/b/c'],
    '/a/b': ['/a/b', '/a/b/c'],
    '/': ['/a/b', '/a/c', '/x', '/a/b/c', '/ab'],
    '': ['/a/b', '/a/c', '/x', '/a/b/c', '/ab'],
    '/a': ['/a/b', '/a/c', '/a/b/c', '/ab'],
    '/b/': [],
  });
});
