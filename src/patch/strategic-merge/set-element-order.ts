// `$setElementOrder/<field>` (upstream mergePatchIntoOriginal): merges the list it names together
// with the patch's list for that field, checks the patch list follows the given order, and puts the
// result in that order (items it does not name keep their live relative places).
import { SET_ELEMENT_ORDER_PREFIX, containsDirectiveMarker, extractKey } from './directives.js';
import { extractToDeleteItems, normalizeElementOrder, partitionByPresence } from './element-order.js';
import { badArgType, mergeError, noMergeKey } from './errors.js';
import { goFormat } from './go-format.js';
import { type JsonMap, getOwn, goEqual, hasOwn, isJsonMap, setOwn } from './go-values.js';
import { mergeSliceHandler, sliceElementKind } from './merge-list.js';
import { type SchemaCursor, lookupPatchMeta } from './patch-meta.js';

/** Whether two list items match: by merge key for maps, by value for scalars. */
function mergeKeyValueEqual(left: unknown, right: unknown, mergeKey: string): boolean {
  if (mergeKey === '') return goEqual(left, right);
  if (!isJsonMap(left)) throw badArgType('map[string]interface {}', left);
  if (!isJsonMap(right)) throw badArgType('map[string]interface {}', right);
  if (!hasOwn(left, mergeKey)) throw noMergeKey(left, mergeKey);
  if (!hasOwn(right, mergeKey)) throw noMergeKey(right, mergeKey);
  return goEqual(getOwn(left, mergeKey), getOwn(right, mergeKey));
}

/** The patch list's items (deletions and directives aside) must appear in the `$setElementOrder` order. */
function validatePatchWithSetOrderList(patchList: readonly unknown[], order: readonly unknown[], mergeKey: string): void {
  if (order.length === 0 || patchList.length === 0) return;
  const items = mergeKey === '' ? patchList : extractToDeleteItems(patchList).kept;
  let p = 0;
  let s = 0;
  while (p < items.length && s < order.length) {
    if (containsDirectiveMarker(items[p])) {
      p++;
      continue;
    }
    if (mergeKeyValueEqual(items[p], order[s], mergeKey)) p++;
    s++;
  }
  if (p < items.length && s >= order.length) {
    throw mergeError(`The order in patch list:\n${goFormat(patchList)}\n doesn't match ${SET_ELEMENT_ORDER_PREFIX} list:\n${goFormat(order)}\n`);
  }
}

function asList(value: unknown, found: boolean): unknown[] {
  if (!found) return [];
  if (!Array.isArray(value)) throw badArgType('[]interface {}', value);
  return value;
}

/** Merges and orders one field named by a `$setElementOrder` directive. */
function mergeOrderedField(original: JsonMap, patch: JsonMap, key: string, order: unknown[], cursor: SchemaCursor): void {
  const field = extractKey(key, SET_ELEMENT_ORDER_PREFIX);
  const foundOriginal = hasOwn(original, field);
  const foundPatch = hasOwn(patch, field);
  const originalList = asList(getOwn(original, field), foundOriginal);
  const patchList = asList(getOwn(patch, field), foundPatch);
  const liveLength = originalList.length;
  const meta = lookupPatchMeta(cursor, field, true);
  validatePatchWithSetOrderList(patchList, order, meta.mergeKey);
  let merged: unknown[];
  if (foundOriginal && foundPatch) merged = mergeSliceHandler(originalList, patchList, meta, false);
  else if (foundOriginal) merged = originalList;
  else if (foundPatch) merged = patchList; // taken as it is, directives included, as 1.25 takes it
  else return;
  const { named, serverOnly } = partitionByPresence(merged, order, meta.mergeKey);
  // The live list as its original slice sees it now (see go-slice.ts).
  const live = originalList.slice(0, liveLength);
  const kind = sliceElementKind(live, patchList);
  setOwn(original, field, normalizeElementOrder(named, serverOnly, order, live, meta.mergeKey, kind));
  delete patch[field];
}

/** Processes every `$setElementOrder/<field>` of `patch` into `original`, removing what it handled. */
export function mergePatchIntoOriginal(original: JsonMap, patch: JsonMap, cursor: SchemaCursor): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    const order = getOwn(patch, key);
    delete patch[key];
    if (!Array.isArray(order)) throw badArgType('[]interface {}', order);
    mergeOrderedField(original, patch, key, order, cursor);
  }
}
