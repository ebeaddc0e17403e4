import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LeaseManager } from './lease-manager.js';

/** A manager over a fake etcd that numbers its grants, and a clock the test moves. */
function setup(options: { maxAttachedKeys?: number } = {}) {
  const grants: number[] = [];
  let now = 1_000_000;
  let failNext = false;
  const manager = new LeaseManager(async (ttl) => {
    if (failNext) {
      failNext = false;
      throw new Error('etcd unavailable');
    }
    grants.push(ttl);
    return String(grants.length);
  }, { clock: () => now, ...options });
  return {
    manager,
    grants,
    advance: (ms: number) => (now += ms),
    failNextGrant: () => (failNext = true),
  };
}

test('a lease is granted for ttl plus the reuse window and reused while it outlives the ttl', async () => {
  const { manager, grants, advance } = setup();
  assert.equal(await manager.leaseFor(3600), '1');
  assert.deepEqual(grants, [3660], 'an hour plus 60 s (5% of an hour is more than the 60 s cap)');
  advance(59_000);
  assert.equal(await manager.leaseFor(3600), '1', 'still outlives a fresh hour');
  advance(1_000);
  assert.equal(await manager.leaseFor(3600), '2', 'would expire before the hour: a new lease');
});

test('short ttls get a proportional reuse window; a 1 s ttl gets a lease per write', async () => {
  const { manager, grants } = setup();
  await manager.leaseFor(100);
  assert.deepEqual(grants, [105]);
  assert.equal(await manager.leaseFor(1), '2');
  assert.equal(await manager.leaseFor(1), '3');
  assert.deepEqual(grants, [105, 1, 1]);
});

test('each ttl has its own lease, and a lease carries at most maxAttachedKeys keys', async () => {
  const { manager } = setup({ maxAttachedKeys: 2 });
  const ids = [await manager.leaseFor(600), await manager.leaseFor(300), await manager.leaseFor(600), await manager.leaseFor(600)];
  assert.deepEqual(ids, ['1', '2', '1', '3']);
});

test('a failed grant is not handed out again, and a forgotten lease is replaced', async () => {
  const { manager, failNextGrant } = setup();
  failNextGrant();
  await assert.rejects(manager.leaseFor(600), /unavailable/);
  assert.equal(await manager.leaseFor(600), '1');
  await manager.forget('1');
  assert.equal(await manager.leaseFor(600), '2');
});

test('concurrent writes share one grant in flight', async () => {
  const { manager, grants } = setup();
  const ids = await Promise.all([manager.leaseFor(600), manager.leaseFor(600), manager.leaseFor(600)]);
  assert.deepEqual(ids, ['1', '1', '1']);
  assert.equal(grants.length, 1);
});
