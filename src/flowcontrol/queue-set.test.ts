// One priority level's seats and queues: Reject levels refuse at the limit; Queue levels queue by flow,
// refuse a full queue, give up at the wait limit or when the client goes, and serve flows fairly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { QueueSet, type Admission } from './queue-set.js';
import { hashFlowID } from './shuffle-sharding.js';

const executing = (admission: Admission | Promise<Admission>): Admission & { executing: true } => {
  assert.ok(!(admission instanceof Promise) && admission.executing, 'expected to execute at once');
  return admission as Admission & { executing: true };
};
const flow = (name: string): bigint => hashFlowID('fs', name);

test('a Reject level runs what fits and refuses the rest with concurrency-limit', () => {
  const set = new QueueSet({ concurrencyLimit: 2 });
  const a = executing(set.start(0n, 1, 1000));
  executing(set.start(0n, 1, 1000));
  assert.deepEqual(set.start(0n, 1, 1000), { executing: false, waitedMs: 0, reason: 'concurrency-limit' });
  a.finish();
  executing(set.start(0n, 1, 1000));
  assert.equal(set.seatsInUse, 2);
});

test('a request wider than the limit runs only when nothing else does', () => {
  const set = new QueueSet({ concurrencyLimit: 2 });
  const wide = executing(set.start(0n, 5, 1000));
  assert.equal((set.start(0n, 1, 1000) as Admission).executing, false);
  wide.finish();
  assert.equal(set.idle, true);
});

test('a Queue level queues past its limit, in order, and refuses a full queue', async () => {
  const set = new QueueSet({ concurrencyLimit: 1, queuing: { queues: 1, handSize: 1, queueLengthLimit: 2 } });
  const first = executing(set.start(flow('a'), 1, 10_000));
  const second = set.start(flow('a'), 1, 10_000);
  const third = set.start(flow('a'), 1, 10_000);
  assert.ok(second instanceof Promise && third instanceof Promise);
  assert.deepEqual(set.start(flow('a'), 1, 10_000), { executing: false, waitedMs: 0, reason: 'queue-full' });
  assert.equal(set.waiting, 2);
  first.finish();
  const secondAdmission = await second;
  assert.equal(secondAdmission.executing, true);
  assert.equal(set.waiting, 1);
  if (secondAdmission.executing) secondAdmission.finish();
  const thirdAdmission = await third;
  assert.equal(thirdAdmission.executing, true);
  if (thirdAdmission.executing) thirdAdmission.finish();
  assert.equal(set.idle, true);
});

test('a queued request gives up at the wait limit (time-out) or when its client goes (cancelled)', async () => {
  const set = new QueueSet({ concurrencyLimit: 1, queuing: { queues: 4, handSize: 2, queueLengthLimit: 10 } });
  const running = executing(set.start(flow('a'), 1, 10));
  const timedOut = await set.start(flow('b'), 1, 10);
  assert.equal(timedOut.executing, false);
  assert.equal(!timedOut.executing && timedOut.reason, 'time-out');
  const client = new AbortController();
  const cancelled = set.start(flow('c'), 1, 10_000, () => client.signal);
  client.abort();
  const answer = await cancelled;
  assert.equal(!answer.executing && answer.reason, 'cancelled');
  assert.equal(set.waiting, 0);
  running.finish();
  assert.equal(set.idle, true);
});

test('fair queuing: a flow that queued much does not starve one that queued once', async () => {
  let now = 0;
  const set = new QueueSet({ concurrencyLimit: 1, queuing: { queues: 64, handSize: 1, queueLengthLimit: 50 } }, () => now);
  // Two flows dealt different queues.
  let other = 1;
  while (flowQueue(set, 'heavy') === flowQueue(set, `light-${other}`)) other++;
  const order: string[] = [];
  const run = async (name: string, hash: bigint): Promise<void> => {
    const admission = await set.start(hash, 1, 60_000);
    assert.ok(admission.executing);
    order.push(name);
    now += 100; // each request takes 100 ms
    queueMicrotask(() => admission.finish());
  };
  const blocker = executing(set.start(flow('x'), 1, 60_000));
  const heavy = [1, 2, 3, 4].map((i) => run(`heavy-${i}`, flow('heavy')));
  const light = run('light', flow(`light-${other}`));
  blocker.finish();
  await Promise.all([...heavy, light]);
  assert.ok(order.indexOf('light') <= 1, `order ${order.join(', ')}`);
});

/** The one queue a hand of one deals `name` (hand size 1: the queue index is the hash mod 64). */
function flowQueue(_set: QueueSet, name: string): number {
  return Number(hashFlowID('fs', name) % 64n);
}
