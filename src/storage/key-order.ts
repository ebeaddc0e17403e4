// The order of a set of keys, settled when a read needs it. A write only appends a new key here; a range
// read merges those into the sorted array in one pass. Why: keeping an ordered structure current at every
// write cost ~4-8 µs per create among 60k keys under load (its binary search touches keys all over the
// heap), twice per create (the SQLite backend's live keys, the watch cache), while ordered reads are far
// rarer than writes: the SQLite backend's ranges (paged and exact-revision lists, a cache's first list) and
// the watch cache's lists (which, as upstream 1.25's watch cache, cost the whole resource's objects anyway).
import { compareKeys, hasWideCodeUnits, keyBefore, keyLowerBound } from './key-range.js';

/** Settled also by writes once this many keys wait (or as many as are sorted): the pending keys stay bounded. */
const MIN_PENDING = 1024;

/**
 * A range holding less than this share of the sorted keys (1/n) is answered without settling while many keys
 * wait (see #narrow).
 */
const NARROW_SHARE = 8;

/** The keys of a set in byte order; `exists` says which of those recorded still exist. */
export class KeyOrder {
  /** Sorted when settled; may hold keys removed since. */
  #sorted: string[];
  /** Keys added since the last settling, in no order. */
  #added: string[] = [];
  #removedSince = 0;
  /** Keys with code units where UTF-16 and UTF-8 order part, added and not removed: while none, `<` orders. */
  #wide = 0;

  readonly #exists: (key: string) => boolean;

  constructor(keys: Iterable<string>, exists: (key: string) => boolean) {
    this.#sorted = [...keys].sort(compareKeys);
    this.#exists = exists;
    for (const key of this.#sorted) if (hasWideCodeUnits(key)) this.#wide++;
  }

  add(key: string): void {
    this.#added.push(key);
    if (hasWideCodeUnits(key)) this.#wide++;
    this.#bound();
  }

  remove(key: string): void {
    this.#removedSince++;
    if (hasWideCodeUnits(key)) this.#wide--;
    this.#bound();
  }

  /** Keys recorded since the order was last settled (added, or removed and still held). */
  get waiting(): number {
    return this.#added.length + this.#removedSince;
  }

  /**
   * Settles when the keys waiting reach the sorted ones' number: a set nobody reads in order (a watch cache
   * only watched, a store only written) keeps no deleted key alive, and a write pays O(log n) amortized for it.
   */
  #bound(): void {
    if (this.waiting >= Math.max(MIN_PENDING, this.#sorted.length)) this.#settle();
  }

  /** Whether `<` orders the keys against these bounds (see keyBefore). */
  #native(start: string, end: string | undefined): boolean {
    return this.#wide === 0 && !hasWideCodeUnits(start) && (end === undefined || !hasWideCodeUnits(end));
  }

  /** The existing keys in [start, end) (no end bound when undefined), in order. */
  *range(start: string, end: string | undefined): IterableIterator<string> {
    const native = this.#native(start, end);
    const keys = this.#narrow(start, end, native) ?? this.#settle();
    for (let i = keyLowerBound(keys, start, native); i < keys.length; i++) {
      const key = keys[i] as string;
      if (end !== undefined && !keyBefore(key, end, native)) return;
      yield key;
    }
  }

  /** How many existing keys lie in [start, end). */
  count(start: string, end: string | undefined): number {
    const keys = this.#settle();
    const native = this.#native(start, end);
    const last = end === undefined ? keys.length : keyLowerBound(keys, end, native);
    return Math.max(0, last - keyLowerBound(keys, start, native));
  }

  /**
   * The existing keys in [start, end), in order, without settling: when many keys wait and the range holds few
   * of the sorted ones. A settling walks the whole set (each key's existence asked, the waiting ones sorted):
   * with the SQLite backend's ~300,000 live keys after a create load, the endpoint reconciler's read of the
   * master leases every 10 s stalled the event loop ~100 ms (session 19). This walks the waiting keys and the
   * range. Undefined: settle instead (a wide range, or few waiting), which later reads then share.
   */
  #narrow(start: string, end: string | undefined, native: boolean): string[] | undefined {
    if (this.waiting < MIN_PENDING) return undefined;
    const sorted = this.#sorted;
    const from = keyLowerBound(sorted, start, native);
    const to = end === undefined ? sorted.length : keyLowerBound(sorted, end, native);
    if ((to - from) * NARROW_SHARE > sorted.length) return undefined;
    const inRange = (key: string): boolean => !keyBefore(key, start, native) && (end === undefined || keyBefore(key, end, native));
    const waiting = this.#added.filter(inRange);
    // A range of keys mostly waiting (a resource written fast) settles: its later reads (pages) share that.
    if ((to - from + waiting.length) * NARROW_SHARE > sorted.length + this.#added.length) return undefined;
    return mergeExisting(sorted, from, to, waiting.sort(native ? undefined : compareKeys), native, this.#exists);
  }

  /** Merges the keys added since into the sorted array, dropping those that no longer exist. */
  #settle(): readonly string[] {
    if (this.waiting === 0) return this.#sorted;
    const native = this.#wide === 0;
    const merged = mergeExisting(this.#sorted, 0, this.#sorted.length, this.#added.sort(native ? undefined : compareKeys), native, this.#exists);
    this.#sorted = merged;
    this.#added = [];
    this.#removedSince = 0;
    return merged;
  }
}

/**
 * `sorted[from, to)` merged with the sorted `added`, in order, once each (a key removed and added again is in
 * both), keeping only the keys that still exist.
 */
function mergeExisting(sorted: readonly string[], from: number, to: number, added: readonly string[], native: boolean, exists: (key: string) => boolean): string[] {
  const merged: string[] = [];
  let i = from;
  let j = 0;
  while (i < to || j < added.length) {
    const a = i < to ? sorted[i] : undefined;
    const b = added[j];
    let next: string;
    if (b === undefined || (a !== undefined && keyBefore(a, b, native))) next = sorted[i++] as string;
    else if (a === b) next = (i++, added[j++] as string);
    else next = added[j++] as string;
    if (next !== merged[merged.length - 1] && exists(next)) merged.push(next);
  }
  return merged;
}
