// Leader election as client-go's leaderelection package does it, over a ResourceLock (a Lease):
// candidates try to acquire the lock every retry period; the holder renews it every retry period and
// steps down when it could not renew for the renew deadline; a candidate takes over a lock whose record
// it has seen unchanged for the lease duration (measured on its own clock, never against the holder's
// timestamps, so clock skew between replicas does not matter). On a graceful stop the holder releases
// the lock (client-go ReleaseOnCancel) so that another replica takes over at once.
import { setTimeout as sleep } from 'node:timers/promises';
import type { LeaderElectionRecord, ObservedRecord, ResourceLock } from './lease-lock.js';
import { withinTime } from '../../async/within-time.js';

/** The three durations of an election, in milliseconds. */
export interface LeaderElectionTiming {
  /** How long a candidate waits after the record last changed before it takes over (the lease's duration). */
  leaseDurationMs: number;
  /** How long the leader keeps trying to renew before it steps down. */
  renewDeadlineMs: number;
  /** The interval between attempts to acquire or renew. */
  retryPeriodMs: number;
}

/** kube-controller-manager's defaults: `--leader-elect-lease-duration=15s`, `renew-deadline=10s`, `retry-period=2s`. */
export const DEFAULT_LEADER_ELECTION_TIMING: LeaderElectionTiming = { leaseDurationMs: 15_000, renewDeadlineMs: 10_000, retryPeriodMs: 2_000 };

/** client-go's JitterFactor: acquisition attempts are spread over [retry, retry × 2.2). */
const JITTER_FACTOR = 1.2;

/** What the elector calls. */
export interface LeaderCallbacks {
  /** This candidate became the leader; `term` aborts when it stops leading. */
  onStartedLeading(term: AbortSignal): void;
  /** This candidate stopped leading; the lock is released after it resolves (on a graceful stop). */
  onStoppedLeading(): void | Promise<void>;
  /** The observed holder changed (also to this candidate); '' when released. */
  onNewLeader?(identity: string): void;
}

/** How an elector is set up. */
export interface LeaderElectorOptions extends LeaderElectionTiming {
  lock: ResourceLock;
  /** This candidate's identity, unique per process (`<hostname>_<uuid>`). */
  identity: string;
  callbacks: LeaderCallbacks;
  /** Errors of attempts (lost rounds are not errors); default: none reported. */
  onError?(error: unknown): void;
}

/** client-go's validation of the durations. */
export function validateTiming(timing: LeaderElectionTiming): void {
  const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = timing;
  if (leaseDurationMs < 1_000 || leaseDurationMs % 1_000 !== 0) throw new TypeError('leaseDuration must be whole seconds, at least 1 s (the Lease records seconds)');
  if (leaseDurationMs <= renewDeadlineMs) throw new TypeError('leaseDuration must be greater than renewDeadline');
  if (renewDeadlineMs <= JITTER_FACTOR * retryPeriodMs) throw new TypeError(`renewDeadline must be greater than retryPeriod*JitterFactor`);
  if (retryPeriodMs < 1) throw new TypeError('retryPeriod must be greater than zero');
}

/** MicroTime of a wall-clock instant: RFC 3339 in UTC with six fraction digits. */
export const microTime = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '000Z');

/** One candidate. `run` campaigns until its signal aborts, leading whenever it holds the lock. */
export class LeaderElector {
  readonly #options: LeaderElectorOptions;
  /** The record last read or written, and the local (monotonic) time it was first seen. */
  #observed: ObservedRecord | undefined;
  #observedAt = 0;
  #leading = false;
  /** When this candidate last wrote the record successfully as its holder (monotonic). */
  #renewedAt = 0;
  /** The attempt under way, awaited before releasing so that a late write cannot follow the release. */
  #inFlight: Promise<boolean> | undefined;
  #firstAttempt: Promise<void>;
  #firstAttemptDone: () => void = () => undefined;

  constructor(options: LeaderElectorOptions) {
    validateTiming(options);
    this.#options = options;
    this.#firstAttempt = new Promise((resolve) => (this.#firstAttemptDone = resolve));
  }

  /** True between onStartedLeading and onStoppedLeading. */
  get leading(): boolean {
    return this.#leading;
  }

  /** The holder the last observed record names ('' when none). */
  get leader(): string {
    return this.#observed?.record.holderIdentity ?? '';
  }

  /** Milliseconds since this leader last renewed (Infinity when it never did). */
  get sinceRenewMs(): number {
    return this.#renewedAt === 0 ? Infinity : performance.now() - this.#renewedAt;
  }

  /** Resolves once the first attempt to acquire finished, won or lost. */
  firstAttempt(): Promise<void> {
    return this.#firstAttempt;
  }

