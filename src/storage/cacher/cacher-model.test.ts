// Model check: under random writes, a watcher's view rebuilt from its events equals the cache's filtered list,
// whether it started from initial events or resumed from a past revision (no event lost, none repeated).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Backend } from '../interface.js';
import type { CachedObject } from './cached-object.js';
import type { CacheWatch } from './watcher.js';
import { configMap, keyOf, PREFIX, startCacher } from './test-support.js';

const write = fc.record({ name: fc.constantFrom('a', 'b', 'c', 'd'), tier: fc.constantFrom('web', 'db', 'delete') });
const selected = (o: CachedObject): boolean => o.object.metadata.labels?.['tier'] === 'web' || o.object.metadata.name === 'sentinel';

async function applyWrite(backend: Backend, name: string, tier: string): Promise<void> {
  const key = keyOf('ns', name);
  const current = await backend.get(key);
  if (tier === 'delete') {
    if (current !== undefined) await backend.delete(key);
  } else if (current === undefined) {
    await backend.create(key, configMap('ns', name, { tier }));
  } else {
    await backend.update(key, configMap('ns', name, { tier, n: String(current.modRevision) }), current.modRevision);
  }
}

/** Applies a watch's events to `state` until the sentinel is seen; checks each transition is legal. */
async function follow(watch: CacheWatch, state: Map<string, string>): Promise<void> {
  for await (const item of watch) {
    if (item.type === 'BOOKMARK') continue;
    const { key, json, object } = item.object;
    if (item.type === 'DELETED') assert.ok(state.delete(key), `DELETED of unseen ${key}`);
    else {
      assert.equal(state.has(key), item.type === 'MODIFIED', `${item.type} of ${key}`);
      state.set(key, json);
    }
    if (object.metadata.name === 'sentinel') return;
  }
}

const view = (items: CachedObject[]): Map<string, string> => new Map(items.map((o) => [o.key, o.json]));

describe('Cacher model', () => {
  it('watchers rebuild exactly the filtered state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 30 }), fc.array(write, { maxLength: 30 }), async (before, after) => {
        const { cacher, backend, close } = await startCacher({ historyCapacity: 1_000 });
        try {
          for (const w of before) await applyWrite(backend, w.name, w.tier);
          const signal = new AbortController().signal;
          const middle = await backend.currentRevision();
          await cacher.waitUntilFresh(middle);
          const initial = cacher.watch({ keyPrefix: PREFIX, fromRevision: 0, initialEvents: true, predicate: selected, bookmarks: false, signal });
          const resumed = cacher.watch({ keyPrefix: PREFIX, fromRevision: 1, initialEvents: false, predicate: selected, bookmarks: false, signal });
          for (const w of after) await applyWrite(backend, w.name, w.tier);
          await backend.create(keyOf('ns', 'sentinel'), configMap('ns', 'sentinel'));
          const fromInitial = new Map<string, string>();
          const fromResumed = new Map<string, string>();
          await follow(initial, fromInitial);
          await follow(resumed, fromResumed);
          const expected = view(cacher.list(PREFIX, selected).items);
          assert.deepEqual(fromInitial, expected);
          assert.deepEqual(fromResumed, expected);
          const everything = (await backend.range(PREFIX)).kvs.map((kv) => [kv.key, JSON.parse(kv.value) as KubeObject] as const);
          assert.deepEqual(cacher.list(PREFIX).items.map((o) => o.key), everything.map(([key]) => key));
        } finally {
          await close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
