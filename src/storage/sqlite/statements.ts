// Every SQL statement of the SQLite backend, prepared once per database. Result columns are aliased to
// `KeyValue` field names so that rows are returned as KeyValues without copying.
import type Database from 'better-sqlite3';

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

/** A kv_log row as a KeyValue (value NULL for a tombstone). */
const LOG_KV = 'SELECT key, value, create_revision AS createRevision, revision AS modRevision FROM kv_log';

/** A log row as read by revision: a tombstone's value is null. */
export interface LogRow {
  key: string;
  value: string | null;
  createRevision: number;
  modRevision: number;
}

/** A prepared statement, as far as the backend uses one (named here so declarations can refer to it). */
export interface Statement<Params extends unknown[], Result> {
  run(...params: Params): Database.RunResult;
  get(...params: Params): Result | undefined;
  all(...params: Params): Result[];
  iterate(...params: Params): IterableIterator<Result>;
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
    /** The row of one revision. */
    row: prepare<[number], LogRow>(db, `${LOG_KV} WHERE revision = ?`),
    /** The rows of many revisions (a JSON array), each with its index in that array. */
    rows: prepare<[string], LogRow & { at: number }>(db, `SELECT j.key AS at, l.key AS key, l.value AS value,
       l.create_revision AS createRevision, l.revision AS modRevision FROM json_each(?) j JOIN kv_log l ON l.revision = j.value`),
    /** Every row, oldest first, as the live-key index is built from them. */
    logEntries: prepare<[], { key: string; revision: number; deleted: number; expiresAt: number | null }>(
      db,
      'SELECT key, revision, value IS NULL AS deleted, expires_at AS expiresAt FROM kv_log ORDER BY revision',
    ),
    // Past reads (reads.ts): the first row after a revision of each key written since, whose previous row
    // is the key's row at that revision.
    changedSince: prepare<{ after: number; start: string; end: RangeEnd }, { key: string; prevRevision: number | null }>(
      db,
      `SELECT key, prev_revision AS prevRevision FROM kv_log WHERE revision IN (
         SELECT MIN(revision) FROM kv_log WHERE revision > @after AND key >= @start AND key < @end GROUP BY key)`,
    ),

    insertLog: prepare<[number, string, number, string | null, number | null, number | null]>(
      db,
      'INSERT INTO kv_log (revision, key, create_revision, value, prev_revision, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertCommit: prepare<[number, number]>(db, 'INSERT INTO commits (revision, committed_at) VALUES (?, ?)'),

    // History by revision, each row with its key's row before it (the watch's prevKv).
    events: prepare<{ from: number; to: number; start: string; end: RangeEnd; limit: number }, EventRow>(db, 
      `SELECT l.revision AS revision, l.key AS key, l.create_revision AS createRevision, l.value AS value,
         p.revision AS prevRevision, p.create_revision AS prevCreateRevision, p.value AS prevValue
       FROM kv_log AS l LEFT JOIN kv_log p ON p.revision = l.prev_revision
       WHERE l.revision >= @from AND l.revision <= @to AND l.key >= @start AND l.key < @end
       ORDER BY l.revision LIMIT @limit`,
    ),

    lastRevision: prepare<[], { revision: number | null }>(db, 'SELECT MAX(revision) AS revision FROM commits'),
    lastCommitBefore: prepare<[number], { revision: number | null }>(db, 
      'SELECT MAX(revision) AS revision FROM commits WHERE committed_at < ?',
    ),
    compactedRevision: prepare<[], { value: number }>(db, `SELECT value FROM meta WHERE name = 'compacted_revision'`),
    setCompactedRevision: prepare<[number]>(db, `UPDATE meta SET value = ? WHERE name = 'compacted_revision'`),
    // Compaction to @to, given history is already compacted to @from: every row superseded below @to
    // (its key's next row is below @to: the rows whose next row is below @from went before), then the
    // tombstones that are now the newest row below @to.
    deleteSuperseded: prepare<{ from: number; to: number }>(db, 
      `DELETE FROM kv_log WHERE revision IN (
         SELECT prev_revision FROM kv_log WHERE revision >= @from AND revision < @to AND prev_revision IS NOT NULL)`,
    ),
    deleteTombstones: prepare<{ from: number; to: number }>(db, 
      'DELETE FROM kv_log WHERE revision >= @from AND revision < @to AND value IS NULL',
    ),
    deleteCommitsBefore: prepare<[number]>(db, 'DELETE FROM commits WHERE revision < ?'),
  };
}

/** The prepared statements of one database. */
export type Statements = ReturnType<typeof prepareStatements>;
