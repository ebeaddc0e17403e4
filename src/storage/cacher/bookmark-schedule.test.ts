import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BookmarkSchedule, nextBookmarkTime } from './bookmark-schedule.js';
import type { Watcher } from './watcher.js';

test("nextBookmarkTime as upstream's cacheWatcher: every interval, 2 s before the deadline when sooner, none after", () => {
  const cases: Array<[string, number, number | undefined, number | undefined]> = [
    ['no deadline', 1_000, undefined, 61_000],
    ['a far deadline', 1_000, 600_000, 61_000],
    ['a deadline within the interval', 1_000, 9_000, 7_000],
    ['2 s before the deadline is now', 7_000, 9_000, 7_000],
    ['the deadline too close', 8_000, 9_000, undefined],
  ];
  for (const [name, now, deadline, expected] of cases) assert.equal(nextBookmarkTime(now, deadline, 60_000), expected, name);
});

test('BookmarkSchedule hands out due watchers and schedules them again until their deadline', () => {
  const schedule = new BookmarkSchedule(60_000);
  const a = {} as Watcher;
  const b = {} as Watcher;
  schedule.add(a, 0, undefined);
  schedule.add(b, 0, 70_000);
  assert.deepEqual(schedule.takeDue(59_999), []);
  assert.deepEqual(schedule.takeDue(60_000), [a, b]);
  // b's next is 2 s before its deadline, and once more at the next check (upstream's next time bucket); a's a minute on.
  assert.deepEqual(schedule.takeDue(68_000), [b]);
  assert.deepEqual(schedule.takeDue(69_000), [b]);
  assert.equal(schedule.size, 1);
  assert.deepEqual(schedule.takeDue(120_000), [a]);
  schedule.remove(a);
  assert.equal(schedule.size, 0);
});
