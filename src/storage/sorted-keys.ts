// An ordered set of keys in byte order, kept as a list of sorted chunks (a two-level B+ tree) so that
// inserting into 100k keys moves about a thousand entries instead of the whole array. The memory
// backend's ranges and counts (the watch cache and the SQLite backend settle their order lazily: key-order.ts).
import { compareKeys, hasWideCodeUnits, keyBefore as before, keyLowerBound } from './key-range.js';

const MAX_CHUNK = 1024;

/** A position: chunk index and index within the chunk. */
interface Cursor {
  chunk: number;
  index: number;
}

/** An ordered set of keys. */
export interface SortedKeys {
  insert(key: string): void;
  remove(key: string): void;
  /** Keys >= `start`, ascending, while they are < `end` (no bound when `end` is undefined). */
  from(start: string, end: string | undefined): IterableIterator<string>;
  /** How many keys lie in [start, end). */
  count(start: string, end: string | undefined): number;
  readonly size: number;
}

/** Creates an ordered key set, optionally holding `initial` (built in one sort, e.g. after a relist). */
export function createSortedKeys(initial: Iterable<string> = []): SortedKeys {
  const sorted = [...new Set(initial)].sort(compareKeys);
  const chunks: string[][] = [];
  for (let i = 0; i < sorted.length; i += MAX_CHUNK / 2) chunks.push(sorted.slice(i, i + MAX_CHUNK / 2));
  let size = sorted.length;
  // While no key holds a code unit of WIDE, keys compare natively (Kubernetes keys are ASCII but for
  // names some kinds allow, such as RBAC's path-segment names).
  let wideKeys = sorted.filter((key) => hasWideCodeUnits(key)).length;
  const nativeFor = (key: string): boolean => wideKeys === 0 && !hasWideCodeUnits(key);

  /** First position whose key is >= `key` (may be one past the end). */
  function lowerBound(key: string, native: boolean = nativeFor(key)): Cursor {
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = chunks[mid] as string[];
      if (before(chunk[chunk.length - 1] as string, key, native)) lo = mid + 1;
      else hi = mid;
    }
    if (lo === chunks.length) return { chunk: lo, index: 0 };
    return { chunk: lo, index: keyLowerBound(chunks[lo] as string[], key, native) };
  }

  function rank(cursor: Cursor): number {
    let n = cursor.index;
    for (let i = 0; i < cursor.chunk; i++) n += (chunks[i] as string[]).length;
    return n;
  }

  function insert(key: string): void {
    const wide = hasWideCodeUnits(key);
    if (chunks.length === 0) {
      chunks.push([key]);
      size = 1;
      if (wide) wideKeys++;
      return;
    }
    const at = lowerBound(key, wideKeys === 0 && !wide);
    // Past the last key: append to the last chunk.
    const chunkIndex = Math.min(at.chunk, chunks.length - 1);
    const chunk = chunks[chunkIndex] as string[];
    const index = at.chunk === chunks.length ? chunk.length : at.index;
    if (chunk[index] === key) return;
    chunk.splice(index, 0, key);
    size++;
    if (wide) wideKeys++;
    if (chunk.length > MAX_CHUNK) chunks.splice(chunkIndex + 1, 0, chunk.splice(MAX_CHUNK / 2));
  }

  function remove(key: string): void {
    const at = lowerBound(key);
    const chunk = chunks[at.chunk];
    if (chunk === undefined || chunk[at.index] !== key) return;
    chunk.splice(at.index, 1);
    size--;
    if (hasWideCodeUnits(key)) wideKeys--;
    if (chunk.length === 0) chunks.splice(at.chunk, 1);
  }

  function* from(start: string, end: string | undefined): IterableIterator<string> {
    const at = lowerBound(start);
    const native = end !== undefined && nativeFor(end);
    for (let c = at.chunk; c < chunks.length; c++) {
      const chunk = chunks[c] as string[];
      for (let i = c === at.chunk ? at.index : 0; i < chunk.length; i++) {
        const key = chunk[i] as string;
        if (end !== undefined && !before(key, end, native)) return;
        yield key;
      }
    }
  }

  function count(start: string, end: string | undefined): number {
    const first = rank(lowerBound(start));
    const last = end === undefined ? size : rank(lowerBound(end));
    return Math.max(0, last - first);
  }

  return {
    insert,
    remove,
    from,
    count,
    get size() {
      return size;
    },
  };
}
