// Key ordering shared by the backends. etcd orders keys by their bytes; our keys are JS strings stored
// as UTF-8, so "byte order" here means UTF-8 byte order, which equals Unicode code point order.
import { compareGoStrings } from '../schema/go-strings.js';

/** Compares two keys in UTF-8 byte order (Go's string order; plain `<` on JS strings compares UTF-16 code units). */
export const compareKeys: (a: string, b: string) => number = compareGoStrings;

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
