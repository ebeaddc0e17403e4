// Merging a list field (upstream mergeSliceHandler / mergeSlice): lists with patch strategy `merge`
// are merged (scalars as a set; maps by merge key, honouring `$patch` items), `$deleteFromPrimitiveList`
// removes values whatever the strategy, and every other list is replaced by the patch's.
import { DELETE_DIRECTIVE, DIRECTIVE_MARKER, MERGE_DIRECTIVE, REPLACE_DIRECTIVE } from './directives.js';
import { normalizeElementOrder, partitionByPresence, findByMergeKey } from './element-order.js';
import { badPatchType, listMergeDirective, listOfLists, mergeError, noMergeKey } from './errors.js';
import { goFormat } from './go-format.js';
import { type GoSlice, elements, goAppend, goRemoveAt, sliceOf } from './go-slice.js';
import { type GoKind, type JsonMap, getOwn, goEqual, goKind, hasOwn, scalarKey } from './go-values.js';
import { mergeMap } from './merge-map.js';
import { type PatchMeta, type SchemaCursor, itemTypeName } from './patch-meta.js';

/** The one Go type all items share (upstream sliceElementType); lists of lists are refused. */
export function sliceElementKind(...lists: readonly unknown[][]): GoKind {
  let kind: GoKind | undefined;
  for (const list of lists) {
    for (const item of list) {
      const current = goKind(item);
      if (kind === undefined) {
        if (current === 'slice') throw listOfLists();
        kind = current;
      } else if (kind !== current) {
        throw mergeError(`list element types are not identical: ${goFormat(lists)}`);
      }
    }
  }
  if (kind === undefined) throw mergeError('no elements in any of the given slices');
  return kind;
}

/** Upstream deduplicateScalars: removes repeats (moving the last item into each hole). */
function deduplicateScalars(list: unknown[]): unknown[] {
  const s = [...list];
  let length = s.length - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (goEqual(s[i], s[j])) {
        s[j] = s[length];
        s.length = length;
        length--;
        j--;
      }
    }
  }
  return s;
}

/** `$deleteFromPrimitiveList`: the live values not listed for deletion. */
function deleteFromSlice(current: readonly unknown[], toDelete: readonly unknown[]): unknown[] {
  const doomed = new Set(toDelete.map(scalarKey));
  return current.filter((v) => !doomed.has(scalarKey(v)));
}

/** Deletes every item whose merge key equals `value` (upstream deleteMatchingEntries). */
function deleteMatchingEntries(original: GoSlice, mergeKey: string, value: unknown): GoSlice {
  let current = original;
  for (let found = findByMergeKey(elements(current), mergeKey, value); found; found = findByMergeKey(elements(current), mergeKey, value)) {
    current = goRemoveAt(current, found.index);
  }
  return current;
}

/** Applies the `$patch` items of a keyed list; returns the live list and the plain patch items. */
function mergeSpecialElements(original: GoSlice, patch: readonly unknown[], mergeKey: string): { original: GoSlice; patch: unknown[] } {
  const plain: unknown[] = [];
  let current = original;
  let replace = false;
  for (const v of patch) {
    const item = v as JsonMap;
    if (!hasOwn(item, DIRECTIVE_MARKER)) {
      plain.push(v);
      continue;
    }
    const directive = getOwn(item, DIRECTIVE_MARKER);
    if (directive === DELETE_DIRECTIVE) {
      if (!hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
      current = deleteMatchingEntries(current, mergeKey, getOwn(item, mergeKey));
    } else if (directive === REPLACE_DIRECTIVE) {
      replace = true; // keep going: the remaining `$patch` items are dropped too
    } else if (directive === MERGE_DIRECTIVE) {
      throw listMergeDirective();
    } else {
      throw badPatchType(directive, item);
    }
  }
  return replace ? { original: sliceOf(plain), patch: [] } : { original: current, patch: plain };
}

/** Merges each plain patch item into the live item with its key, or appends it. */
function mergeKeyedItems(original: GoSlice, patch: readonly unknown[], mergeKey: string, items: SchemaCursor): GoSlice {
  let current = original;
  for (const v of patch) {
    const item = v as JsonMap;
    if (!hasOwn(item, mergeKey)) throw noMergeKey(item, mergeKey);
    const found = findByMergeKey(elements(current), mergeKey, getOwn(item, mergeKey));
    if (found) current.items[found.index] = mergeMap(found.item, item, items);
    else current = goAppend(current, v);
  }
  return current;
}

function mergeScalarList(original: unknown[], patch: unknown[], isDeleteList: boolean, kind: GoKind): unknown[] {
  if (isDeleteList) return deleteFromSlice(original, patch);
  const merged = deduplicateScalars([...original, ...patch]);
  const { named, serverOnly } = partitionByPresence(merged, patch, '');
  return normalizeElementOrder(named, serverOnly, patch, original, '', kind);
}

function mergeMapList(original: unknown[], patch: unknown[], meta: PatchMeta): unknown[] {
  if (meta.mergeKey === '') throw mergeError(`cannot merge lists without merge key for ${itemTypeName(meta.schema)}`);
  const special = mergeSpecialElements(sliceOf(original), patch, meta.mergeKey);
  const live = elements(special.original);
  const merged = elements(mergeKeyedItems(special.original, special.patch, meta.mergeKey, meta.schema));
  const { named, serverOnly } = partitionByPresence(merged, special.patch, meta.mergeKey);
  return normalizeElementOrder(named, serverOnly, special.patch, live, meta.mergeKey, 'map');
}

/**
 * Merges list `patch` into live list `original` (mutated in place where upstream mutates it).
 * `meta.schema` is the items' schema; `isDeleteList` marks a `$deleteFromPrimitiveList` value.
 */
export function mergeSliceHandler(original: unknown[], patch: unknown[], meta: PatchMeta, isDeleteList: boolean): unknown[] {
  // Deletion lists delete whatever the field's strategy (upstream #110472, in 1.25).
  if (meta.strategy !== MERGE_DIRECTIVE && !isDeleteList) return patch;
  if (original.length === 0 && patch.length === 0) return original;
  const kind = sliceElementKind(original, patch);
  return kind === 'map' ? mergeMapList(original, patch, meta) : mergeScalarList(original, patch, isDeleteList, kind);
}
