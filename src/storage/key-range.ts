// Key ordering shared by the backends. etcd orders keys by their bytes; our keys are JS strings stored
// as UTF-8, so "byte order" here means UTF-8 byte order, which equals Unicode code point order.
import { compareGoStrings } from '../schema/go-strings.js';

/** Compares two keys in UTF-8 byte order (Go's string order; plain `<` on JS strings compares UTF-16 code units). */
export const compareKeys: (a: string, b: string) => number = compareGoStrings;

/**
 * Code units where UTF-16 order (JavaScript's `<`) and UTF-8 byte order part: a surrogate sorts before
 * U+E000-U+FFFF in UTF-16 but after them in UTF-8. Keys without any compare the same either way.
 */
const WIDE = /[\ud800-\uffff]/;

/** Whether UTF-16 order may misplace `key` (see WIDE); Kubernetes keys have none but for names some kinds allow. */
export function hasWideCodeUnits(key: string): boolean {
  return WIDE.test(key);
}

/**
 * Whether `a` sorts before `b`: in UTF-16 order (`<`, which V8 compares natively, several times faster
 * than compareKeys' loop over long shared prefixes) when `native` (neither key has wide code units), else
 * in UTF-8 byte order.
 */
export function keyBefore(a: string, b: string, native: boolean): boolean {
  return native ? a < b : compareKeys(a, b) < 0;
}

/** The index of the first of sorted `keys` that is not before `key` (keyBefore's `native` as there). */
export function keyLowerBound(keys: readonly string[], key: string, native: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyBefore(keys[mid] as string, key, native)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Exclusive upper bound of the keys that start with `prefix`: the prefix with its last code point
 * replaced by the next one (etcd's prefix range end, per code point). Undefined for the empty prefix,
 * which every key starts with.
 */
export function prefixEnd(prefix: string): string | undefined {
  let head = prefix;
  while (head.length > 0) {
    const last = head.codePointAt(head.length - 1) ?? 0;
    // A low surrogate at the end may be the second half of an astral code point.
    const pair = head.length >= 2 && last >= 0xdc00 && last <= 0xdfff ? head.codePointAt(head.length - 2) : undefined;
    const cp = pair !== undefined && pair > 0xffff ? pair : last;
    const width = cp > 0xffff ? 2 : 1;
    head = head.slice(0, head.length - width);
    if (cp === 0x10ffff) continue; // no next code point: carry into the previous one
    const next = cp === 0xd7ff ? 0xe000 : cp + 1; // skip the surrogate block
    return head + String.fromCodePoint(next);
  }
  return undefined;
}

/** Where a prefix range begins: `startKey` when it sorts after the prefix, else the prefix itself. */
export function rangeStart(prefix: string, startKey: string | undefined): string {
  return startKey !== undefined && compareKeys(startKey, prefix) > 0 ? startKey : prefix;
}
