import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareKeys } from '../key-range.js';
import { createSortedKeys } from './sorted-keys.js';

/** A small deterministic generator so failures reproduce. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test('sorted keys match a sorted array under random inserts and removes', () => {
  const random = lcg(7);
  const keys = createSortedKeys();
  const model = new Set<string>();
  for (let step = 0; step < 20_000; step++) {
    const key = `/k/${Math.floor(random() * 5_000).toString(36)}`;
    if (random() < 0.7) {
      keys.insert(key);
      model.add(key);
    } else {
      keys.remove(key);
      model.delete(key);
    }
  }
  const sorted = [...model].sort(compareKeys);
  assert.equal(keys.size, sorted.length);
  assert.deepEqual([...keys.from('', undefined)], sorted);
  const start = '/k/2';
  const end = '/k/5';
  const inRange = sorted.filter((k) => compareKeys(k, start) >= 0 && compareKeys(k, end) < 0);
  assert.deepEqual([...keys.from(start, end)], inRange);
  assert.equal(keys.count(start, end), inRange.length);
  assert.equal(keys.count('', undefined), sorted.length);
});

test('inserting an existing key or removing a missing one changes nothing', () => {
  const keys = createSortedKeys();
  keys.insert('b');
  keys.insert('a');
  keys.insert('b');
  keys.remove('c');
  assert.deepEqual([...keys.from('', undefined)], ['a', 'b']);
  assert.equal(keys.count('a', 'b'), 1);
  assert.equal(keys.count('c', undefined), 0);
});
