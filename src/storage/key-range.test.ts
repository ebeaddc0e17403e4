import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareKeys, prefixEnd, rangeStart } from './key-range.js';

const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

test('compareKeys agrees with UTF-8 byte order', () => {
  const keys = ['a', 'B', 'a/b', 'ab', 'é', '\uFF01', '😀', '😁', 'z', '', 'a\u0000', '\uD7FF', '\uE000'];
  const ours = [...keys].sort(compareKeys);
  const bytes = [...keys].sort(byBytes);
  assert.deepEqual(ours, bytes);
});

test('prefixEnd bounds exactly the keys with the prefix', () => {
  const cases: Array<[string, string | undefined]> = [
    ['/registry/pods/', '/registry/pods0'],
    ['a', 'b'],
    ['x\uD7FF', 'x\uE000'],
    ['x😀', 'x😁'],
    ['x\u{10FFFF}', 'y'],
    ['\u{10FFFF}', undefined],
    ['', undefined],
  ];
  for (const [prefix, end] of cases) assert.equal(prefixEnd(prefix), end, prefix);
});

test('every key with the prefix lies in [prefix, prefixEnd) and no other does', () => {
  const prefix = '/p/é';
  const end = prefixEnd(prefix) ?? '';
  const inside = ['/p/é', '/p/é/', '/p/é😀', '/p/é\u{10FFFF}'];
  const outside = ['/p/e', '/p/ê', '/p/ê/', '/p/', '/q'];
  for (const key of inside) assert.ok(compareKeys(key, prefix) >= 0 && compareKeys(key, end) < 0, key);
  for (const key of outside) assert.ok(compareKeys(key, prefix) < 0 || compareKeys(key, end) >= 0, key);
});

test('rangeStart uses the later of prefix and startKey', () => {
  assert.equal(rangeStart('/p/', undefined), '/p/');
  assert.equal(rangeStart('/p/', '/a'), '/p/');
  assert.equal(rangeStart('/p/', '/p/k'), '/p/k');
});
