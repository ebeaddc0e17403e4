// The memory backend's state: the current keys plus a log with one entry per revision inside the
// history window. Each log entry is the watch event of its revision, and carries the previous value,
// so a past snapshot is the current state with the newer entries undone (see snapshot-range.ts).
import type { KeyValue, WatchEvent } from '../interface.js';
import { conflictAt, keyExists, keyNotFound } from '../errors.js';
import { createSortedKeys, type SortedKeys } from '../sorted-keys.js';

/** One revision of history: its event and its commit time. */
export interface LogEntry {
  readonly event: WatchEvent;
  readonly committedAt: number;
}

/** The in-memory MVCC state. */
export interface MvccStore {
  revision: number;
  compactedRevision: number;
  readonly current: Map<string, KeyValue>;
  readonly keys: SortedKeys;
  /** Expiry instants of keys written with a TTL. */
  readonly expiries: Map<string, number>;
  /** Entries for revisions (revision - log.length, revision], oldest first. */
  readonly log: LogEntry[];
}

/** An empty store at revision 1, like a fresh etcd. */
export function createMvccStore(): MvccStore {
  return { revision: 1, compactedRevision: 0, current: new Map(), keys: createSortedKeys(), expiries: new Map(), log: [] };
}

/** Revision of the oldest log entry (or revision + 1 when the log is empty). */
export function logBase(store: MvccStore): number {
  return store.revision - store.log.length + 1;
}

function append(store: MvccStore, event: WatchEvent, now: number): WatchEvent {
  store.revision++;
  store.log.push({ event, committedAt: now });
  return event;
}

function setExpiry(store: MvccStore, key: string, expiresAt: number | null): void {
  if (expiresAt === null) store.expiries.delete(key);
  else store.expiries.set(key, expiresAt);
}

/** Create-if-absent; returns the PUT event. */
export function applyCreate(store: MvccStore, key: string, value: string, expiresAt: number | null, now: number): WatchEvent {
  if (store.current.has(key)) throw keyExists(key);
  const revision = store.revision + 1;
  const kv: KeyValue = Object.freeze({ key, value, createRevision: revision, modRevision: revision });
  store.current.set(key, kv);
  store.keys.insert(key);
  setExpiry(store, key, expiresAt);
  return append(store, Object.freeze({ type: 'PUT', kv }), now);
}

/** Compare-and-swap on the mod revision; returns the PUT event. */
export function applyUpdate(
  store: MvccStore,
  key: string,
  value: string,
  expectedModRevision: number,
  expiresAt: number | null,
  now: number,
): WatchEvent {
  const prevKv = store.current.get(key);
  if (prevKv === undefined) throw keyNotFound(key);
  if (prevKv.modRevision !== expectedModRevision) throw conflictAt(key, prevKv);
  const kv: KeyValue = Object.freeze({ key, value, createRevision: prevKv.createRevision, modRevision: store.revision + 1 });
  store.current.set(key, kv);
  setExpiry(store, key, expiresAt);
  return append(store, Object.freeze({ type: 'PUT', kv, prevKv }), now);
}

/** Delete, optionally only at the expected mod revision; returns the DELETE event. */
export function applyDelete(store: MvccStore, key: string, expectedModRevision: number | undefined, now: number): WatchEvent {
  const prevKv = store.current.get(key);
  if (prevKv === undefined) throw keyNotFound(key);
  if (expectedModRevision !== undefined && prevKv.modRevision !== expectedModRevision) throw conflictAt(key, prevKv);
  store.current.delete(key);
  store.keys.remove(key);
  store.expiries.delete(key);
  return append(store, Object.freeze({ type: 'DELETE', key, revision: store.revision + 1, prevKv }), now);
}

/** Drops history below `revision` (which must not exceed the current revision). */
export function compactTo(store: MvccStore, revision: number): void {
  if (revision <= store.compactedRevision) return;
  const drop = revision - logBase(store);
  if (drop > 0) store.log.splice(0, drop);
  store.compactedRevision = revision;
}

/**
 * The revision to compact to so that history committed at or after `cutoff` stays: the oldest
 * revision committed since then, or the current revision when all of the log is older.
 * Undefined when nothing in the log is older than the cutoff.
 */
export function retentionTarget(store: MvccStore, cutoff: number): number | undefined {
  const first = store.log[0];
  if (first === undefined || first.committedAt >= cutoff) return undefined;
  const index = store.log.findIndex((entry) => entry.committedAt >= cutoff);
  return index < 0 ? store.revision : logBase(store) + index;
}
