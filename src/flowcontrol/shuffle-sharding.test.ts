import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dealHand, hashFlowID } from './shuffle-sharding.js';

test('a hand holds distinct cards of the deck, the same for the same flow', () => {
  for (let i = 0; i < 500; i++) {
    const hash = hashFlowID('fs', `user-${i}`);
    const hand = dealHand(hash, 64, 8);
    assert.equal(hand.length, 8);
    assert.equal(new Set(hand).size, 8, `hand ${hand.join(',')}`);
    assert.ok(hand.every((card) => card >= 0 && card < 64));
    assert.deepEqual(dealHand(hashFlowID('fs', `user-${i}`), 64, 8), hand);
  }
});

test('dealing reads the hash as mixed-radix digits (upstream Dealer.Deal)', () => {
  // 5 = 1×4 + 1: remainders [1 (mod 4), 1 (mod 3)]; the second card skips the first: 2.
  assert.deepEqual(dealHand(5n, 4, 2), [1, 2]);
  assert.deepEqual(dealHand(0n, 4, 4), [0, 1, 2, 3]);
  // A hand of the whole deck is a permutation.
  assert.deepEqual(dealHand(23n, 4, 4).sort(), [0, 1, 2, 3]);
});

test('hashFlowID: SHA-256 of the schema name, a zero byte and the distinguisher', () => {
  assert.notEqual(hashFlowID('a', 'bc'), hashFlowID('ab', 'c'));
  assert.equal(typeof hashFlowID('', ''), 'bigint');
});
