// A deep copy of a JSON value made with a stack, not recursion: request paths copy objects whose nesting a
// client chose (managedFields, raw extensions), and structuredClone overflows the stack a few thousand
// levels down where Go, and the 10,000-level bound at decoding, still accept them.

import { LiteralNumber } from './number-literals.js';

type Json = unknown;

/** A deep copy of `value` (plain objects, arrays and scalars, as JSON.parse makes them; LiteralNumbers are shared). */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null || value instanceof LiteralNumber) return value;
  const root: Json = Array.isArray(value) ? new Array(value.length) : {};
  // Pairs of (source, copy) whose members are still to copy.
  const pending: Array<[Json, Json]> = [[value, root]];
  while (pending.length > 0) {
    const [source, copy] = pending.pop() as [Json, Json];
    if (Array.isArray(source)) {
      const target = copy as Json[];
      for (let i = 0; i < source.length; i++) target[i] = member(source[i], pending);
    } else {
      const target = copy as Record<string, Json>;
      for (const key of Object.keys(source as object)) {
        const value = member((source as Record<string, Json>)[key], pending);
        // An own `__proto__` member (JSON.parse makes one) is a plain property, not the prototype.
        if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
        else target[key] = value;
      }
    }
  }
  return root as T;
}

function member(value: Json, pending: Array<[Json, Json]>): Json {
  if (typeof value !== 'object' || value === null || value instanceof LiteralNumber) return value;
  const copy: Json = Array.isArray(value) ? new Array(value.length) : {};
  pending.push([value, copy]);
  return copy;
}
