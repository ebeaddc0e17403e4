import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unavailable } from './errors.js';
import type { WatchEvent } from './interface.js';
import { PendingBatches } from './pending-batches.js';

const put = (key: string, revision: number): WatchEvent => ({ type: 'PUT', kv: { key, value: 'v', createRevision: revision, modRevision: revision } });

test('batches added while the consumer is busy are read as one, with the latest revision', async () => {
  const batches = new PendingBatches();
  assert.equal(batches.add([put('/a', 2)], 2, 10), true);
  assert.equal(batches.add(undefined, 3, 10), true); // progress only
  assert.equal(batches.add([put('/b', 4)], 4, 10), true);
  const reader = batches.drain();
  const first = await reader.next();
  assert.deepEqual(first.value, { events: [put('/a', 2), put('/b', 4)], revision: 4 });
  const second = reader.next(); // waits for the next add
  batches.add(undefined, 5, 10); // progress alone does not wake the consumer...
  let woken = false;
  void second.then(() => (woken = true));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(woken, false);
  batches.flush(); // ...until asked for
  assert.deepEqual((await second).value, { events: [], revision: 5 });
  batches.end();
  assert.equal((await reader.next()).done, true);
});

test('more waiting events than the limit is refused; a failure drops what waits and ends the read', async () => {
  const batches = new PendingBatches();
  assert.equal(batches.add([put('/a', 2), put('/b', 3)], 3, 1), false);
  const error = unavailable('fell behind');
  batches.fail(error);
  assert.equal(batches.error, error);
  await assert.rejects(batches.drain().next(), (e) => e === error);
});
