import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warningHeaderValues } from './warning-headers.js';

test('warningHeaderValues: each text once, quoted as Go quotes it; control characters are not sent', () => {
  assert.deepEqual(warningHeaderValues(['a', 'b "c"', 'a', '', 'x\ny', 'Iñtërnâtiô']), ['299 - "a"', '299 - "b \\"c\\""', '299 - "Iñtërnâtiô"']);
});

test('warningHeaderValues: past 4096 characters every warning is cut to 256, and what no longer fits is dropped', () => {
  const long = (c: string, n: number): string => c.repeat(n);
  assert.deepEqual(warningHeaderValues([long('a', 300), long('b', 3000)]), [`299 - "${long('a', 300)}"`, `299 - "${long('b', 3000)}"`]);
  // The third warning goes over: all are replayed, cut to 256 characters.
  const cut = warningHeaderValues([long('a', 300), long('b', 3000), long('c', 1000)]);
  assert.deepEqual(cut, [`299 - "${long('a', 256)}"`, `299 - "${long('b', 256)}"`, `299 - "${long('c', 256)}"`]);
  // Once 4096 characters are written in truncating mode, later warnings are dropped.
  const many = Array.from({ length: 40 }, (_, i) => `${i}`.padEnd(300, 'x'));
  const headers = warningHeaderValues(many);
  assert.equal(headers.length, 16);
  assert.ok(headers.every((h) => h.length === 256 + 8));
});
