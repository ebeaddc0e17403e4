// Leader election against a real Lease store (generic store + watch cache over the memory backend):
// one leader at a time, takeover after a release or after the lease expires, transitions counted,
// writes conditional on the resourceVersion read.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import type { Lease } from '../../apis/coordination/v1/lease.js';
import { LeaderElector, microTime, validateTiming, type LeaderElectionTiming } from './leader-elector.js';
import { leaseLock, type ResourceLock } from './lease-lock.js';
import { openLeaseStore, severableLock, TEST_TIMING, until, type LeaseStoreFixture } from './test-support.js';

/** A candidate running in the background, with what its callbacks saw. */
interface Candidate {
  elector: LeaderElector;
  terms: number;
  stops: number;
  /** Each term's signal, to check that it aborts when the term ends. */
  termSignals: AbortSignal[];
  stop(): Promise<void>;
}

/** Candidates of the current test, stopped after it whatever its outcome. */
const started: Candidate[] = [];

function candidate(lock: ResourceLock, identity: string, timing: LeaderElectionTiming = TEST_TIMING): Candidate {
  const abort = new AbortController();
  const c: Candidate = {
    elector: undefined as unknown as LeaderElector,
    terms: 0,
    stops: 0,
    termSignals: [],
    stop: async () => {
      abort.abort();
      await running;
    },
  };
  c.elector = new LeaderElector({
    ...timing,
    lock,
    identity,
    callbacks: {
      onStartedLeading(term) {
        c.terms++;
        c.termSignals.push(term);
      },
      onStoppedLeading() {
        c.stops++;
      },
    },
  });
  const running = c.elector.run(abort.signal);
  started.push(c);
  return c;
}

describe('LeaderElector over a Lease', () => {
  let fixture: LeaseStoreFixture;
  let lock: ResourceLock;
  const readLease = async (): Promise<Lease> => (await fixture.leases.get('kube-system', 'kplane-test')).object as Lease;
  beforeEach(async () => {
    fixture = await openLeaseStore();
    lock = leaseLock(fixture.leases, 'kube-system', 'kplane-test');
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((c) => c.stop()));
    await fixture.close();
  });

  test('one of two candidates leads; the Lease names it with the configured duration', async () => {
    const a = candidate(lock, 'host_a');
    const b = candidate(lock, 'host_b');
    await Promise.all([a.elector.firstAttempt(), b.elector.firstAttempt()]);
    await until(() => a.elector.leading || b.elector.leading, 'a leader');
    // Renewals keep going for a while; the other candidate never leads meanwhile.
    const leader = a.elector.leading ? a : b;
    const other = leader === a ? b : a;
    const firstRenew = (await readLease()).spec?.renewTime ?? '';
    await until(async () => ((await readLease()).spec?.renewTime ?? '') > firstRenew, 'a renewal');
    assert.equal(other.terms, 0);
    assert.equal(leader.terms, 1);
    const lease = await readLease();
    assert.equal(lease.spec?.holderIdentity, leader === a ? 'host_a' : 'host_b');
    assert.equal(lease.spec?.leaseDurationSeconds, 1);
    assert.equal(lease.spec?.leaseTransitions, 0);
    assert.match(lease.spec?.acquireTime ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.ok((lease.spec?.renewTime ?? '') > (lease.spec?.acquireTime ?? ''), 'renewals keep acquireTime and move renewTime');
    await until(() => other.elector.leader === lease.spec?.holderIdentity, 'the other candidate observes the leader');
  });

  test('a graceful stop releases the Lease and the other candidate takes over at once', async () => {
    const a = candidate(lock, 'host_a');
    await until(() => a.elector.leading, 'a leads');
    const b = candidate(lock, 'host_b');
    await b.elector.firstAttempt();
    assert.equal(b.elector.leading, false);
    await a.stop();
    assert.equal(a.stops, 1);
    assert.equal(a.termSignals[0]?.aborted, true);
    await until(() => b.elector.leading, 'b takes over');
    const lease = await readLease();
    assert.equal(lease.spec?.holderIdentity, 'host_b');
    assert.equal(lease.spec?.leaseTransitions, 1);
    await b.stop();
    const released = await readLease();
    assert.deepEqual([released.spec?.holderIdentity, released.spec?.leaseDurationSeconds, released.spec?.leaseTransitions], ['', 1, 1]);
  });

  test('a leader cut off from the store steps down; another takes over once the lease expired', async () => {
    const severed = severableLock(lock);
    const a = candidate(severed, 'host_a');
    await until(() => a.elector.leading, 'a leads');
    const b = candidate(lock, 'host_b');
    await b.elector.firstAttempt();
    severed.cut = true;
    await until(() => a.stops === 1, 'a steps down after its renew deadline');
    assert.equal(a.elector.leading, false);
    await until(() => b.elector.leading, 'b takes over after the lease duration');
    assert.equal((await readLease()).spec?.leaseTransitions, 1);
    // Back in touch, the old leader stays a candidate and does not lead while b renews.
    severed.cut = false;
    const renewed = (await readLease()).metadata.resourceVersion;
    await until(async () => (await readLease()).metadata.resourceVersion !== renewed, 'b renews');
    assert.equal(a.terms, 1);
    await Promise.all([a.stop(), b.stop()]);
    assert.equal((await readLease()).spec?.holderIdentity, '', 'b released on stop; a had nothing to release');
  });

  test('writes are conditional on the resourceVersion read (409 Conflict otherwise)', async () => {
    const record = { holderIdentity: 'x', leaseDurationSeconds: 15, acquireTime: microTime(0), renewTime: microTime(0), leaseTransitions: 0 };
    const created = await lock.create(record);
    await assert.rejects(lock.create(record), (e) => isStatusError(e) && e.code === 409);
    const updated = await lock.update({ ...record, holderIdentity: 'y' }, created.resourceVersion);
    assert.equal(updated.record.holderIdentity, 'y');
    await assert.rejects(lock.update({ ...record, holderIdentity: 'z' }, created.resourceVersion), (e) => isStatusError(e) && e.code === 409);
    assert.deepEqual((await lock.get())?.record, { ...record, holderIdentity: 'y' });
    const gone = leaseLock(fixture.leases, 'kube-system', 'absent');
    assert.equal(await gone.get(), undefined);
    await assert.rejects(gone.update(record, '1'), (e) => isStatusError(e) && e.code === 409);
  });
});

test('validateTiming: client-go rules, the lease in whole seconds', () => {
  const cases: [LeaderElectionTiming, RegExp | undefined][] = [
    [{ leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 }, undefined],
    [TEST_TIMING, undefined],
    [{ leaseDurationMs: 1_500, renewDeadlineMs: 500, retryPeriodMs: 100 }, /whole seconds/],
    [{ leaseDurationMs: 10_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 }, /greater than renewDeadline/],
    [{ leaseDurationMs: 15_000, renewDeadlineMs: 2_400, retryPeriodMs: 2_000 }, /retryPeriod\*JitterFactor/],
  ];
  for (const [timing, error] of cases) {
    if (error) assert.throws(() => validateTiming(timing), error);
    else assert.doesNotThrow(() => validateTiming(timing));
  }
});

test('microTime: RFC 3339 with six fraction digits in UTC', () => {
  assert.equal(microTime(Date.parse('2024-05-06T07:08:09.123Z')), '2024-05-06T07:08:09.123000Z');
});
