// How the ResourceQuota plugin reads and writes quotas (upstream plugin/pkg/admission/resourcequota
// resource_access.go, 1.25): the namespace's quotas from the watch cache (upstream's informer lister); when the
// cache has none, a consistent read remembered for 30 seconds (its live lookup, for a quota the cache has not
// seen yet); of a quota this server wrote more recently than the cache shows, what it wrote; and status
// updates with the read resourceVersion as precondition (a 409 when another writer came first).
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { LiveLookups, LRU } from '../live-lookups.js';

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

/** upstream's liveLookupCache: 100 namespaces (kept 30 s). */
const LIVE_LOOKUP_ENTRIES = 100;
/** upstream's updatedQuotas LRU. */
const UPDATED_ENTRIES = 100;

const keyOf = (quota: Readonly<ResourceQuota>): string => `${quota.metadata.namespace ?? ''}/${quota.metadata.name ?? ''}`;
const revisionOf = (quota: Readonly<ResourceQuota>): bigint => {
  const rv = quota.metadata.resourceVersion ?? '';
  return /^\d+$/.test(rv) ? BigInt(rv) : 0n;
};

export class QuotaAccessor {
  readonly #live: LiveLookups<readonly Readonly<ResourceQuota>[]>;
  readonly #updated = new LRU<Readonly<ResourceQuota>>(UPDATED_ENTRIES);

  constructor(private readonly store: QuotaStore, now: () => number = Date.now) {
    this.#live = new LiveLookups((namespace) => store.live(namespace), LIVE_LOOKUP_ENTRIES, now);
  }

  /**
   * Whether the namespace is known to hold no quota: none in the cache, and none in a live lookup of the last 30
   * seconds. The look-up of every create in such a namespace, without a promise.
   */
  knownEmpty(namespace: string): boolean {
    return this.store.cached(namespace).length === 0 && this.#live.peek(namespace)?.length === 0;
  }

  /** GetQuotas: the namespace's quotas, each in the newest version this server knows. */
  async getQuotas(namespace: string): Promise<Readonly<ResourceQuota>[]> {
    let items = this.store.cached(namespace);
    if (items.length === 0) {
      items = await this.#live.get(namespace);
      if (items.length === 0) return [];
    }
    return items.map((quota) => this.#newest(quota));
  }

  /** UpdateQuotaStatus; the written quota is remembered until the cache shows it. */
  async updateStatus(quota: ResourceQuota): Promise<void> {
    const written = await this.store.updateStatus(quota);
    this.#updated.set(keyOf(written), written);
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
