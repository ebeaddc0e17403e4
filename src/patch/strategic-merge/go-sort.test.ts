// goSliceStable: with a consistent comparator it is a stable sort (checked against Array#sort,
// which is stable, across the insertion-sort blocks and the SymMerge passes); with upstream's
// "true when unknown" comparator it moves unknown items like Go's insertion sort does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { goSliceStable } from './go-sort.js';

test('goSliceStable agrees with a stable sort for consistent comparators', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 15 }), { maxLength: 120 }), (keys) => {
      const items = keys.map((key, id) => ({ key, id }));
      const expected = [...items].sort((a, b) => a.key - b.key);
      goSliceStable(items, (a, b) => a.key < b.key);
      assert.deepEqual(items, expected);
    }),
  );
});

test('goSliceStable with an always-true comparator reverses a short list (Go insertion sort)', () => {
  const items = [1, 2, 3, 4];
  goSliceStable(items, () => true);
  assert.deepEqual(items, [4, 3, 2, 1]);
});
