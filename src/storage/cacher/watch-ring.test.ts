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

  it('keeps the encodings of its newest events only', () => {
    const ring = new WatchRing(60_000, 2 * ENCODED_EVENTS);
    ring.reset(0);
    const events = Array.from({ length: ENCODED_EVENTS + 2 }, (_, i) => eventAt(i + 1));
    let calls = 0;
    for (const event of events) {
      event.encoded('json', () => ++calls);
      ring.append(event, 0);
    }
    const encodeAgain = (index: number): boolean => {
      const before = calls;
      (events[index] as (typeof events)[number]).encoded('json', () => ++calls);
      return calls > before;
    };
    assert.deepEqual([encodeAgain(0), encodeAgain(1), encodeAgain(2), encodeAgain(ENCODED_EVENTS + 1)], [true, true, false, false]);
    // Still held and resumable from: only the memo went.
    assert.equal(ring.since(0)?.length, ENCODED_EVENTS + 2);
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