  /** Campaigns: acquire, lead while renewals succeed, start over; on abort, step down and release. */
  async run(signal: AbortSignal): Promise<void> {
    try {
      while (!signal.aborted) {
        if (!(await this.#acquire(signal))) break;
        const term = new AbortController();
        this.#leading = true;
        this.#options.callbacks.onStartedLeading(term.signal);
        await this.#renew(signal);
        this.#leading = false;
        term.abort();
        await this.#options.callbacks.onStoppedLeading();
      }
      await this.#release();
    } finally {
      this.#firstAttemptDone();
    }
  }

  /** True once acquired; false when aborted first. */
  async #acquire(signal: AbortSignal): Promise<boolean> {
    while (!signal.aborted) {
      const acquired = await this.#attempt(this.#options.renewDeadlineMs);
      this.#firstAttemptDone();
      if (acquired) return true;
      const wait = this.#options.retryPeriodMs * (1 + Math.random() * JITTER_FACTOR);
      await sleep(wait, undefined, { signal }).catch(() => undefined);
    }
    return false;
  }

  /** Renews every retry period; returns when a renewal failed for the whole renew deadline, or on abort. */
  async #renew(signal: AbortSignal): Promise<void> {
    const { renewDeadlineMs, retryPeriodMs } = this.#options;
    while (!signal.aborted) {
      await sleep(retryPeriodMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const deadline = performance.now() + renewDeadlineMs;
      let renewed = false;
      while (!renewed && !signal.aborted && performance.now() < deadline) {
        renewed = await this.#attempt(deadline - performance.now());
        if (!renewed) await sleep(Math.min(retryPeriodMs, Math.max(0, deadline - performance.now())), undefined, { signal }).catch(() => undefined);
      }
      if (!renewed && !signal.aborted) {
        this.#options.onError?.(new Error(`leader election: failed to renew lease ${this.#options.lock.description} within ${renewDeadlineMs} ms`));
        return;
      }
    }
  }

  /** One round, given up on (false) after `ms`; it may still complete later. */
  #attempt(ms: number): Promise<boolean> {
    const attempt = this.#tryAcquireOrRenew();
    this.#inFlight = attempt;
    return withinTime(attempt, ms, () => false);
  }

  /** One round (client-go tryAcquireOrRenew): true when this candidate holds the lock afterwards. */
  async #tryAcquireOrRenew(): Promise<boolean> {
    try {
      const now = Date.now();
      const record: LeaderElectionRecord = {
        holderIdentity: this.#options.identity,
        leaseDurationSeconds: this.#options.leaseDurationMs / 1_000,
        acquireTime: microTime(now),
        renewTime: microTime(now),
        leaseTransitions: 0,
      };
      const current = await this.#options.lock.get();
      if (current === undefined) return this.#wrote(await this.#options.lock.create(record));
      this.#observe(current);
      const held = current.record.holderIdentity !== '' && current.record.holderIdentity !== this.#options.identity;
      if (held && this.#observedAt + current.record.leaseDurationSeconds * 1_000 > performance.now()) return false;
      if (current.record.holderIdentity === this.#options.identity) {
        record.acquireTime = current.record.acquireTime;
        record.leaseTransitions = current.record.leaseTransitions;
      } else {
        record.leaseTransitions = current.record.leaseTransitions + 1;
      }
      return this.#wrote(await this.#options.lock.update(record, current.resourceVersion));
    } catch (error) {
      // A lost race (409) is an ordinary outcome; anything else is worth a log line.
      if ((error as { code?: unknown }).code !== 409) this.#options.onError?.(error);
      return false;
    }
  }

  #wrote(written: ObservedRecord): true {
    this.#observe(written);
    this.#renewedAt = performance.now();
    return true;
  }

  /** Remembers a record when it differs from the last one seen (any write changes the resourceVersion). */
  #observe(next: ObservedRecord): void {
    const previous = this.#observed;
    if (previous?.resourceVersion === next.resourceVersion) return;
    this.#observed = next;
    this.#observedAt = performance.now();
    if (previous?.record.holderIdentity !== next.record.holderIdentity) this.#options.callbacks.onNewLeader?.(next.record.holderIdentity);
  }

  /** client-go release(): a record naming nobody, lasting 1 s, so that another candidate takes over now. */
  async #release(): Promise<void> {
    await this.#inFlight;
    const observed = this.#observed;
    if (observed === undefined || observed.record.holderIdentity !== this.#options.identity) return;
    const now = microTime(Date.now());
    const record: LeaderElectionRecord = { holderIdentity: '', leaseDurationSeconds: 1, acquireTime: now, renewTime: now, leaseTransitions: observed.record.leaseTransitions };
    try {
      this.#observe(await this.#options.lock.update(record, observed.resourceVersion));
    } catch (error) {
      this.#options.onError?.(new Error(`leader election: failed to release lease ${this.#options.lock.description}`, { cause: error }));
    }
  }
}
