// Upstream's live look-ups: where an admission plugin's informer lister finds nothing (no LimitRange, no
// ResourceQuota in the namespace), it reads consistently, keeps the answer for 30 s in an LRU and lets
// concurrent admissions share one read (a singleflight group): plugin/pkg/admission/limitranger
// GetLimitRanges and resourcequota resource_access.go, 1.25.

/** A Map as a least-recently-used cache: reads move an entry last, writes beyond `size` drop the first. */
export class LRU<V> {
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

/** How long a look-up's answer is kept (upstream: 30 s for both plugins). */
export const LIVE_LOOKUP_TTL_MS = 30_000;

/** The answers of `lookUp` per key, each kept `ttlMs` from when it arrived, in an LRU of `entries`. */
export class LiveLookups<V> {
  readonly #answers: LRU<{ readonly expiry: number; readonly value: V }>;
  readonly #pending = new Map<string, Promise<V>>();

  constructor(
    private readonly lookUp: (key: string) => Promise<V>,
    entries: number,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = LIVE_LOOKUP_TTL_MS,
  ) {
    this.#answers = new LRU(entries);
  }

  /** The kept answer while it is fresh, without a look-up and without making it the most recent. */
  peek(key: string): V | undefined {
    const answer = this.#answers.peek(key);
    return answer !== undefined && answer.expiry >= this.now() ? answer.value : undefined;
  }

  /** The kept answer while it is fresh, else the look-up's (one at a time per key; a failed one is not kept). */
  get(key: string): Promise<V> {
    const answer = this.#answers.get(key);
    if (answer !== undefined && answer.expiry >= this.now()) return Promise.resolve(answer.value);
    let pending = this.#pending.get(key);
    if (pending === undefined) {
      pending = this.lookUp(key).then((value) => {
        this.#answers.set(key, { expiry: this.now() + this.ttlMs, value });
        return value;
      });
      const forget = (): void => void this.#pending.delete(key);
      pending.then(forget, forget);
      this.#pending.set(key, pending);
    }
    return pending;
  }
}
