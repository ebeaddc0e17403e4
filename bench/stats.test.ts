import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fmt, median, slope, spread } from './stats.js';

test('median of odd and even counts, unsorted input', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.throws(() => median([]), RangeError);
});

test('spread is (max - min) / median, 0 for a single run', () => {
  assert.equal(spread([10]), 0);
  assert.equal(spread([9, 10, 11]), 0.2);
});

test('fmt rounds large numbers and keeps digits for small ones', () => {
  assert.equal(fmt(12345.6), '12,346');
  assert.equal(fmt(0.256), '0.26');
  assert.equal(fmt(1.5, 1), '1.5');
});

test('slope is the least-squares fit, not the end points', () => {
  assert.equal(slope([[0, 1], [1, 3], [2, 5]]), 2);
  assert.equal(slope([[0, 0], [1, 2], [2, 2], [3, 4]]), 1.2);
  assert.throws(() => slope([[1, 1], [1, 2]]), RangeError);
});
