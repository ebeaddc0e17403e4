// The SQLite layout, shaped for MVCC:
// - `kv_log`: one row per revision (the write that made it): key, create revision, value, or NULL value
//   for a deletion (tombstone), the revision of the key's row before it (`prev_revision`: the watch's
//   prevKv, reads at a past revision, compaction) and the expiry of a value written with a TTL. Rows
//   are only ever appended, in revision order, so a commit writes to the end of one B-tree.
// - `commits`: the last revision and wall time of each committed transaction, so that compaction can keep
//   history by time (spec 1-conventions: 5 minutes of watch history).
// - `meta`: schema version and compacted revision.
// The live keys are an in-memory index built from kv_log at open (live-keys.ts): schema version 1 kept
// them in a `kv_current` table and kv_log indexed by (key, revision), two B-trees that took every new key
// at a random place; version 1 files are converted when opened.
import Database from 'better-sqlite3';
import { unavailable } from '../errors.js';

/** Bumped whenever the layout changes incompatibly. */
export const SCHEMA_VERSION = 2;

const DDL = `
CREATE TABLE IF NOT EXISTS meta (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS kv_log (
  revision        INTEGER PRIMARY KEY,
  key             TEXT NOT NULL,
  create_revision INTEGER NOT NULL,
  value           TEXT,
  prev_revision   INTEGER,
  expires_at      INTEGER
);

CREATE TABLE IF NOT EXISTS commits (
  revision     INTEGER PRIMARY KEY,
  committed_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS commits_time ON commits (committed_at);
`;

/**
 * Version 1 to 2: each row learns the revision of its key's row before it (from the (key, revision)
 * index, before it goes) and the current value its expiry; then kv_current and the index go.
 */
const FROM_VERSION_1 = `
ALTER TABLE kv_log ADD COLUMN prev_revision INTEGER;
ALTER TABLE kv_log ADD COLUMN expires_at INTEGER;
UPDATE kv_log SET prev_revision = (SELECT MAX(q.revision) FROM kv_log q WHERE q.key = kv_log.key AND q.revision < kv_log.revision);
UPDATE kv_log SET expires_at = (SELECT c.expires_at FROM kv_current c WHERE c.mod_revision = kv_log.revision)
  WHERE revision IN (SELECT mod_revision FROM kv_current WHERE expires_at IS NOT NULL);
DROP INDEX kv_log_key_revision;
DROP TABLE kv_current;
UPDATE meta SET value = 2 WHERE name = 'schema_version';
`;

/** The page size of a new database file. */
const PAGE_SIZE = 16_384;

/** WAL bytes between automatic checkpoints. */
const CHECKPOINT_BYTES = 4 * 1024 * 1024;

/** How long opening waits for another process to release the file (e.g. a restart overlapping shutdown). */
const BUSY_TIMEOUT_MS = 2_000;

function journalMode(db: Database.Database, path: string): unknown {
  try {
    return db.pragma('journal_mode = WAL', { simple: true });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    throw unavailable(`sqlite: ${path} is in use by another process`);
  }
}

/** Opens (creating if needed) the database at `path` with durable WAL settings and the current schema. */
export function openDatabase(path: string): Database.Database {
  const db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  try {
    // One process owns the store: revisions are counted in memory, so a second writer would corrupt it.
    // EXCLUSIVE also keeps the WAL index in process memory (no -shm file).
    db.pragma('locking_mode = EXCLUSIVE');
    // 16 KiB pages (a new file only: an existing one keeps its own). A Pod's ~6 KB row took a 4 KiB leaf and an
    // overflow page, each written as two WAL writes and copied again at checkpoints: per 6 KB write ~23 -> ~15 µs
    // of CPU and ~38 -> ~32 µs of the event loop with the fsync; per 1 KB write ~7 -> ~5 µs.
    db.pragma(`page_size = ${PAGE_SIZE}`);
    const mode = journalMode(db, path);
    if (mode !== 'wal' && path !== ':memory:') throw unavailable(`sqlite: cannot enable WAL on ${path} (mode ${String(mode)})`);
    // FULL: the WAL is synced at every commit, so an acknowledged write survives power loss.
    db.pragma('synchronous = FULL');
    // SQLite's default 2 MiB of pages: reads are served by the watch cache, so SQLite's own cache only needs the B-tree
    // pages writes touch; a larger one grew resident memory with the database for no measurable gain.
    db.pragma('cache_size = -2048');
    db.pragma('temp_store = MEMORY');
    // A checkpoint every 4 MiB of WAL (SQLite's default 1,000 pages at 4 KiB; a file's own page size counts): commits append to the ends of
    // kv_log and commits, so a checkpoint copies each page about once. (Version 1 took new keys at random places
    // in two key B-trees and checkpointed every 10,000 pages to copy their hot pages less often; measured on the
    // append-only layout, both intervals cost the same per write; the smaller one keeps the WAL and each pause small.)
    db.pragma(`wal_autocheckpoint = ${Math.round(CHECKPOINT_BYTES / Number(db.pragma('page_size', { simple: true })))}`);
    // Keep the WAL file from staying huge after a burst (it is truncated to this at checkpoints).
    db.pragma('journal_size_limit = 67108864');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Database.Database): void {
  db.transaction(() => {
    const row = hasTable(db, 'meta') ? db.prepare<[], { value: number }>(`SELECT value FROM meta WHERE name = 'schema_version'`).get() : undefined;
    if (row?.value === 1) db.exec(FROM_VERSION_1);
    else if (row !== undefined && row.value !== SCHEMA_VERSION) throw unavailable(`sqlite: schema version ${row.value} is not supported (want ${SCHEMA_VERSION})`);
    db.exec(DDL);
    if (row === undefined) db.prepare(`INSERT INTO meta (name, value) VALUES ('schema_version', ?), ('compacted_revision', 0)`).run(SCHEMA_VERSION);
  })();
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}
