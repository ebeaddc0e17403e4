// The cache's keys in ascending order, maintained lazily: changes are queued and merged on the next read,
// one binary-search splice each when few, one sort-and-merge when many (bulk loads, big deletions).

/** Above this many queued changes a read rebuilds by merging instead of splicing each change. */
const SPLICE_LIMIT = 32;

/** A sorted set of keys with prefix ranges. Callers add only absent keys and remove only present ones. */
export class SortedKeys {
  #keys: string[] = [];
  /** Keys added since the last merge (never in #keys). */
  #added = new Set<string>();
  /** Keys of #keys removed since the last merge. */
  #removed = new Set<string>();

  /** How many keys the set holds. */
  get size(): number {
    return this.#keys.length + this.#added.size - this.#removed.size;
  }

  /** Adds a key that is not in the set. */
  add(key: string): void {
    if (!this.#removed.delete(key)) this.#added.add(key);
  }

  /** Removes a key that is in the set. */
  remove(key: string): void {
    if (!this.#added.delete(key)) this.#removed.add(key);
  }

  /** Replaces the whole set. */
  reset(keys: Iterable<string>): void {
    this.#keys = [...keys].sort(compareKeys);
    this.#added = new Set();
    this.#removed = new Set();
  }

  /** Keys starting with `prefix`, ascending (two binary searches and one copy). */
  withPrefix(prefix: string): string[] {
    this.#merge();
    // Every key starting with `prefix` sorts below prefix + U+FFFF (keys are ASCII).
    return this.#keys.slice(lowerBound(this.#keys, prefix), lowerBound(this.#keys, `${prefix}\uffff`));
  }

  #merge(): void {
    const changes = this.#added.size + this.#removed.size;
    if (changes === 0) return;
    if (changes <= SPLICE_LIMIT) {
      this.#spliceChanges();
      this.#added.clear();
      this.#removed.clear();
    } else {
      this.#keys = mergeSorted(this.#keys, this.#removed, [...this.#added].sort(compareKeys));
      // New sets: clear() would keep the grown hash tables alive.
      this.#added = new Set();
      this.#removed = new Set();
    }
  }

  #spliceChanges(): void {
    for (const key of this.#removed) this.#keys.splice(lowerBound(this.#keys, key), 1);
    for (const key of this.#added) this.#keys.splice(lowerBound(this.#keys, key), 0, key);
  }
}

/** Byte order for the ASCII keys storage uses (UTF-16 code unit order, as `<`). */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Index of the first key >= `target`. */
export function lowerBound(keys: readonly string[], target: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((keys[mid] as string) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}

function mergeSorted(keys: readonly string[], removed: ReadonlySet<string>, added: readonly string[]): string[] {
  const out: string[] = [];
  let j = 0;
  for (const key of keys) {
    if (removed.has(key)) continue;
    while (j < added.length && (added[j] as string) < key) out.push(added[j++] as string);
    out.push(key);
  }
  while (j < added.length) out.push(added[j++] as string);
  return out;
}
