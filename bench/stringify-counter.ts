// Counting JSON serializations in this process without touching kplane's code: JSON.stringify is wrapped
// while a count is running, and each call is classified by a caller-supplied function.

/** A running count; stop() restores JSON.stringify and returns the totals per class. */
export interface StringifyCount {
  stop(): Record<string, number>;
}

/** Counts the JSON.stringify calls for which `classify` returns a class name (undefined: not counted). */
export function countStringify(classify: (value: unknown) => string | undefined): StringifyCount {
  const original = JSON.stringify;
  const counts: Record<string, number> = {};
  const wrapped = function stringify(this: unknown, value: unknown, replacer?: unknown, space?: string | number): string {
    const kind = classify(value);
    if (kind !== undefined) counts[kind] = (counts[kind] ?? 0) + 1;
    return original.call(JSON, value, replacer as (number | string)[] | null, space);
  };
  JSON.stringify = wrapped as typeof JSON.stringify;
  return {
    stop() {
      JSON.stringify = original;
      return counts;
    },
  };
}
