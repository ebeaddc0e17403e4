import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withinTime } from './within-time.js';

const never = new Promise<string>(() => {});
const later = (ms: number, value: string) => new Promise<string>((resolve) => setTimeout(() => resolve(value), ms));

test('withinTime: the work when it settles first, else what expired() returns or throws', async () => {
  assert.equal(await withinTime(Promise.resolve('done'), 1_000, () => 'late'), 'done');
  await assert.rejects(withinTime(Promise.reject(new Error('failed')), 1_000, () => 'late'), /failed/);
  assert.equal(await withinTime(never, 5, () => 'fallback'), 'fallback');
  await assert.rejects(withinTime(never, 5, () => { throw new Error('context deadline exceeded'); }), /context deadline exceeded/);
  assert.equal(await withinTime(later(50, 'slow'), -10, () => 'at once'), 'at once', 'a wait already past its time expires at once');
});

test('withinTime: the timer is cleared when the work wins', async () => {
  let expired = false;
  assert.equal(await withinTime(later(1, 'quick'), 30, () => ((expired = true), 'late')), 'quick');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(expired, false);
});
