// Upstream discardNullValuesFromPatch (strategicpatch, since 1.24): a patch value taken whole, because the
// original has nothing to merge it with, loses its null members at every depth, so that a null never
// lands in the stored object (`labels: {x: null}` onto an object without labels stores no `x: ""`).
import { type JsonMap, isJsonMap } from './go-values.js';

/**
 * Deletes the null members of every map inside `value` (maps nested in lists included) and returns
 * `value`, changed in place (the engine's own copy). Nulls directly inside lists stay, as upstream's.
 * Walks with an explicit stack: patches may nest as deep as decoding admits.
 */
export function discardNullValues(value: unknown): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (isJsonMap(current)) {
      const map: JsonMap = current;
      for (const key of Object.keys(map)) {
        if (map[key] === null) delete map[key];
        else stack.push(map[key]);
      }
    }
  }
  return value;
}
