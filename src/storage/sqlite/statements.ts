// Every SQL statement of the SQLite backend, prepared once per database. Result columns are aliased to
// `KeyValue` field names so that rows are returned as KeyValues without copying.
import type Database from 'better-sqlite3';
import type { KeyValue } from '../interface.js';

/**
 * The exclusive end of a key range. An empty BLOB stands for "no end": SQLite orders every TEXT value
 * before every BLOB, so `key < X''` holds for all keys (the empty prefix).
 */
export type RangeEnd = string | Buffer;

/** Bounds of a range read. */
export interface RangeParams {
  start: string;
  end: RangeEnd;
  /** SQLite LIMIT; -1 means no limit. */
  limit: number;
}

/** One log row with the row before it (same key), for watch replay. */
export interface EventRow {
  revision: number;
  key: string;
  createRevision: number;
  value: string | null;
  prevRevision: number | null;
  prevCreateRevision: number | null;
  prevValue: string | null;
}

const CURRENT_KV = `SELECT c.key AS key, l.value AS value, l.create_revision AS createRevision, c.mod_revision AS modRevision
  FROM kv_current c JOIN kv_log l ON l.revision = c.mod_revision`;

/** A prepared statement, as far as the backend uses one (named here so declarations can refer to it). */
export interface Statement<Params extends unknown[], Result> {
  run(...params: Params): Database.RunResult;
  get(...params: Params): Result | undefined;
  all(...params: Params): Result[];
}

/** `db.prepare` with positional (`[a, b]`) or named (`{ a, b }`) parameters. */
function prepare<Params extends unknown[] | object, Result = unknown>(
  db: Database.Database,
  sql: string,
): Statement<Params extends unknown[] ? Params : [Params], Result> {
  return db.prepare<Params, Result>(sql) as unknown as Statement<Params extends unknown[] ? Params : [Params], Result>;
}

/** Prepares the backend's statements on `db`. */
export function prepareStatements(db: Database.Database) {
  return {
    check: prepare<[], { ok: number }>(db, 'SELECT 1 AS ok'),
    get: prepare<[string], KeyValue>(db, `${CURRENT_KV} WHERE c.key = ?`),
    rangeCurrent: prepare<RangeParams, KeyValue>(db, `${CURRENT_KV} WHERE c.key >= @start AND c.key < @end ORDER BY c.key LIMIT @limit`),
    countCurrent: prepare<[string, RangeEnd], { n: number }>(db, 'SELECT COUNT(*) AS n FROM kv_current WHERE key >= ? AND key < ?'),
    exists: prepare<[string], { ok: number }>(db, 'SELECT 1 AS ok FROM kv_current WHERE key = ?'),
    // Past reads (reads.ts): the keys written after a revision, and one key's newest row at a revision.
    changedSince: prepare<{ after: number; start: string; end: RangeEnd }, { key: string }>(
      db,
      'SELECT DISTINCT key FROM kv_log NOT INDEXED WHERE revision > @after AND key >= @start AND key < @end',
    ),
    keyAt: prepare<[string, number], { key: string; value: string | null; createRevision: number; modRevision: number }>(
      db,
      `SELECT key, value, create_revision AS createRevision, revision AS modRevision FROM kv_log
       WHERE key = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`,
    ),

    insertCurrent: prepare<[string, number, number | null]>(db, 'INSERT OR IGNORE INTO kv_current (key, mod_revision, expires_at) VALUES (?, ?, ?)'),
    updateCurrent: prepare<[number, number | null, string]>(db, 'UPDATE kv_current SET mod_revision = ?, expires_at = ? WHERE key = ?'),
    deleteCurrent: prepare<[string]>(db, 'DELETE FROM kv_current WHERE key = ?'),
    insertLog: prepare<[number, string, number, string | null]>(db, 'INSERT INTO kv_log (revision, key, create_revision, value) VALUES (?, ?, ?, ?)'),
    insertCommit: prepare<[number, number]>(db, 'INSERT INTO commits (revision, committed_at) VALUES (?, ?)'),

    // Scans history by revision (NOT INDEXED keeps the planner off the key index, which would sort).
    events: prepare<{ from: number; to: number; start: string; end: RangeEnd; limit: number }, EventRow>(db, 
      `SELECT l.revision AS revision, l.key AS key, l.create_revision AS createRevision, l.value AS value,
         p.revision AS prevRevision, p.create_revision AS prevCreateRevision, p.value AS prevValue
       FROM kv_log AS l NOT INDEXED
       LEFT JOIN kv_log p ON p.revision = (
         SELECT MAX(q.revision) FROM kv_log q WHERE q.key = l.key AND q.revision < l.revision)
       WHERE l.revision >= @from AND l.revision <= @to AND l.key >= @start AND l.key < @end
       ORDER BY l.revision LIMIT @limit`,
    ),
    expired: prepare<[number, number], { key: string; modRevision: number }>(db, 
      'SELECT key, mod_revision AS modRevision FROM kv_current WHERE expires_at <= ? ORDER BY expires_at LIMIT ?',
    ),

    lastRevision: prepare<[], { revision: number | null }>(db, 'SELECT MAX(revision) AS revision FROM commits'),
    lastCommitBefore: prepare<[number], { revision: number | null }>(db, 
      'SELECT MAX(revision) AS revision FROM commits WHERE committed_at < ?',
    ),
    compactedRevision: prepare<[], { value: number }>(db, `SELECT value FROM meta WHERE name = 'compacted_revision'`),
    setCompactedRevision: prepare<[number]>(db, `UPDATE meta SET value = ? WHERE name = 'compacted_revision'`),
    // Compaction to @to, given history is already compacted to @from: every row superseded by a newer
    // row of its key below @to goes, then tombstones that are now the newest row below @to.
    deleteSuperseded: prepare<{ from: number; to: number }>(db, 
      `DELETE FROM kv_log WHERE revision IN (
         SELECT o.revision FROM (
           SELECT key, MAX(revision) AS top FROM kv_log NOT INDEXED
           WHERE revision >= @from AND revision < @to GROUP BY key) n
         JOIN kv_log o ON o.key = n.key AND o.revision < n.top)`,
    ),
    deleteTombstones: prepare<{ from: number; to: number }>(db, 
      'DELETE FROM kv_log WHERE revision >= @from AND revision < @to AND value IS NULL',
    ),
    deleteCommitsBefore: prepare<[number]>(db, 'DELETE FROM commits WHERE revision < ?'),
  };
}

/** The prepared statements of one database. */
export type Statements = ReturnType<typeof prepareStatements>;
