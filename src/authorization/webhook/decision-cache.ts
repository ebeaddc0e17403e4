// The webhook authorizer's response cache (upstream k8s.io/apimachinery util/cache LRUExpireCache): at
// most `capacity` entries, each with its own expiry; a read refreshes an entry's recency, and the least
// recently used entry goes first when the cache is full. Expired entries are dropped when read.

/** An LRU cache whose entries expire after a TTL given when each is added. */
export class ExpiringLruCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();

  constructor(readonly capacity: number, private readonly now: () => number = Date.now) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  add(key: string, value: V, ttlMs: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires: this.now() + ttlMs });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  get size(): number {
    return this.#entries.size;
  }
}
