// startLongTimer against Node's mocked timers: delays past setTimeout's 2^31-1 ms limit fire after the
// whole delay (not after 1 ms, as a bare setTimeout does), short and non-positive ones as setTimeout.
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_TIMEOUT_MS, sleepLong, startLongTimer } from './long-timer.js';

describe('startLongTimer', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
  afterEach(() => mock.timers.reset());

  const cases: Array<{ description: string; delayMs: number; before: number; at: number }> = [
    { description: 'a short delay fires when it is due', delayMs: 1_500, before: 1_499, at: 1_500 },
    { description: 'exactly the limit fires once', delayMs: MAX_TIMEOUT_MS, before: MAX_TIMEOUT_MS - 1, at: MAX_TIMEOUT_MS },
    { description: "3,000,000 s (a watch's timeoutSeconds) fires after 3,000,000 s", delayMs: 3e9, before: 3e9 - 1, at: 3e9 },
    { description: 'several links', delayMs: 5 * MAX_TIMEOUT_MS + 7, before: 5 * MAX_TIMEOUT_MS + 6, at: 5 * MAX_TIMEOUT_MS + 7 },
    { description: 'zero fires on the next turn', delayMs: 0, before: 0, at: 1 },
    { description: 'a negative delay fires at once, as a Go timer does', delayMs: -5_000, before: 0, at: 1 },
  ];
  for (const c of cases) {
    test(c.description, () => {
      let fired = 0;
      startLongTimer(c.delayMs, () => fired++);
      // Ticks in steps no larger than the limit, so each chained link is scheduled as time passes.
      const advance = (ms: number): void => {
        for (let left = ms; left > 0; left -= Math.min(left, MAX_TIMEOUT_MS)) mock.timers.tick(Math.min(left, MAX_TIMEOUT_MS));
      };
      advance(c.before);
      assert.equal(fired, 0, 'not before the delay');
      advance(c.at - c.before);
      assert.equal(fired, 1, 'once the delay has passed');
      advance(10 * MAX_TIMEOUT_MS);
      assert.equal(fired, 1, 'only once');
    });
  }

  test('clear stops a chained timer between links', () => {
    let fired = 0;
    const timer = startLongTimer(3 * MAX_TIMEOUT_MS, () => fired++);
    mock.timers.tick(MAX_TIMEOUT_MS);
    mock.timers.tick(1);
    timer.clear();
    timer.clear();
    for (let i = 0; i < 4; i++) mock.timers.tick(MAX_TIMEOUT_MS);
    assert.equal(fired, 0);
  });

  test('Infinity never fires', () => {
    let fired = 0;
    startLongTimer(Infinity, () => fired++);
    for (let i = 0; i < 4; i++) mock.timers.tick(MAX_TIMEOUT_MS);
    assert.equal(fired, 0);
  });

  test('sleepLong resolves after the delay, or at once on abort', async () => {
    const abort = new AbortController();
    let done = false;
    const sleeping = sleepLong(4e9, abort.signal).then(() => (done = true));
    mock.timers.tick(MAX_TIMEOUT_MS);
    await Promise.resolve();
    assert.equal(done, false);
    abort.abort();
    await sleeping;
    assert.equal(done, true);
  });
});

