// Reads of the memory backend: ranges at the current or a past revision, and event replay for watches.
import type { KeyValue, RangeOptions, RangeResult, WatchEvent } from '../interface.js';
import { compacted, futureRevision } from '../errors.js';
import { compareKeys, prefixEnd, rangeStart } from '../key-range.js';
import { eventKey } from '../watch-event.js';
import { logBase, type MvccStore } from './mvcc-store.js';

interface Bounds {
  start: string;
  end: string | undefined;
  limit: number;
}

function inBounds(key: string, bounds: Bounds): boolean {
  return compareKeys(key, bounds.start) >= 0 && (bounds.end === undefined || compareKeys(key, bounds.end) < 0);
}

function rangeCurrent(store: MvccStore, bounds: Bounds): { kvs: KeyValue[]; count: number } {
  const kvs: KeyValue[] = [];
  for (const key of store.keys.from(bounds.start, bounds.end)) {
    if (kvs.length >= bounds.limit) break;
    const kv = store.current.get(key);
    if (kv !== undefined) kvs.push(kv);
  }
  const count = kvs.length < bounds.limit ? kvs.length : store.keys.count(bounds.start, bounds.end);
  return { kvs, count };
}

/** The state at `revision` of the keys written after it: undo the newer log entries, newest first. */
function undoneSince(store: MvccStore, revision: number, bounds: Bounds): Map<string, KeyValue | null> {
  const before = new Map<string, KeyValue | null>();
  const base = logBase(store);
  for (let r = store.revision; r > revision; r--) {
    const event = (store.log[r - base] as { event: WatchEvent }).event;
    const key = eventKey(event);
    if (inBounds(key, bounds)) before.set(key, event.prevKv ?? null);
  }
  return before;
}

function rangePast(store: MvccStore, revision: number, bounds: Bounds): { kvs: KeyValue[]; count: number } {
  const before = undoneSince(store, revision, bounds);
  const restored: KeyValue[] = [];
  let changedNow = 0;
  for (const [key, kv] of before) {
    if (kv !== null) restored.push(kv);
    if (store.current.has(key)) changedNow++;
  }
  restored.sort((a, b) => compareKeys(a.key, b.key));
  const count = store.keys.count(bounds.start, bounds.end) - changedNow + restored.length;
  // Merge the untouched current keys with the restored ones, both ascending, up to the limit.
  const kvs: KeyValue[] = [];
  const current = store.keys.from(bounds.start, bounds.end);
  let next = current.next();
  let r = 0;
  while (kvs.length < bounds.limit) {
    while (!next.done && before.has(next.value)) next = current.next();
    const old = restored[r];
    if (next.done && old === undefined) break;
    if (old !== undefined && (next.done || compareKeys(old.key, next.value) < 0)) {
      kvs.push(old);
      r++;
    } else if (!next.done) {
      kvs.push(store.current.get(next.value) as KeyValue);
      next = current.next();
    }
  }
  return { kvs, count };
}

/** `Backend.range` over the memory store. */
export function rangeAt(store: MvccStore, prefix: string, options: RangeOptions = {}): RangeResult {
  const requested = options.revision ?? 0;
  if (requested > store.revision) throw futureRevision(requested, store.revision);
  if (requested > 0 && requested < store.compactedRevision) throw compacted(requested, store.compactedRevision);
  const revision = requested > 0 ? requested : store.revision;
  const limit = options.limit !== undefined && options.limit > 0 ? options.limit : Number.POSITIVE_INFINITY;
  const bounds: Bounds = { start: rangeStart(prefix, options.startKey), end: prefixEnd(prefix), limit };
  const { kvs, count } = revision === store.revision ? rangeCurrent(store, bounds) : rangePast(store, revision, bounds);
  return { kvs, revision, more: count > kvs.length, count };
}

/** Events under `prefix` with revision in [from, to], at most `limit` (watch replay). */
export function readEvents(store: MvccStore, prefix: string, from: number, to: number, limit: number): WatchEvent[] {
  const base = logBase(store);
  const events: WatchEvent[] = [];
  for (let r = Math.max(from, base); r <= Math.min(to, store.revision) && events.length < limit; r++) {
    const entry = store.log[r - base];
    if (entry !== undefined && eventKey(entry.event).startsWith(prefix)) events.push(entry.event);
  }
  return events;
}
