import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareKeys, prefixEnd } from './key-range.js';
import { createSortedKeys, type SortedKeys } from './sorted-keys.js';

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

/** Removes `key` from both sets if the model has it, else adds it to both. */
function toggle(keys: SortedKeys, model: Set<string>, key: string): void {
  if (model.delete(key)) keys.remove(key);
  else {
    model.add(key);
    keys.insert(key);
  }
}

// Namespace-narrowed prefix listings under arbitrary adds and removes.
const cacheKey = fc.tuple(fc.constantFrom('a', 'ab', 'b', 'c'), fc.constantFrom('x', 'y', 'x-2', 'z')).map(([ns, name]) => `/r/${ns}/${name}`);

test('prefix listings match a naive sorted set under any sequence of toggles and reads', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ key: cacheKey, read: fc.boolean() }), { maxLength: 120 }), fc.constantFrom('/r/', '/r/a/', '/r/ab/', '/r/c/'), (ops, prefix) => {
      const keys = createSortedKeys();
      const model = new Set<string>();
      for (const { key, read } of ops) {
        toggle(keys, model, key);
        if (read) assert.deepEqual([...keys.from(prefix, prefixEnd(prefix))], [...model].filter((m) => m.startsWith(prefix)).sort());
      }
      assert.equal(keys.size, model.size);
      assert.deepEqual([...keys.from('/r/', prefixEnd('/r/'))], [...model].sort());
    }),
  );
});

test('a set built in bulk then changed keeps order and prefixes', () => {
  const names = Array.from({ length: 1000 }, (_, i) => `/r/ns-${i % 7}/o-${(i * 7919) % 1000}`);
  const keys = createSortedKeys(names.slice(0, 500));
  for (const name of names.slice(500)) keys.insert(name);
  for (const name of names.slice(0, 100)) keys.remove(name);
  const expected = names.slice(100).sort();
  assert.deepEqual([...keys.from('/r/', prefixEnd('/r/'))], expected);
  assert.deepEqual([...keys.from('/r/ns-3/', prefixEnd('/r/ns-3/'))], expected.filter((k) => k.startsWith('/r/ns-3/')));
  assert.equal(keys.size, expected.length);
});

// Keys compare natively (UTF-16 order) until one holds a code unit where UTF-16 and UTF-8 order part
// (a surrogate, U+E000-U+FFFF): then, and while such a key is in the set, in UTF-8 byte order.
const unicodeKey = fc.tuple(fc.constantFrom('a', 'z', '\uD7FF', '\uE000', '\uFFFF', '\u{10000}', '\u{10FFFF}'), fc.constantFrom('', 'a', '\uE000', '\u{10000}')).map(([a, b]) => `/u/${a}${b}`);

test('keys with code units past U+D7FF keep UTF-8 byte order as they come and go', () => {
  fc.assert(
    fc.property(fc.array(fc.record({ key: unicodeKey, bound: unicodeKey }), { maxLength: 80 }), (ops) => {
      const keys = createSortedKeys();
      const model = new Set<string>();
      for (const { key, bound } of ops) {
        toggle(keys, model, key);
        const sorted = [...model].sort(compareKeys);
        assert.deepEqual([...keys.from('', undefined)], sorted);
        assert.deepEqual([...keys.from('/u/', bound)], sorted.filter((k) => compareKeys(k, bound) < 0));
        assert.equal(keys.count(bound, undefined), sorted.filter((k) => compareKeys(k, bound) >= 0).length);
      }
    }),
  );
});
