// The SQLite layout, shaped for MVCC:
// - `kv_log`: one row per revision (the write that made it): key, create revision, value, or NULL value
//   for a deletion (tombstone). Indexed by (key, revision) for "a key at a past revision" and past ranges.
// - `kv_current`: the live keys and the revision holding their value, so that get and range at the current
//   revision never scan history; it also holds TTL expiry, indexed for the reaper.
// - `commits`: the last revision and wall time of each committed transaction, so that compaction can keep
//   history by time (spec 1-conventions: 5 minutes of watch history).
// - `meta`: schema version and compacted revision.
import Database from 'better-sqlite3';
import { unavailable } from '../errors.js';

/** Bumped whenever the layout changes incompatibly. */
export const SCHEMA_VERSION = 1;

const DDL = `
CREATE TABLE IF NOT EXISTS meta (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS kv_log (
  revision        INTEGER PRIMARY KEY,
  key             TEXT NOT NULL,
  create_revision INTEGER NOT NULL,
  value           TEXT
);
CREATE INDEX IF NOT EXISTS kv_log_key_revision ON kv_log (key, revision);

CREATE TABLE IF NOT EXISTS kv_current (
  key          TEXT PRIMARY KEY,
  mod_revision INTEGER NOT NULL,
  expires_at   INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS kv_current_expiry ON kv_current (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE IF NOT EXISTS commits (
  revision     INTEGER PRIMARY KEY,
  committed_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS commits_time ON commits (committed_at);
`;

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
    const mode = journalMode(db, path);
    if (mode !== 'wal' && path !== ':memory:') throw unavailable(`sqlite: cannot enable WAL on ${path} (mode ${String(mode)})`);
    // FULL: the WAL is synced at every commit, so an acknowledged write survives power loss.
    db.pragma('synchronous = FULL');
    // SQLite's default 2 MiB of pages: reads are served by the watch cache, so SQLite's own cache only needs the B-tree
    // pages writes touch; a larger one grew resident memory with the database for no measurable gain.
    db.pragma('cache_size = -2048');
    db.pragma('temp_store = MEMORY');
    // Checkpoint every 10,000 WAL pages (~40 MB) instead of SQLite's 1,000. Keys of new objects land at
    // random places in the key B-trees, so each commit dirties a page per object and the default copied
    // the same hot pages back to the database file every few commits: measured with random keys, ~63 µs
    // per write at 70k objects against ~40 µs; the price is a longer pause per checkpoint (~30 ms instead
    // of ~12 ms here) and a larger WAL to read at restart.
    db.pragma('wal_autocheckpoint = 10000');
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
    db.exec(DDL);
    const row = db.prepare<[], { value: number }>(`SELECT value FROM meta WHERE name = 'schema_version'`).get();
    if (row === undefined) {
      db.prepare(`INSERT INTO meta (name, value) VALUES ('schema_version', ?), ('compacted_revision', 0)`).run(SCHEMA_VERSION);
    } else if (row.value !== SCHEMA_VERSION) {
      throw unavailable(`sqlite: schema version ${row.value} is not supported (want ${SCHEMA_VERSION})`);
    }
  })();
}
