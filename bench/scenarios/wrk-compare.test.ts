import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WrkResult } from '../wrk.js';
import { medianRound } from './wrk-compare.js';

const run = (requestsPerSec: number): WrkResult => ({
  requestsPerSec, requests: requestsPerSec * 5, durationSec: 5, latencyAvgMs: 1, latencyP50Ms: 1, latencyP99Ms: 2, non2xx: 0, socketErrors: 0,
});

test('medianRound: the round of the median ratio, each ratio of two runs made one after the other', () => {
  // A slow phase began after the first baseline run: the best of each side (26,302 against 13,269) would say
  // 0.50x; the rounds say 0.50x, 0.73x and 0.80x.
  const rounds = [
    { baseline: run(26_302), kplane: run(13_269) },
    { baseline: run(13_008), kplane: run(9_511) },
    { baseline: run(11_167), kplane: run(8_961) },
  ];
  const middle = medianRound(rounds);
  assert.equal(middle, rounds[1]);
  assert.throws(() => medianRound([]), RangeError);
});
