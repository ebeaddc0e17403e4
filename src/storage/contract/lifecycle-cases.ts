// Contract: TTL expiry, concurrent writers, durability across reopen, health check and close.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KeyValue } from '../interface.js';
import { isStorageError } from '../errors.js';
import { eventually, recordWatch, uniquePrefix, withBackend, type OpenFixture } from './helpers.js';

/** Registers the TTL, concurrency, reopen and check tests. */
/** `durable`: the backend keeps its data across close and reopen (the fixture provides `reopen`). */
export function lifecycleCases(open: OpenFixture, durable: boolean): void {
  test('a key written with a TTL expires as an ordinary delete', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const watch = recordWatch(backend, p, 0);
      try {
        const kept = await backend.create(`${p}kept`, 'stays');
        const short = await backend.create(`${p}short`, 'goes', { ttlSeconds: 1 });
        await eventually(async () => (await backend.get(`${p}short`)) === undefined, 'the TTL key to expire');
        const events = await watch.waitForEvents(3);
        const deletion = events[2];
        assert.equal(deletion?.type, 'DELETE');
        assert.deepEqual(deletion.type === 'DELETE' && deletion.prevKv, short);
        assert.ok(deletion.type === 'DELETE' && deletion.revision > short.modRevision);
        assert.deepEqual(await backend.get(`${p}kept`), kept);
      } finally {
        await watch.stop();
      }
    }));

  test('an update without a TTL removes the expiry', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const short = await backend.create(`${p}k`, 'v1', { ttlSeconds: 1 });
      const updated = await backend.update(`${p}k`, 'v2', short.modRevision);
      const marker = await backend.create(`${p}marker`, 'm', { ttlSeconds: 1 });
      await eventually(async () => (await backend.get(`${p}marker`)) === undefined, 'the marker to expire');
      assert.deepEqual(await backend.get(`${p}k`), updated, 'the key no longer expires');
      assert.ok(marker.modRevision > updated.modRevision);
    }));

  test('200 concurrent creates all succeed with distinct revisions', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const before = await backend.currentRevision();
      const kvs = await Promise.all(Array.from({ length: 200 }, (_, i) => backend.create(`${p}${i}`, `value ${i}`)));
      const after = await backend.currentRevision();
      const revisions = new Set(kvs.map((kv) => kv.modRevision));
      assert.equal(revisions.size, 200);
      for (const revision of revisions) assert.ok(revision > before && revision <= after);
      const listed = await backend.range(p);
      assert.equal(listed.count, 200);
      const byKey = new Map(kvs.map((kv) => [kv.key, kv]));
      for (const kv of listed.kvs) assert.deepEqual(kv, byKey.get(kv.key));
    }));

  test('concurrent compare-and-swap updates of one key: exactly one wins each round', () =>
    withBackend(open, async ({ backend }) => {
      const key = `${uniquePrefix()}counter`;
      let current: KeyValue = await backend.create(key, '0');
      for (let round = 1; round <= 5; round++) {
        const expected = current.modRevision;
        const settled = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => backend.update(key, `${round}/${i}`, expected)));
        const winners = settled.filter((s): s is PromiseFulfilledResult<KeyValue> => s.status === 'fulfilled');
        assert.equal(winners.length, 1, `round ${round}`);
        const winner = (winners[0] as PromiseFulfilledResult<KeyValue>).value;
        for (const s of settled) {
          if (s.status === 'fulfilled') continue;
          assert.ok(isStorageError(s.reason, 'Conflict'));
          assert.deepEqual(s.reason.current, winner, 'losers see the winning value');
        }
        current = winner;
      }
      assert.deepEqual(await backend.get(key), current);
    }));

  if (durable) test('data and revisions survive close and reopen', async () => {
    await withBackend(open, async (fixture) => {
      const backend = fixture.backend;
      const p = uniquePrefix();
      const a = await backend.create(`${p}a`, 'a1');
      await backend.create(`${p}b`, 'b1');
      const mid = await backend.currentRevision();
      await backend.update(`${p}a`, 'a2', a.modRevision);
      await backend.delete(`${p}b`);
      const before = { now: await backend.range(p), past: await backend.range(p, { revision: mid }) };
      const revision = await backend.currentRevision();
      await backend.close();
      const reopened = await (fixture.reopen as () => Promise<typeof backend>)();
      assert.equal(await reopened.currentRevision(), revision);
      assert.deepEqual(await reopened.range(p), before.now);
      assert.deepEqual(await reopened.range(p, { revision: mid }), before.past);
      const replay = recordWatch(reopened, p, a.modRevision);
      try {
        assert.equal((await replay.waitForEvents(4)).length, 4);
      } finally {
        await replay.stop();
      }
      const next = await reopened.create(`${p}c`, 'c');
      assert.equal(next.modRevision, revision + 1, 'numbering continues after the last revision');
    });
  });

  test('check succeeds while open; close is idempotent and ends use', () =>
    withBackend(open, async ({ backend }) => {
      await backend.check();
      const watch = recordWatch(backend, uniquePrefix(), 0);
      await backend.close();
      await backend.close();
      await assert.rejects(backend.check());
      await eventually(() => watch.ended, 'open watches to end at close');
      await watch.stop();
    }));
}
