import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareQuantities, quantitySign } from './quantity-value.js';

test('quantitySign and compareQuantities', () => {
  const signs: [string, number][] = [['0', 0], ['1Gi', 1], ['-1', -1], ['0.000m', 0], ['+.5', 1], ['1e-3', 1], ['-1e3', -1], ['bogus', 0]];
  for (const [text, want] of signs) assert.equal(quantitySign(text), want, text);
  const comparisons: [string, string, number][] = [
    ['1Gi', '1G', 1], ['1000M', '1G', 0], ['1024Mi', '1Gi', 0], ['500m', '0.5', 0], ['1e3', '1k', 0], ['2Gi', '3Gi', -1], ['1.5Gi', '1536Mi', 0],
  ];
  for (const [a, b, want] of comparisons) assert.equal(compareQuantities(a, b), want, `${a} vs ${b}`);
});
