import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { bufferedSender, LOG_BATCH_DEFAULTS } from './buffered.js';

function recorder() {
  const batches: string[][] = [];
  const reports: string[] = [];
  return { batches, reports, send: (items: string[]) => void batches.push(items), report: (what: string) => void reports.push(what) };
}

test('the log\'s defaults: every event is its own batch, sent as it comes', () => {
  const r = recorder();
  const sender = bufferedSender(LOG_BATCH_DEFAULTS, r.send, r.report);
  sender.add('a');
  sender.add('b');
  assert.deepEqual(r.batches, [['a'], ['b']]);
});

test('full batches go at once, a short one when batch-max-wait has passed, and the rest at close', async () => {
  const r = recorder();
  const sender = bufferedSender({ bufferSize: 100, maxBatchSize: 3, maxBatchWaitMs: 40 }, r.send, r.report);
  for (const item of ['a', 'b', 'c', 'd']) sender.add(item);
  assert.deepEqual(r.batches, [['a', 'b', 'c']]);
  await sleep(80);
  assert.deepEqual(r.batches, [['a', 'b', 'c'], ['d']]);
  sender.add('e');
  sender.close();
  assert.deepEqual(r.batches.at(-1), ['e']);
});

test('past batch-buffer-size events are dropped, and that is reported', () => {
  const r = recorder();
  const sender = bufferedSender({ bufferSize: 2, maxBatchSize: 10, maxBatchWaitMs: 10_000 }, r.send, r.report);
  assert.deepEqual([sender.add('a'), sender.add('b'), sender.add('c')], [true, true, false]);
  assert.deepEqual(r.reports, ['audit buffer queue blocked: events dropped']);
  sender.close();
  assert.deepEqual(r.batches, [['a', 'b']]);
});

test('the throttle: after the burst, batches leave at batch-throttle-qps', async () => {
  const r = recorder();
  const sender = bufferedSender({ bufferSize: 100, maxBatchSize: 1, maxBatchWaitMs: 0, throttle: { qps: 20, burst: 2 } }, r.send, r.report);
  const started = Date.now();
  for (const item of ['a', 'b', 'c', 'd']) sender.add(item);
  assert.deepEqual(r.batches, [['a'], ['b']], 'the burst');
  await sleep(130);
  assert.deepEqual(r.batches, [['a'], ['b'], ['c'], ['d']]);
  assert.ok(Date.now() - started >= 90, 'two more batches at 20 a second take ~100 ms');
  sender.close();
});
