// The embedded default backend on SQLite (WAL, synchronous=FULL, group commit, MVCC history window).
export { createSqliteBackend, type SqliteBackend, type SqliteBackendOptions, type SqliteHooks } from './sqlite-backend.js';
export type { GroupCommitStats } from './group-commit.js';
