// Leases for keys written with a TTL (Events). As kube-apiserver's etcd3 LeaseManager does, a granted lease
// is reused by later writes for a while instead of granting one lease per write: a lease is granted for
// ttl + min(5% of ttl, 60 s) and handed out again while it still outlives the requested ttl, so a key
// lives between ttl and ttl + 60 s. One lease carries at most 1000 keys, so expiring it stays cheap.

/** Grants a lease of `ttlSeconds` on etcd; resolves to its id (int64 as a decimal string). */
export type GrantLease = (ttlSeconds: number) => Promise<string>;

/** Tuning, upstream's defaults. */
export interface LeaseManagerOptions {
  /** Longest reuse window. */
  reuseSeconds?: number;
  /** Reuse window as a share of the ttl, for short ttls. */
  reuseFraction?: number;
  /** Most keys attached to one lease. */
  maxAttachedKeys?: number;
  /** Milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
}

interface HeldLease {
  id: Promise<string>;
  /** When the lease expires at the latest, measured from before the grant was sent. */
  expiresAt: number;
  attached: number;
}

/** Hands out (reused) leases per ttl. */
export class LeaseManager {
  readonly #grant: GrantLease;
  readonly #reuseSeconds: number;
  readonly #reuseFraction: number;
  readonly #maxAttached: number;
  readonly #clock: () => number;
  /** One lease per ttl value: Events all share one ttl, so this is one lease in practice. */
  readonly #held = new Map<number, HeldLease>();

  constructor(grant: GrantLease, options: LeaseManagerOptions = {}) {
    this.#grant = grant;
    this.#reuseSeconds = options.reuseSeconds ?? 60;
    this.#reuseFraction = options.reuseFraction ?? 0.05;
    this.#maxAttached = options.maxAttachedKeys ?? 1_000;
    this.#clock = options.clock ?? Date.now;
  }

  /** A lease that keeps a key for at least `ttlSeconds`. */
  leaseFor(ttlSeconds: number): Promise<string> {
    const ttl = Math.max(1, Math.ceil(ttlSeconds));
    const now = this.#clock();
    const held = this.#held.get(ttl);
    if (held !== undefined && now + ttl * 1000 < held.expiresAt && held.attached < this.#maxAttached) {
      held.attached++;
      return held.id;
    }
    const granted = ttl + Math.min(Math.floor(this.#reuseFraction * ttl), this.#reuseSeconds);
    const fresh: HeldLease = { id: this.#grant(granted), expiresAt: now + granted * 1000, attached: 1 };
    this.#held.set(ttl, fresh);
    // A failed grant must not be handed out again.
    fresh.id.catch(() => this.#drop(ttl, fresh));
    return fresh.id;
  }

  /** Stops handing out `leaseId` (etcd reported it missing: expired early, or revoked). */
  async forget(leaseId: string): Promise<void> {
    for (const [ttl, held] of this.#held) {
      const id = await held.id.catch(() => undefined);
      if (id === leaseId) this.#drop(ttl, held);
    }
  }

  #drop(ttl: number, held: HeldLease): void {
    if (this.#held.get(ttl) === held) this.#held.delete(ttl);
  }
}
