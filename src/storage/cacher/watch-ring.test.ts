import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cacheEvent } from './cache-event.js';
import { cachedObjectOf } from './cached-object.js';
import { ENCODED_EVENTS, WatchRing } from './watch-ring.js';

const eventAt = (revision: number) =>
  cacheEvent('ADDED', cachedObjectOf(`/r/o${revision}`, revision, { metadata: { name: `o${revision}` } }));

describe('WatchRing', () => {
  it('returns events strictly after a revision', () => {
    const ring = new WatchRing(60_000, 100);
    ring.reset(10);
    for (const revision of [12, 13, 17]) ring.append(eventAt(revision), 0);
    const cases: Array<[number, number[] | undefined]> = [
      [9, undefined],
      [10, [12, 13, 17]],
      [12, [13, 17]],
      [14, [17]],
      [17, []],
      [30, []],
    ];
    for (const [from, expected] of cases) assert.deepEqual(ring.since(from)?.map((e) => e.revision), expected, `from ${from}`);
  });

  it('keeps the encodings of its newest events, and of those a watcher has yet to hand over', () => {
    const ring = new WatchRing(60_000, 4 * ENCODED_EVENTS);
    ring.reset(0);
    const events = Array.from({ length: ENCODED_EVENTS + 10 }, (_, i) => eventAt(i + 1));
    let calls = 0;
    for (const event of events) {
      event.encoded('json', () => ++calls);
      ring.append(event, 0);
    }
    /** Whether event `revision` is encoded again (its memo was released). */
    const encodesAgain = (revision: number): boolean => {
      const before = calls;
      (events[revision - 1] as (typeof events)[number]).encoded('json', () => ++calls);
      return calls > before;
    };
    // A watcher has yet to hand over revisions 4 and later: only 1 to 3 let their encodings go.
    ring.releaseEncodings(() => 4);
    assert.deepEqual([1, 3, 4, 10].map(encodesAgain), [true, true, false, false]);
    // No watcher is behind: all but the newest ENCODED_EVENTS (revisions 11 and later) let theirs go.
    ring.releaseEncodings(() => Infinity);
    assert.deepEqual([4, 10, 11, ENCODED_EVENTS + 10].map(encodesAgain), [true, true, false, false]);
    // Still held and resumable from: only the memo went.
    assert.equal(ring.since(0)?.length, ENCODED_EVENTS + 10);
  });

  it('evicts by capacity and by age, moving the oldest resumable revision', () => {
    const ring = new WatchRing(1_000, 3);
    ring.reset(1);
    for (let revision = 2; revision <= 6; revision++) ring.append(eventAt(revision), revision * 100);
    assert.equal(ring.size, 3);
    assert.equal(ring.oldestRevision, 3);
    assert.deepEqual(ring.since(3)?.map((e) => e.revision), [4, 5, 6]);
    assert.equal(ring.since(2), undefined);
    ring.evict(1_550);
    assert.equal(ring.oldestRevision, 5);
    assert.deepEqual(ring.since(5)?.map((e) => e.revision), [6]);
    ring.evict(10_000);
    assert.equal(ring.size, 0);
    assert.equal(ring.oldestRevision, 6);
    assert.deepEqual(ring.since(6), []);
  });

  it('stays correct across compaction of its arrays', () => {
    const ring = new WatchRing(60_000, 500);
    for (let revision = 1; revision <= 5_000; revision++) ring.append(eventAt(revision), 0);
    assert.equal(ring.oldestRevision, 4_500);
    assert.deepEqual(ring.since(4_997)?.map((e) => e.revision), [4_998, 4_999, 5_000]);
  });
});
