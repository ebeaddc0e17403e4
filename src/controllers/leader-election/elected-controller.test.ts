// Elected controllers: the wrapped controller runs in exactly one replica, a fresh one per term, and the
// health check stays meaningful (a standby is healthy, a leader reports its controller's health).
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Controller } from '../controller.js';
import { electedController, type ElectedController } from './elected-controller.js';
import { leaseLock } from './lease-lock.js';
import { openLeaseStore, TEST_TIMING, until, type LeaseStoreFixture } from './test-support.js';

/** A controller that records its life; `healthy` drives its check. */
interface FakeController extends Controller {
  running: boolean;
  healthy: boolean;
}

function fake(): FakeController {
  const c: FakeController = {
    name: 'fake',
    running: false,
    healthy: true,
    async start() {
      c.running = true;
    },
    stop() {
      c.running = false;
    },
    check() {
      if (!c.healthy) throw new Error('fake controller is unhealthy');
    },
  };
  return c;
}

describe('electedController', () => {
  let fixture: LeaseStoreFixture;
  const replicas: { controller: ElectedController; created: FakeController[] }[] = [];
  const replica = (identity: string) => {
    const created: FakeController[] = [];
    const controller = electedController({
      name: 'fake',
      lock: leaseLock(fixture.leases, 'kube-system', 'kplane-fake-controller'),
      identity,
      timing: TEST_TIMING,
      create: () => {
        const c = fake();
        created.push(c);
        return c;
      },
      log: () => undefined,
    });
    replicas.push({ controller, created });
    return { controller, created };
  };
  const runningCount = () => replicas.flatMap((r) => r.created).filter((c) => c.running).length;
  beforeEach(async () => {
    fixture = await openLeaseStore();
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((r) => r.controller.stop()));
    await fixture.close();
  });

  test('exactly one replica runs the controller; a standby is healthy; the leader reports its controller', async () => {
    const a = replica('a');
    const b = replica('b');
    assert.throws(() => a.controller.check(), /not started/);
    await Promise.all([a.controller.start(), b.controller.start()]);
    await until(() => runningCount() === 1, 'one running controller');
    const [leader, standby] = a.controller.elector.leading ? [a, b] : [b, a];
    assert.equal(standby.created.length, 0);
    assert.doesNotThrow(() => standby.controller.check());
    assert.doesNotThrow(() => leader.controller.check());
    leader.created[0]!.healthy = false;
    assert.throws(() => leader.controller.check(), /unhealthy/);
    assert.doesNotThrow(() => standby.controller.check());
  });

  test('stopping the leader stops its controller and a fresh one starts on the other replica', async () => {
    const a = replica('a');
    await a.controller.start();
    await until(() => a.controller.elector.leading, 'a leads');
    const b = replica('b');
    await b.controller.start();
    assert.equal(b.created.length, 0);
    await a.controller.stop();
    assert.equal(a.created[0]?.running, false);
    await until(() => b.created[0]?.running === true, 'b runs the controller');
    assert.equal(runningCount(), 1);
    const lease = (await fixture.leases.get('kube-system', 'kplane-fake-controller')).object as { spec?: { holderIdentity?: string } };
    assert.equal(lease.spec?.holderIdentity, 'b');
  });
});
