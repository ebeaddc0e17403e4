// Go's string order: Go compares strings byte by byte in UTF-8, which is Unicode code point order. Used
// wherever upstream sorts strings (structured-merge-diff's field paths, etcd's key order).

/**
 * Go's byte-wise string order (UTF-8), from JavaScript's UTF-16 strings: code units order the same
 * except that surrogates (astral characters) sort after U+E000..U+FFFF.
 */
export function compareGoStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

// Array.prototype.sort copies the array into a work array and calls the comparator through a builtin; the
// keys of one object or the items of one list are few, and an insertion sort is faster and allocates nothing.
const SMALL = 16;

/** `items` sorted in place (stably) by `compare`: an insertion sort while they are few. */
export function sortSmall<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  if (items.length > SMALL) return items.sort(compare);
  for (let i = 1; i < items.length; i++) {
    const item = items[i] as T;
    let j = i - 1;
    for (; j >= 0 && compare(items[j] as T, item) > 0; j--) items[j + 1] = items[j] as T;
    items[j + 1] = item;
  }
  return items;
}

/** `keys` sorted in place in Go's string order (as Go sorts map keys). */
export function sortGoStrings(keys: string[]): string[] {
  return sortSmall(keys, compareGoStrings);
}
