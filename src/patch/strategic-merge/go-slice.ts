// A Go slice over a shared backing array. Upstream merges keyed lists in place: deleting an item
// shifts the live list's backing array, and appending within its capacity writes into it; the
// `$setElementOrder` step then reads the live list through its original slice and sees those
// writes. Its ordering depends on them (upstream's own test "add map and delete map from merging
// list" does), so the merge reproduces them, taking the live list's capacity to equal its length.

/** `items[0:len]` of a backing array with capacity `cap`. */
export interface GoSlice {
  items: unknown[];
  len: number;
  cap: number;
}

/** A slice over all of `items` (the live list: capacity = length). */
export function sliceOf(items: unknown[]): GoSlice {
  return { items, len: items.length, cap: items.length };
}

/** The slice's elements, copied out. */
export function elements(slice: GoSlice): unknown[] {
  return slice.items.slice(0, slice.len);
}

/** Go `append(s, value)`: in place within capacity, else onto a fresh backing array. */
export function goAppend(slice: GoSlice, value: unknown): GoSlice {
  if (slice.len < slice.cap) {
    slice.items[slice.len] = value;
    return { ...slice, len: slice.len + 1 };
  }
  const items = slice.items.slice(0, slice.len);
  items.push(value);
  return { items, len: items.length, cap: Number.POSITIVE_INFINITY };
}

/** Go `append(s[:k], s[k+1:]...)`: shifts the tail left in the same backing array. */
export function goRemoveAt(slice: GoSlice, k: number): GoSlice {
  slice.items.copyWithin(k, k + 1, slice.len);
  return { ...slice, len: slice.len - 1 };
}
