// The directives of a strategic merge patch (1-conventions "Patch and server-side apply"; upstream
// strategicpatch): `$patch` (replace / delete / merge), `$retainKeys`, and the parallel lists
// `$deleteFromPrimitiveList/<field>` and `$setElementOrder/<field>`.
import { badPatchFormat, badPatchType } from './errors.js';
import { type JsonMap, getOwn, hasOwn, isJsonMap } from './go-values.js';

/** The key of a directive on a map or list item; its values (and `merge`, the patch strategy). */
export const DIRECTIVE_MARKER = '$patch';
export const DELETE_DIRECTIVE = 'delete';
export const REPLACE_DIRECTIVE = 'replace';
export const MERGE_DIRECTIVE = 'merge';
/** The list of fields a map keeps (patch strategy `retainKeys`). */
export const RETAIN_KEYS_DIRECTIVE = '$retainKeys';
/** Prefixes of the parallel lists: values to delete from a primitive list; the order of a merged list. */
export const DELETE_FROM_PRIMITIVE_LIST_PREFIX = '$deleteFromPrimitiveList';
export const SET_ELEMENT_ORDER_PREFIX = '$setElementOrder';

/** A map carrying `$patch`: `replace` yields the patch without the marker, `delete` an empty map. */
export function handleDirectiveInMergeMap(directive: unknown, patch: JsonMap): JsonMap {
  if (directive === REPLACE_DIRECTIVE) {
    delete patch[DIRECTIVE_MARKER];
    return patch;
  }
  if (directive === DELETE_DIRECTIVE) return {};
  throw badPatchType(directive, patch);
}

/** Whether a list item is a map carrying `$patch`. */
export function containsDirectiveMarker(item: unknown): boolean {
  return isJsonMap(item) && hasOwn(item, DIRECTIVE_MARKER);
}

/** The field a parallel-list key names (`$setElementOrder/ports` -> `ports`); 400 when malformed. */
export function extractKey(key: string, prefix: typeof DELETE_FROM_PRIMITIVE_LIST_PREFIX | typeof SET_ELEMENT_ORDER_PREFIX): string {
  const slash = key.indexOf('/');
  if (slash < 0 || key.slice(0, slash) !== prefix) {
    throw badPatchFormat(prefix === DELETE_FROM_PRIMITIVE_LIST_PREFIX ? 'primitive list' : 'setElementOrder list');
  }
  return key.slice(slash + 1);
}

/**
 * `$retainKeys`: every non-null field of the patch must be listed (else 400), and fields of the
 * original that are not listed are cleared. Applied wherever the directive appears, as upstream.
 */
export function applyRetainKeysDirective(original: JsonMap, patch: JsonMap): void {
  if (!hasOwn(patch, RETAIN_KEYS_DIRECTIVE)) return;
  const retain = getOwn(patch, RETAIN_KEYS_DIRECTIVE);
  delete patch[RETAIN_KEYS_DIRECTIVE];
  if (!Array.isArray(retain)) throw badPatchFormat('retainKeys');
  const keep = new Set(retain.filter((k): k is string => typeof k === 'string'));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || key.startsWith(DELETE_FROM_PRIMITIVE_LIST_PREFIX) || key.startsWith(SET_ELEMENT_ORDER_PREFIX)) continue;
    if (!keep.has(key)) throw badPatchFormat('retainKeys');
  }
  for (const key of Object.keys(original)) if (!keep.has(key)) delete original[key];
}
