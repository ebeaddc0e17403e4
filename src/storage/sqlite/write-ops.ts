// One write inside the group-commit transaction: check against the live keys, take the next revision,
// append the log row, and return the watch event of that revision. A failing check throws before
// anything is written, so a rejected write leaves the batch's transaction untouched.
import type { KeyValue, WatchEvent } from '../interface.js';
import { conflictAt, keyExists, keyNotFound } from '../errors.js';
import { expiryOf } from '../backend-options.js';
import type { LiveKeys } from './live-keys.js';
import type { Statements } from './statements.js';

/** A write waiting for the next group commit. */
export type WriteRequest =
  | { kind: 'create'; key: string; value: string; ttlSeconds: number | undefined }
  | { kind: 'update'; key: string; value: string; expected: number; ttlSeconds: number | undefined }
  | { kind: 'delete'; key: string; expected: number | undefined };

/** The store revisions, shared by writes, reads and compaction. */
export interface RevisionState {
  revision: number;
  compactedRevision: number;
}

/** What reads and writes work on: the statements, the revisions and the live keys (a write sees its batch's own). */
export interface StoreContext {
  stmts: Statements;
  state: RevisionState;
  live: LiveKeys;
}

function create({ stmts, state, live }: StoreContext, key: string, value: string, expiresAt: number | null): WatchEvent {
  if (live.revisionOf(key) !== undefined) throw keyExists(key);
  const revision = state.revision + 1;
  // The row before it, if any, is the key's tombstone: the watch's prevKv of a re-creation is none.
  stmts.insertLog.run(revision, key, revision, value, null, expiresAt);
  live.put(key, revision, expiresAt);
  state.revision = revision;
  return { type: 'PUT', kv: { key, value, createRevision: revision, modRevision: revision } };
}

/** The key's current value, checked against the expected mod revision. */
function current({ stmts, live }: StoreContext, key: string, expected: number | undefined): KeyValue {
  const revision = live.revisionOf(key);
  const row = revision === undefined ? undefined : stmts.row.get(revision);
  if (row === undefined || row.value === null) throw keyNotFound(key);
  const kv = row as KeyValue;
  if (expected !== undefined && kv.modRevision !== expected) throw conflictAt(key, kv);
  return kv;
}

function update(context: StoreContext, key: string, value: string, expected: number, expiresAt: number | null): WatchEvent {
  const { stmts, state, live } = context;
  const prevKv = current(context, key, expected);
  const revision = state.revision + 1;
  stmts.insertLog.run(revision, key, prevKv.createRevision, value, prevKv.modRevision, expiresAt);
  live.put(key, revision, expiresAt);
  state.revision = revision;
  return { type: 'PUT', kv: { key, value, createRevision: prevKv.createRevision, modRevision: revision }, prevKv };
}

function remove(context: StoreContext, key: string, expected: number | undefined): WatchEvent {
  const { stmts, state, live } = context;
  const prevKv = current(context, key, expected);
  const revision = state.revision + 1;
  stmts.insertLog.run(revision, key, 0, null, prevKv.modRevision, null);
  live.remove(key);
  state.revision = revision;
  return { type: 'DELETE', key, revision, prevKv };
}

/** Applies one write (inside a transaction) and returns its event; throws StorageError on a failed check. */
export function applyWrite(context: StoreContext, request: WriteRequest, now: number): WatchEvent {
  switch (request.kind) {
    case 'create':
      return create(context, request.key, request.value, expiryOf(request.ttlSeconds, now));
    case 'update':
      return update(context, request.key, request.value, request.expected, expiryOf(request.ttlSeconds, now));
    case 'delete':
      return remove(context, request.key, request.expected);
  }
}
