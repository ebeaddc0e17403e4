import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkQueue } from './work-queue.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('WorkQueue: at most `workers` keys at once, in the order they came; a key added while it runs runs again after', async () => {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const queue = new WorkQueue(async (key) => {
    started.push(key);
    most = Math.max(most, ++running);
    await new Promise<void>((resolve) => release.set(key, resolve));
    running--;
  }, 2);
  for (const key of ['a', 'b', 'c', 'd']) queue.add(key);
  queue.add('a'); // a is not running yet: one pass for both adds
  await tick();
  assert.deepEqual(started, ['a', 'b']);
  queue.add('a'); // running: once more after
  release.get('a')!();
  await tick();
  assert.deepEqual(started, ['a', 'b', 'c']);
  for (const key of ['b', 'c']) release.get(key)!();
  await tick();
  assert.deepEqual(started, ['a', 'b', 'c', 'd', 'a']);
  for (const key of ['d', 'a']) release.get(key)!();
  await tick();
  assert.equal(most, 2);
  queue.stop();
});

test('WorkQueue: unbounded by default', async () => {
  const started: string[] = [];
  const queue = new WorkQueue(async (key) => {
    started.push(key);
    await new Promise(() => {});
  });
  for (const key of ['a', 'b', 'c']) queue.add(key);
  await tick();
  assert.deepEqual(started, ['a', 'b', 'c']);
  queue.stop();
});
