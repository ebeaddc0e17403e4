// Key ordering shared by the backends. etcd orders keys by their bytes; our keys are JS strings stored
// as UTF-8, so "byte order" here means UTF-8 byte order, which equals Unicode code point order.

/**
 * Compares two keys in UTF-8 byte order. Plain `<` on JS strings compares UTF-16 code units, which
 * disagrees for astral characters (surrogates 0xD800-0xDFFF) against BMP characters above 0xE000.
 */
export function compareKeys(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xAstral = x >= 0xd800 && x <= 0xdfff;
    const yAstral = y >= 0xd800 && y <= 0xdfff;
    // An astral code point is larger than every BMP code point, whatever its surrogate unit says.
    if (xAstral !== yAstral) return xAstral ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
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
