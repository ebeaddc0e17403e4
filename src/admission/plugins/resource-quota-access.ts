// How the ResourceQuota plugin reads and writes quotas (upstream plugin/pkg/admission/resourcequota
// resource_access.go, 1.25): the namespace's quotas from the watch cache (upstream's informer lister); when the
// cache has none, a consistent read remembered for 30 seconds (its live lookup, for a quota the cache has not
// seen yet); of a quota this server wrote more recently than the cache shows, what it wrote; and status
// updates with the read resourceVersion as precondition (a 409 when another writer came first).
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';

/** The plugin's access to the resourcequotas store (server/stores.ts). */
export interface QuotaStore {
  /** The namespace's quotas as the watch cache holds them (an index of it: no lookup cost when it has none). */
  cached(namespace: string): readonly Readonly<ResourceQuota>[];
  /** The namespace's quotas read consistently. */
  live(namespace: string): Promise<readonly Readonly<ResourceQuota>[]>;
  /**
   * Writes `quota`'s status through the status subresource as kube-apiserver's loopback client
   * (`system:apiserver`), its resourceVersion the precondition; resolves to the written quota.
   */
  updateStatus(quota: ResourceQuota): Promise<Readonly<ResourceQuota>>;
}

/** upstream's liveLookupCache: 100 namespaces, 30 s. */
const LIVE_LOOKUP_ENTRIES = 100;
const LIVE_TTL_MS = 30_000;
/** upstream's updatedQuotas LRU. */
const UPDATED_ENTRIES = 100;

interface LiveLookup {
  readonly expiry: number;
  readonly items: readonly Readonly<ResourceQuota>[];
}

/** A Map as a least-recently-used cache: reads move an entry last, writes beyond `size` drop the first. */
class LRU<V> {
  readonly #entries = new Map<string, V>();
  constructor(private readonly size: number) {}

  /** The entry, without making it the most recent. */
  peek(key: string): V | undefined {
    return this.#entries.get(key);
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

const keyOf = (quota: Readonly<ResourceQuota>): string => `${quota.metadata.namespace ?? ''}/${quota.metadata.name ?? ''}`;
const revisionOf = (quota: Readonly<ResourceQuota>): bigint => {
  const rv = quota.metadata.resourceVersion ?? '';
  return /^\d+$/.test(rv) ? BigInt(rv) : 0n;
};

export class QuotaAccessor {
  readonly #live = new LRU<LiveLookup>(LIVE_LOOKUP_ENTRIES);
  /** One live lookup per namespace at a time (upstream's singleflight group). */
  readonly #lookups = new Map<string, Promise<LiveLookup>>();
  readonly #updated = new LRU<Readonly<ResourceQuota>>(UPDATED_ENTRIES);

  constructor(private readonly store: QuotaStore, private readonly now: () => number = Date.now) {}

  /**
   * Whether the namespace is known to hold no quota: none in the cache, and none in a live lookup of the last 30
   * seconds. The look-up of every create in such a namespace, without a promise.
   */
  knownEmpty(namespace: string): boolean {
    if (this.store.cached(namespace).length > 0) return false;
    const entry = this.#live.peek(namespace);
    return entry !== undefined && entry.items.length === 0 && entry.expiry >= this.now();
  }

  /** GetQuotas: the namespace's quotas, each in the newest version this server knows. */
  async getQuotas(namespace: string): Promise<Readonly<ResourceQuota>[]> {
    let items = this.store.cached(namespace);
    if (items.length === 0) {
      let entry = this.#live.get(namespace);
      if (!entry || entry.expiry < this.now()) entry = await this.#lookUp(namespace);
      items = entry.items;
      if (items.length === 0) return [];
    }
    return items.map((quota) => this.#newest(quota));
  }

  /** UpdateQuotaStatus; the written quota is remembered until the cache shows it. */
  async updateStatus(quota: ResourceQuota): Promise<void> {
    const written = await this.store.updateStatus(quota);
    this.#updated.set(keyOf(written), written);
  }

  #lookUp(namespace: string): Promise<LiveLookup> {
    let lookup = this.#lookups.get(namespace);
    if (!lookup) {
      lookup = this.store.live(namespace).then((items) => {
        const entry = { expiry: this.now() + LIVE_TTL_MS, items };
        this.#live.set(namespace, entry);
        return entry;
      });
      const forget = (): void => void this.#lookups.delete(namespace);
      lookup.then(forget, forget);
      this.#lookups.set(namespace, lookup);
    }
    return lookup;
  }

  /** checkCache: the quota this server wrote, while it is newer than the one read. */
  #newest(quota: Readonly<ResourceQuota>): Readonly<ResourceQuota> {
    const key = keyOf(quota);
    const written = this.#updated.get(key);
    if (!written) return quota;
    if (revisionOf(quota) >= revisionOf(written)) {
      this.#updated.delete(key);
      return quota;
    }
    return written;
  }
}
