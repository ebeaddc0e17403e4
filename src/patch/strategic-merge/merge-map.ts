// Merging a map (upstream mergeMap): `$patch` on the map itself, then `$retainKeys`, then the
// `$setElementOrder` lists, then each field: null deletes, a value the original lacks (or of another
// type) is taken whole, maps merge recursively (unless the field's strategy is `replace`), lists
// merge per their strategy, scalars are replaced.
import {
  DELETE_FROM_PRIMITIVE_LIST_PREFIX,
  DIRECTIVE_MARKER,
  REPLACE_DIRECTIVE,
  applyRetainKeysDirective,
  extractKey,
  handleDirectiveInMergeMap,
  removeDirectives,
} from './directives.js';
import { type JsonMap, getOwn, goKind, hasOwn, setOwn } from './go-values.js';
import { mergeSliceHandler } from './merge-list.js';
import { type SchemaCursor, lookupPatchMeta } from './patch-meta.js';
import { mergePatchIntoOriginal } from './set-element-order.js';

/** Sets a value taken whole from the patch, or drops the field when it is a directive map. */
function takePatchValue(original: JsonMap, key: string, value: unknown): void {
  const cleaned = removeDirectives(value);
  if (cleaned.keep) setOwn(original, key, cleaned.value);
  else delete original[key];
}

/** Merges one patch field into `original`. */
function mergeField(original: JsonMap, patchKey: string, patchValue: unknown, cursor: SchemaCursor): void {
  const isDeleteList = patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX);
  const key = isDeleteList ? extractKey(patchKey, DELETE_FROM_PRIMITIVE_LIST_PREFIX) : patchKey;
  // A null deletes the field; as upstream, a null deletion list deletes the whole list.
  if (patchValue === null) {
    delete original[key];
    return;
  }
  const current = getOwn(original, key);
  const kind = goKind(current);
  if (!hasOwn(original, key) || kind !== goKind(patchValue)) {
    if (!isDeleteList) takePatchValue(original, key, patchValue);
    return;
  }
  if (kind === 'map') {
    const meta = lookupPatchMeta(cursor, key, false);
    const patchMap = patchValue as JsonMap;
    setOwn(original, key, meta.strategy === REPLACE_DIRECTIVE ? patchMap : mergeMap(current as JsonMap, patchMap, meta.schema));
  } else if (kind === 'slice') {
    const meta = lookupPatchMeta(cursor, key, true);
    setOwn(original, key, mergeSliceHandler(current as unknown[], patchValue as unknown[], meta, isDeleteList));
  } else {
    takePatchValue(original, key, patchValue);
  }
}

/**
 * Merges `patch` into `original` in place (both are the engine's own copies) and returns the
 * result, which is a different map when the patch carries `$patch: replace` or `delete`.
 */
export function mergeMap(original: JsonMap, patch: JsonMap, cursor: SchemaCursor): JsonMap {
  if (hasOwn(patch, DIRECTIVE_MARKER)) return handleDirectiveInMergeMap(getOwn(patch, DIRECTIVE_MARKER), patch);
  applyRetainKeysDirective(original, patch);
  mergePatchIntoOriginal(original, patch, cursor);
  for (const [key, value] of Object.entries(patch)) mergeField(original, key, value, cursor);
  return original;
}
