// One write inside the group-commit transaction: check, take the next revision, write the log row and
// the current-state row, and return the watch event of that revision. A failing check throws before
// anything is written, so a rejected write leaves the batch's transaction untouched.
import type { KeyValue, WatchEvent } from '../interface.js';
import { conflictAt, keyExists, keyNotFound } from '../errors.js';
import { expiryOf } from '../backend-options.js';
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

function create(stmts: Statements, state: RevisionState, key: string, value: string, expiresAt: number | null): WatchEvent {
  const revision = state.revision + 1;
  // INSERT OR IGNORE doubles as the existence check: no row inserted means the key exists.
  if (stmts.insertCurrent.run(key, revision, expiresAt).changes === 0) throw keyExists(key);
  stmts.insertLog.run(revision, key, revision, value);
  state.revision = revision;
  return { type: 'PUT', kv: { key, value, createRevision: revision, modRevision: revision } };
}

function current(stmts: Statements, key: string, expected: number | undefined): KeyValue {
  const kv = stmts.get.get(key);
  if (kv === undefined) throw keyNotFound(key);
  if (expected !== undefined && kv.modRevision !== expected) throw conflictAt(key, kv);
  return kv;
}

function update(stmts: Statements, state: RevisionState, key: string, value: string, expected: number, expiresAt: number | null): WatchEvent {
  const prevKv = current(stmts, key, expected);
  const revision = state.revision + 1;
  stmts.insertLog.run(revision, key, prevKv.createRevision, value);
  stmts.updateCurrent.run(revision, expiresAt, key);
  state.revision = revision;
  return { type: 'PUT', kv: { key, value, createRevision: prevKv.createRevision, modRevision: revision }, prevKv };
}

function remove(stmts: Statements, state: RevisionState, key: string, expected: number | undefined): WatchEvent {
  const prevKv = current(stmts, key, expected);
  const revision = state.revision + 1;
  stmts.insertLog.run(revision, key, 0, null);
  stmts.deleteCurrent.run(key);
  state.revision = revision;
  return { type: 'DELETE', key, revision, prevKv };
}

/** Applies one write (inside a transaction) and returns its event; throws StorageError on a failed check. */
export function applyWrite(stmts: Statements, state: RevisionState, request: WriteRequest, now: number): WatchEvent {
  switch (request.kind) {
    case 'create':
      return create(stmts, state, request.key, request.value, expiryOf(request.ttlSeconds, now));
    case 'update':
      return update(stmts, state, request.key, request.value, request.expected, expiryOf(request.ttlSeconds, now));
    case 'delete':
      return remove(stmts, state, request.key, request.expected);
  }
}
