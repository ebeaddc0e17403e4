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
