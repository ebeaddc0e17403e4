// Reads of the SQLite backend. At the current revision, a range is the live keys' index (live-keys.ts)
// and their rows read by revision (no history scan). At a past revision R, a range is the current range
// with the keys written since R put back as they were at R: the cost is the page plus the writes since R,
// not the whole prefix, so that every page of a paginated list (continue tokens read at the first page's
// revision) stays cheap.
import type { KeyValue, RangeOptions, RangeResult, WatchEvent } from '../interface.js';
import { compacted, futureRevision } from '../errors.js';
import { compareKeys, prefixEnd, rangeStart } from '../key-range.js';
import type { EventRow, RangeEnd, Statements } from './statements.js';
import type { StoreContext } from './write-ops.js';

/** Bound for the empty prefix: see `RangeEnd`. */
const OPEN_END: RangeEnd = Buffer.alloc(0);

/** The SQL end bound of the keys starting with `prefix`. */
export function sqlRangeEnd(prefix: string): RangeEnd {
  return prefixEnd(prefix) ?? OPEN_END;
}

/** Revisions read per statement when a range reads its rows. */
const ROWS_PER_READ = 1_000;

interface Bounds {
  start: string;
  /** Exclusive; undefined: no end. */
  end: string | undefined;
  /** -1: no limit. */
  limit: number;
}

interface Page {
  kvs: KeyValue[];
  count: number;
}

/** The current values of the live keys in bounds, in key order. */
function currentValues({ stmts, live }: StoreContext, bounds: Bounds, limit: number): KeyValue[] {
  const found = live.range(bounds.start, bounds.end, limit);
  const kvs = new Array<KeyValue>(found.length);
  for (let i = 0; i < found.length; i += ROWS_PER_READ) {
    const revisions = found.slice(i, i + ROWS_PER_READ).map((entry) => entry.revision);
    for (const row of stmts.rows.all(JSON.stringify(revisions))) {
      kvs[i + row.at] = { key: row.key, value: row.value as string, createRevision: row.createRevision, modRevision: row.modRevision };
    }
  }
  return kvs;
}

/** The key's current value. */
export function currentValue({ stmts, live }: StoreContext, key: string): KeyValue | undefined {
  const revision = live.revisionOf(key);
  return revision === undefined ? undefined : (stmts.row.get(revision) as KeyValue | undefined);
}

function rangeCurrent(context: StoreContext, bounds: Bounds): Page {
  const kvs = currentValues(context, bounds, bounds.limit);
  const full = bounds.limit >= 0 && kvs.length >= bounds.limit;
  return { kvs, count: full ? context.live.count(bounds.start, bounds.end) : kvs.length };
}

/** For each key in bounds written after `revision`: its value at `revision` (null when absent then). */
function valuesBefore({ stmts }: StoreContext, revision: number, bounds: Bounds): Map<string, KeyValue | null> {
  const before = new Map<string, KeyValue | null>();
  const end = bounds.end ?? OPEN_END;
  for (const { key, prevRevision } of stmts.changedSince.all({ after: revision, start: bounds.start, end })) {
    // The first row after `revision` points at the key's row at `revision`; compaction keeps that row
    // for every revision it still serves, unless it was a tombstone.
    const row = prevRevision === null ? undefined : stmts.row.get(prevRevision);
    before.set(key, row === undefined || row.value === null ? null : (row as KeyValue));
  }
  return before;
}

function rangePast(context: StoreContext, revision: number, bounds: Bounds): Page {
  const before = valuesBefore(context, revision, bounds);
  const restored: KeyValue[] = [];
  let changedNow = 0;
  for (const [key, kv] of before) {
    if (kv !== null) restored.push(kv);
    if (context.live.revisionOf(key) !== undefined) changedNow++;
  }
  restored.sort((a, b) => compareKeys(a.key, b.key));
  const count = context.live.count(bounds.start, bounds.end) - changedNow + restored.length;
  // At most `before.size` current rows are skipped, so this many are enough to fill the page.
  const current = currentValues(context, bounds, bounds.limit < 0 ? -1 : bounds.limit + before.size);
  const kvs: KeyValue[] = [];
  const limit = bounds.limit < 0 ? Number.POSITIVE_INFINITY : bounds.limit;
  let c = 0;
  let r = 0;
  while (kvs.length < limit) {
    while (c < current.length && before.has((current[c] as KeyValue).key)) c++;
    const now = current[c];
    const then = restored[r];
    if (now === undefined && then === undefined) break;
    if (then !== undefined && (now === undefined || compareKeys(then.key, now.key) < 0)) {
      kvs.push(then);
      r++;
    } else if (now !== undefined) {
      kvs.push(now);
      c++;
    }
  }
  return { kvs, count };
}

/** `Backend.range` over the database. */
export function rangeAt(context: StoreContext, prefix: string, options: RangeOptions = {}): RangeResult {
  const { state } = context;
  const requested = options.revision ?? 0;
  if (requested > state.revision) throw futureRevision(requested, state.revision);
  if (requested > 0 && requested < state.compactedRevision) throw compacted(requested, state.compactedRevision);
  const revision = requested > 0 ? requested : state.revision;
  const bounds: Bounds = {
    start: rangeStart(prefix, options.startKey),
    end: prefixEnd(prefix),
    limit: options.limit !== undefined && options.limit > 0 ? options.limit : -1,
  };
  const { kvs, count } = revision === state.revision ? rangeCurrent(context, bounds) : rangePast(context, revision, bounds);
  return { kvs, revision, more: count > kvs.length, count };
}

function toEvent(row: EventRow): WatchEvent {
  const prevKv: KeyValue | undefined =
    row.prevRevision !== null && row.prevValue !== null
      ? { key: row.key, value: row.prevValue, createRevision: row.prevCreateRevision ?? 0, modRevision: row.prevRevision }
      : undefined;
  if (row.value === null) {
    // Compaction keeps the row before every retained event (compaction.ts), so a deletion has one.
    if (prevKv === undefined) throw new Error(`sqlite: history lost the value deleted at revision ${row.revision}`);
    return { type: 'DELETE', key: row.key, revision: row.revision, prevKv };
  }
  const kv: KeyValue = { key: row.key, value: row.value, createRevision: row.createRevision, modRevision: row.revision };
  return prevKv === undefined ? { type: 'PUT', kv } : { type: 'PUT', kv, prevKv };
}

/** Events under `prefix` with revision in [from, to], at most `limit` (watch replay). */
export function readEvents(stmts: Statements, prefix: string, from: number, to: number, limit: number): WatchEvent[] {
  return stmts.events.all({ from, to, start: prefix, end: sqlRangeEnd(prefix), limit }).map(toEvent);
}
