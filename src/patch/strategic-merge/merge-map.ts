// Merging a map (upstream mergeMap, run by the server with IgnoreUnmatchedNulls): `$patch` on the map
// itself, then `$retainKeys`, then the `$setElementOrder` lists, then each field: null deletes (and is
// dropped when there is nothing to delete), a value the original lacks (or of another type) is taken
// whole without its nulls, maps merge recursively (unless the field's strategy is `replace`), lists
// merge per their strategy, scalars are replaced.
import {
  DELETE_FROM_PRIMITIVE_LIST_PREFIX,
  DIRECTIVE_MARKER,
  REPLACE_DIRECTIVE,
  applyRetainKeysDirective,
  extractKey,
  handleDirectiveInMergeMap,
} from './directives.js';
import { discardNullValues } from './discard-nulls.js';
import { type JsonMap, getOwn, goKind, hasOwn, setOwn } from './go-values.js';
import { mergeSliceHandler } from './merge-list.js';
import { type SchemaCursor, lookupPatchMeta } from './patch-meta.js';
import { mergePatchIntoOriginal } from './set-element-order.js';

/**
 * A value the original lacks, or holds with another type, is taken whole from the patch: its nulls are
 * dropped at any depth (upstream discardNullValuesFromPatch, under IgnoreUnmatchedNulls), directives
 * inside it are kept as 1.25 keeps them (they reach decoding as fields; the removal came in 1.28).
 */
function takePatchValue(original: JsonMap, key: string, value: unknown): void {
  setOwn(original, key, discardNullValues(value));
}

/** Merges one patch field into `original`. */
function mergeField(original: JsonMap, patchKey: string, patchValue: unknown, cursor: SchemaCursor): void {
  const isDeleteList = patchKey.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX);
  const key = isDeleteList ? extractKey(patchKey, DELETE_FROM_PRIMITIVE_LIST_PREFIX) : patchKey;
  // A null deletes the field; as upstream, a null deletion list deletes the whole list. With nothing to
  // delete, the null is dropped (IgnoreUnmatchedNulls), never stored.
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
    setOwn(original, key, patchValue);
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
