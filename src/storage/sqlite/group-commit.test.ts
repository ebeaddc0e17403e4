import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStorageError, keyExists } from '../errors.js';
import { createGroupCommitter } from './group-commit.js';

test('requests of one tick run as one batch, each with its own outcome', async () => {
  const batches: number[][] = [];
  const committer = createGroupCommitter<number, number>((requests) => {
    batches.push([...requests]);
    return requests.map((n) => (n === 3 ? keyExists(`k${n}`) : n * 10));
  });
  const settled = await Promise.allSettled([1, 2, 3, 4].map((n) => committer.submit(n)));
  assert.deepEqual(batches, [[1, 2, 3, 4]]);
  assert.deepEqual(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed')), [10, 20, 'failed', 40]);
  assert.deepEqual(committer.stats, { transactions: 1, writes: 4, failedTransactions: 0 });
});

test('a batch that throws rejects all of its requests with Unavailable', async () => {
  const committer = createGroupCommitter<number, number>(() => {
    throw new Error('boom');
  });
  const settled = await Promise.allSettled([committer.submit(1), committer.submit(2)]);
  for (const s of settled) assert.ok(s.status === 'rejected' && isStorageError(s.reason, 'Unavailable') && s.reason.cause instanceof Error);
  assert.equal(committer.stats.failedTransactions, 1);
});

test('large queues are split into bounded batches; close commits everything queued', async () => {
  const sizes: number[] = [];
  const committer = createGroupCommitter<number, number>((requests) => {
    sizes.push(requests.length);
    return [...requests];
  });
  const all = Promise.all(Array.from({ length: 2_500 }, (_, i) => committer.submit(i)));
  committer.close();
  assert.deepEqual(sizes, [1_000, 1_000, 500]);
  assert.equal((await all).length, 2_500);
  await assert.rejects(committer.submit(1), (e) => isStorageError(e, 'Unavailable'));
});

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('while writes are coming the commit waits for them, a bounded number of turns', async () => {
  const batches: number[][] = [];
  let coming = true;
  const committer = createGroupCommitter<number, number>((requests) => {
    batches.push([...requests]);
    return [...requests];
  }, () => coming);
  const first = committer.submit(1);
  await nextTurn();
  await nextTurn();
  const second = committer.submit(2);
  await nextTurn();
  assert.deepEqual(batches, [], 'held while more writes are on their way');
  coming = false;
  assert.deepEqual(await Promise.all([first, second]), [1, 2]);
  assert.deepEqual(batches, [[1, 2]], 'the writes that came meanwhile share the commit');

  // Writes that keep coming forever hold a commit a few turns only.
  coming = true;
  const third = committer.submit(3);
  for (let turn = 0; turn < 20 && batches.length === 1; turn++) await nextTurn();
  assert.deepEqual(batches, [[1, 2], [3]]);
  assert.equal(await third, 3);
});

test('close commits a held batch at once', async () => {
  const batches: number[][] = [];
  const committer = createGroupCommitter<number, number>((requests) => {
    batches.push([...requests]);
    return [...requests];
  }, () => true);
  const pending = committer.submit(1);
  committer.close();
  assert.deepEqual(batches, [[1]]);
  assert.equal(await pending, 1);
});
