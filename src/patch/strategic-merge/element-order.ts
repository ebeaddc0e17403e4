// Ordering of merged lists (upstream normalizeElementOrder and helpers): the items named by the
// patch (or `$setElementOrder`) take the patch's order, the server-only items keep the live order,
// and the two are interleaved by the live positions. An item the live list does not hold has no
// position, so it goes before the remaining server-only items: a patch adding new keys puts them
// first. (The design: "preserve order in strategic merge patch", precedence $setElementOrder >
// patch order > live order.)
import { DELETE_DIRECTIVE, DIRECTIVE_MARKER } from './directives.js';
import { badArgType, mergeError, noMergeKey } from './errors.js';
import { goSliceStable } from './go-sort.js';
import { type GoKind, type JsonMap, getOwn, goEqual, hasOwn, isJsonMap, scalarKey } from './go-values.js';

/** The value lists are matched on: the merge key of a map item, the item itself otherwise. */
function matchValue(item: unknown, mergeKey: string, kind: GoKind): unknown {
  if (kind !== 'map') return item;
  return isJsonMap(item) ? (getOwn(item, mergeKey) ?? null) : null;
}

/** Position of `value` in `list` by merge key (maps) or value (scalars); -1 when absent. */
export function indexIn(list: readonly unknown[], value: unknown, mergeKey: string, kind: GoKind): number {
  const wanted = matchValue(value, mergeKey, kind);
  return list.findIndex((item) => goEqual(wanted, matchValue(item, mergeKey, kind)));
}

/** The map in `list` whose merge key equals `value`, with its index (findMapInSliceBasedOnKeyValue). */
export function findByMergeKey(list: readonly unknown[], mergeKey: string, value: unknown): { item: JsonMap; index: number } | undefined {
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (!isJsonMap(item)) throw mergeError(`value for key ${index} is not a map.`);
    if (hasOwn(item, mergeKey) && goEqual(getOwn(item, mergeKey), value)) return { item, index };
  }
  return undefined;
}

/** Every item of every list is a map holding the merge key. */
function validateMergeKeyInLists(mergeKey: string, ...lists: readonly unknown[][]): void {
  for (const list of lists) {
    for (const item of list) {
      if (!isJsonMap(item)) throw badArgType('map[string]interface {}', item);
      if (!hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    }
  }
}

/** Splits list items into kept ones and `$patch: delete` ones. */
export function extractToDeleteItems(list: readonly unknown[]): { kept: unknown[]; deleted: unknown[] } {
  const kept: unknown[] = [];
  const deleted: unknown[] = [];
  for (const item of list) {
    if (!isJsonMap(item)) throw badArgType('map[string]interface {}', item);
    (getOwn(item, DIRECTIVE_MARKER) === DELETE_DIRECTIVE ? deleted : kept).push(item);
  }
  return { kept, deleted };
}

/** `toSort` in the order of `order` (upstream's comparator, quirks included), deletions last. */
function normalizeSliceOrder(toSort: unknown[], order: readonly unknown[], mergeKey: string, kind: GoKind): unknown[] {
  let items = [...toSort];
  let deleted: unknown[] = [];
  if (kind === 'map') {
    validateMergeKeyInLists(mergeKey, toSort, [...order]);
    ({ kept: items, deleted } = extractToDeleteItems(toSort));
  }
  goSliceStable(items, (a, b) => {
    const ia = indexIn(order, a, mergeKey, kind);
    if (ia >= 0) {
      const ib = indexIn(order, b, mergeKey, kind);
      if (ib >= 0) return ia < ib;
    }
    return true;
  });
  return [...items, ...deleted];
}

/** Interleaves server-only items (`left`) with patch items (`right`) by their live positions. */
function mergeSortedSlice(left: unknown[], right: unknown[], serverOrder: readonly unknown[], mergeKey: string, kind: GoKind): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]);
    else if (j >= right.length) out.push(left[i++]);
    else {
      const li = indexIn(serverOrder, left[i], mergeKey, kind);
      const ri = indexIn(serverOrder, right[j], mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]);
      else out.push(right[j++]);
    }
  }
  return out;
}

/** The merged list in its final order (upstream normalizeElementOrder). */
export function normalizeElementOrder(
  patchItems: unknown[],
  serverOnly: unknown[],
  patchOrder: readonly unknown[],
  serverOrder: readonly unknown[],
  mergeKey: string,
  kind: GoKind,
): unknown[] {
  const patchSorted = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const serverSorted = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  return mergeSortedSlice(serverSorted, patchSorted, serverOrder, mergeKey, kind);
}

/** Splits merged items into those `by` names and the server-only rest (both in merged order). */
export function partitionByPresence(merged: readonly unknown[], by: readonly unknown[], mergeKey: string): { named: unknown[]; serverOnly: unknown[] } {
  const named: unknown[] = [];
  const serverOnly: unknown[] = [];
  if (mergeKey === '') {
    const present = new Set(by.map(scalarKey));
    for (const item of merged) (present.has(scalarKey(item)) ? named : serverOnly).push(item);
    return { named, serverOnly };
  }
  for (const item of merged) {
    if (!isJsonMap(item)) throw badArgType('map[string]interface {}', item);
    if (!hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    (findByMergeKey(by, mergeKey, getOwn(item, mergeKey)) ? named : serverOnly).push(item);
  }
  return { named, serverOnly };
}
