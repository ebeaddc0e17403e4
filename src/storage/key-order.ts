// The order of a set of keys, settled when a read needs it. A write only appends a new key here; a range
// read merges those into the sorted array in one pass. Why: keeping an ordered structure current at every
// write cost ~4-8 µs per create among 60k keys under load (its binary search touches keys all over the
// heap), twice per create (the SQLite backend's live keys, the watch cache), while ordered reads are far
// rarer than writes: the SQLite backend's ranges (paged and exact-revision lists, a cache's first list) and
// the watch cache's lists (which, as upstream 1.25's watch cache, cost the whole resource's objects anyway).
import { compareKeys, hasWideCodeUnits, keyBefore } from './key-range.js';

/** The keys of a set in byte order; which of them still exist is the caller's to say at each read. */
export class KeyOrder {
  /** Sorted when settled; may hold keys removed since. */
  #sorted: string[];
  /** Keys added since the last settling, in no order. */
  #added: string[] = [];
  #removedSince = 0;
  /** Keys with code units where UTF-16 and UTF-8 order part, added and not removed: while none, `<` orders. */
  #wide = 0;

  constructor(keys: Iterable<string>) {
    this.#sorted = [...keys].sort(compareKeys);
    for (const key of this.#sorted) if (hasWideCodeUnits(key)) this.#wide++;
  }

  add(key: string): void {
    this.#added.push(key);
    if (hasWideCodeUnits(key)) this.#wide++;
  }

  remove(key: string): void {
    this.#removedSince++;
    if (hasWideCodeUnits(key)) this.#wide--;
  }

  /** The existing keys in [start, end) (no end bound when undefined), in order; `exists` decides for those recorded. */
  *range(start: string, end: string | undefined, exists: (key: string) => boolean): IterableIterator<string> {
    const keys = this.#settle(exists);
    const native = this.#wide === 0 && !hasWideCodeUnits(start) && (end === undefined || !hasWideCodeUnits(end));
    for (let i = lowerBound(keys, start, native); i < keys.length; i++) {
      const key = keys[i] as string;
      if (end !== undefined && !keyBefore(key, end, native)) return;
      yield key;
    }
  }

  /** How many existing keys lie in [start, end). */
  count(start: string, end: string | undefined, exists: (key: string) => boolean): number {
    const keys = this.#settle(exists);
    const native = this.#wide === 0 && !hasWideCodeUnits(start) && (end === undefined || !hasWideCodeUnits(end));
    const last = end === undefined ? keys.length : lowerBound(keys, end, native);
    return Math.max(0, last - lowerBound(keys, start, native));
  }

  /** Merges the keys added since into the sorted array, dropping those that no longer exist. */
  #settle(exists: (key: string) => boolean): readonly string[] {
    if (this.#added.length === 0 && this.#removedSince === 0) return this.#sorted;
    const native = this.#wide === 0;
    const added = this.#added.sort(native ? undefined : compareKeys);
    const sorted = this.#sorted;
    const merged: string[] = [];
    let i = 0;
    let j = 0;
    while (i < sorted.length || j < added.length) {
      const a = sorted[i];
      const b = added[j];
      let next: string;
      if (b === undefined || (a !== undefined && keyBefore(a, b, native))) next = sorted[i++] as string;
      else if (a === b) next = (i++, added[j++] as string); // removed and added again
      else next = added[j++] as string;
      if (next !== merged[merged.length - 1] && exists(next)) merged.push(next);
    }
    this.#sorted = merged;
    this.#added = [];
    this.#removedSince = 0;
    return merged;
  }
}

/** The index of the first key >= `key` in sorted `keys`. */
function lowerBound(keys: readonly string[], key: string, native: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyBefore(keys[mid] as string, key, native)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
