// Contract: watch from a revision (history replay, live events, progress, abort, compaction).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WatchEvent } from '../interface.js';
import { isStorageError } from '../errors.js';
import { eventRevision } from '../watch-event.js';
import { describeEvent, eventually, recordWatch, rejectsWith, uniquePrefix, withBackend, type OpenFixture } from './helpers.js';

const revisionsOf = (events: WatchEvent[]): number[] => events.map(eventRevision);

/** Registers the watch tests. */
export function watchCases(open: OpenFixture): void {
  test('watch from a past revision replays history, then streams live events, with prevKv', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const a1 = await backend.create(`${p}a`, 'a1');
      const a2 = await backend.update(`${p}a`, 'a2', a1.modRevision);
      await backend.create(`${uniquePrefix()}other`, 'elsewhere');
      const b1 = await backend.create(`${p}b`, 'b1');
      const deleted = await backend.delete(`${p}a`);
      const watch = recordWatch(backend, p, a1.modRevision);
      try {
        await watch.waitForEvents(4);
        const c1 = await backend.create(`${p}c`, 'c1');
        const events = await watch.waitForEvents(5);
        assert.deepEqual(events, [
          { type: 'PUT', kv: a1 },
          { type: 'PUT', kv: a2, prevKv: a1 },
          { type: 'PUT', kv: b1 },
          { type: 'DELETE', key: `${p}a`, revision: deleted.revision, prevKv: a2 },
          { type: 'PUT', kv: c1 },
        ], events.map(describeEvent).join('\n'));
        for (const batch of watch.batches) {
          for (const event of batch.events) assert.ok(batch.revision >= eventRevision(event), 'batch revision covers its events');
        }
      } finally {
        await watch.stop();
      }
    }));

  test('the start revision is inclusive, and 0 means "after the current revision"', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const first = await backend.create(`${p}1`, 'one');
      const second = await backend.create(`${p}2`, 'two');
      const fromSecond = recordWatch(backend, p, second.modRevision);
      const fromNow = recordWatch(backend, p, 0);
      try {
        const third = await backend.create(`${p}3`, 'three');
        assert.deepEqual(revisionsOf(await fromSecond.waitForEvents(2)), [second.modRevision, third.modRevision]);
        assert.deepEqual(revisionsOf(await fromNow.waitForEvents(1)), [third.modRevision]);
        assert.ok(first.modRevision < second.modRevision);
      } finally {
        await fromSecond.stop();
        await fromNow.stop();
      }
    }));

  test('writes outside the prefix advance the watch with progress batches, on request', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const watch = recordWatch(backend, p, (await backend.currentRevision()) + 1);
      try {
        const elsewhere = await backend.create(`${uniquePrefix()}x`, 'x');
        // Progress alone is handed over when asked for (requestProgress), not at every foreign write.
        await eventually(() => {
          backend.requestProgress();
          return watch.batches.some((b) => b.revision >= elsewhere.modRevision);
        }, 'a progress batch');
        assert.deepEqual(watch.events(), [], 'progress batches carry no events');
        assert.ok(watch.batches.every((b) => b.events.length === 0));
        const mine = await backend.create(`${p}k`, 'v');
        assert.deepEqual(revisionsOf(await watch.waitForEvents(1)), [mine.modRevision]);
      } finally {
        await watch.stop();
      }
    }));

  test('aborting the signal ends the iterator', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const watch = recordWatch(backend, p, 0);
      await backend.create(`${p}k`, 'v');
      await watch.waitForEvents(1);
      await watch.stop();
      assert.equal(watch.ended, true);
      assert.equal(watch.error, undefined, 'an aborted watch ends without error');
      const aborted = AbortSignal.abort();
      const batches: unknown[] = [];
      for await (const batch of backend.watch(p, 1, aborted)) batches.push(batch);
      assert.deepEqual(batches, [], 'a watch on an aborted signal yields nothing');
    }));

  test('a watch from a compacted revision fails with Compacted from the iterator', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const first = await backend.create(`${p}a`, 'a');
      const second = await backend.update(`${p}a`, 'a2', first.modRevision);
      await backend.create(`${p}b`, 'b');
      await backend.compact(second.modRevision);
      const controller = new AbortController();
      const iterator = backend.watch(p, first.modRevision, controller.signal)[Symbol.asyncIterator]();
      await rejectsWith(iterator.next(), 'Compacted');
      controller.abort();
      const atCompacted = recordWatch(backend, p, second.modRevision);
      try {
        const events = await atCompacted.waitForEvents(2);
        assert.deepEqual(events[0], { type: 'PUT', kv: second, prevKv: first }, 'the compacted revision keeps its prevKv');
      } finally {
        await atCompacted.stop();
      }
    }));

  test('racing writes reach a replaying watch exactly once, in revision order', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const start = (await backend.currentRevision()) + 1;
      const early = await Promise.all(Array.from({ length: 20 }, (_, i) => backend.create(`${p}early${i}`, 'v')));
      const watch = recordWatch(backend, p, start);
      try {
        const late = await Promise.all(Array.from({ length: 50 }, (_, i) => backend.create(`${p}late${i}`, 'v')));
        const events = await watch.waitForEvents(70);
        const expected = [...early, ...late].map((kv) => kv.modRevision).sort((x, y) => x - y);
        assert.deepEqual(revisionsOf(events), expected);
        await backend.create(`${p}last`, 'v');
        assert.equal((await watch.waitForEvents(71)).length, 71);
      } finally {
        await watch.stop();
      }
      assert.ok(!isStorageError(watch.error));
    }));
}
