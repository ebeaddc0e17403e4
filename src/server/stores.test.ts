import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMemoryBackend } from '../storage/memory/index.js';
import { builtInResources } from '../apis/index.js';
import { buildStores } from './stores.js';

test('--event-ttl gives the events storage its TTL: an hour by default, none for 0; other storages have none', async () => {
  const cases: Array<[number | undefined, number | undefined]> = [[undefined, 3600], [90, 90], [0, undefined], [-5, undefined]];
  for (const [eventTtlSeconds, expected] of cases) {
    const backend = createMemoryBackend();
    const served = buildStores(backend, '/registry', builtInResources(), eventTtlSeconds === undefined ? {} : { eventTtlSeconds });
    assert.equal(served.storages.get('events')?.ttlSeconds, expected, `eventTtlSeconds ${eventTtlSeconds}`);
    assert.equal(served.storages.get('configmaps')?.ttlSeconds, undefined);
    await backend.close();
  }
});
