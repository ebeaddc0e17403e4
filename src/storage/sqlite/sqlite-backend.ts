// The embedded default backend (ARCHITECTURE §3): better-sqlite3 in WAL mode with synchronous=FULL,
// group commit, an MVCC log with a wall-time history window, TTL reaping and in-process watches.
// All SQL runs synchronously on this thread, so commits, reads and watch registration never interleave.
import type Database from 'better-sqlite3';
import type { Backend, KeyValue, RangeOptions, RangeResult, WatchBatch, WatchEvent, WriteOptions } from '../interface.js';
import { futureRevision, isStorageError, unavailable, type StorageError } from '../errors.js';
import { resolveHistoryOptions, startPeriodic, type HistoryOptions, type ResolvedHistoryOptions } from '../backend-options.js';
import { createWatchHub, type WatchHub } from '../watch-hub.js';
import { deleteResult, putResult } from '../watch-event.js';
import { openDatabase } from './schema.js';
import { prepareStatements, type Statements } from './statements.js';
import { applyWrite, type RevisionState, type StoreContext, type WriteRequest } from './write-ops.js';
import { createGroupCommitter, type GroupCommitStats, type GroupCommitter } from './group-commit.js';
import { currentValue, rangeAt, readEvents } from './reads.js';
import { LiveKeys } from './live-keys.js';
import { createCompactor, type Compactor } from './compaction.js';
import { createTtlReaper, type TtlReaper } from './ttl-reaper.js';

/** Test hooks into the commit path. */
export interface SqliteHooks {
  /** Runs inside every write transaction just before it commits; throwing rolls the whole batch back. */
  beforeCommit?(batchSize: number): void;
}

/** Options of `createSqliteBackend`. */
export interface SqliteBackendOptions extends HistoryOptions {
  /** Database file; created with its schema when missing. */
  path: string;
  hooks?: SqliteHooks;
  /** True while more writes are on their way to the store: a commit waits a few turns for them (group-commit.ts). */
  writesComing?: () => boolean;
}

/** The SQLite backend, with its counters and on-demand maintenance. */
export interface SqliteBackend extends Backend {
  /** Group-commit counters (transactions, writes). */
  readonly stats: Readonly<GroupCommitStats>;
  /** Compacts history older than the window now (a timer does it periodically); returns the compacted revision. */
  applyRetention(): Promise<number>;
  /** Deletes keys whose TTL has passed now (a timer does it periodically); returns how many. */
  reapExpired(): Promise<number>;
}

function loadState(stmts: Statements): RevisionState {
  // A fresh store is at revision 1, like etcd; compaction never removes the newest commit row.
  return {
    revision: stmts.lastRevision.get()?.revision ?? 1,
    compactedRevision: stmts.compactedRevision.get()?.value ?? 0,
  };
}

/** Builds the function that runs one group-commit batch and publishes its events after commit. */
function batchRunner(db: Database.Database, context: StoreContext, hub: WatchHub, options: SqliteBackendOptions) {
  const { stmts, state, live } = context;
  const clock = options.clock ?? Date.now;
  const transaction = db.transaction(
    (requests: readonly WriteRequest[], outcomes: Array<WatchEvent | StorageError>, events: WatchEvent[], now: number) => {
      for (const request of requests) {
        try {
          const event = applyWrite(context, request, now);
          outcomes.push(event);
          events.push(event);
        } catch (error) {
          if (!isStorageError(error)) throw error;
          outcomes.push(error);
        }
      }
      if (events.length > 0) stmts.insertCommit.run(state.revision, now);
      options.hooks?.beforeCommit?.(requests.length);
    },
  );
  return (requests: readonly WriteRequest[]): Array<WatchEvent | StorageError> => {
    const before = state.revision;
    const outcomes: Array<WatchEvent | StorageError> = [];
    const events: WatchEvent[] = [];
    live.begin();
    try {
      transaction(requests, outcomes, events, clock());
    } catch (error) {
      state.revision = before; // the transaction rolled back: its revisions were never taken
      live.rollback();
      throw error;
    }
    live.commit();
    // Committed: this is the one place events are produced (etcd's watchable store does the same).
    if (events.length > 0) hub.publish(events, state.revision);
    return outcomes;
  };
}

/** The parts of an open backend. */
interface Core {
  db: Database.Database;
  stmts: Statements;
  state: RevisionState;
  live: LiveKeys;
  hub: WatchHub;
  writes: GroupCommitter<WriteRequest, WatchEvent>;
  compactor: Compactor;
  reaper: TtlReaper;
}

function openCore(options: SqliteBackendOptions): Core {
  const db = openDatabase(options.path);
  try {
    const stmts = prepareStatements(db);
    const state = loadState(stmts);
    const live = new LiveKeys(stmts.logEntries.iterate());
    const hub = createWatchHub(
      {
        currentRevision: () => state.revision,
        compactedRevision: () => state.compactedRevision,
        readEvents: (prefix, from, to, limit) => readEvents(stmts, prefix, from, to, limit),
      },
      { bufferLimit: options.watchBufferLimit },
    );
    const writes = createGroupCommitter(batchRunner(db, { stmts, state, live }, hub, options), options.writesComing);
    const compactor = createCompactor(db, stmts, state);
    const reaper = createTtlReaper(live, (key, modRevision) => writes.submit({ kind: 'delete', key, expected: modRevision }));
    return { db, stmts, state, live, hub, writes, compactor, reaper };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Starts retention and TTL timers (and a retention pass now); returns the function that stops them. */
function startMaintenance(core: Core, settings: ResolvedHistoryOptions): () => void {
  // Background work stops quietly at close; anything else is reported, not thrown.
  const report = (error: unknown): void => {
    if (!isStorageError(error, 'Unavailable')) process.emitWarning(`sqlite maintenance failed: ${String(error)}`);
  };
  const retain = (): void => void core.compactor.compactBefore(settings.clock() - settings.historyWindowMs).catch(report);
  const reap = (): void => void core.reaper.reap(settings.clock()).catch(report);
  const stops = [startPeriodic(retain, settings.compactionIntervalMs), startPeriodic(reap, settings.ttlReapIntervalMs)];
  retain(); // history may have aged past the window while the store was closed
  return () => stops.forEach((stop) => stop());
}

/** Opens the SQLite backend at `options.path`. */
export function createSqliteBackend(options: SqliteBackendOptions): SqliteBackend {
  const settings = resolveHistoryOptions(options);
  const core = openCore(options);
  const { stmts, state, hub, writes, compactor } = core;
  const stopMaintenance = startMaintenance(core, settings);
  let closed = false;

  function ensureOpen(): void {
    if (closed) throw unavailable('sqlite backend is closed');
  }
  async function submit(request: WriteRequest): Promise<WatchEvent> {
    ensureOpen();
    return writes.submit(request);
  }

  return {
    name: 'sqlite',
    stats: writes.stats,
    async currentRevision(): Promise<number> {
      ensureOpen();
      return state.revision;
    },
    localRevision(): number {
      ensureOpen();
      return state.revision;
    },
    async compactedRevision(): Promise<number> {
      ensureOpen();
      return state.compactedRevision;
    },
    async get(key: string): Promise<KeyValue | undefined> {
      ensureOpen();
      return currentValue(core, key);
    },
    async range(prefix: string, rangeOptions?: RangeOptions): Promise<RangeResult> {
      ensureOpen();
      return rangeAt(core, prefix, rangeOptions);
    },
    async create(key: string, value: string, writeOptions?: WriteOptions): Promise<KeyValue> {
      return putResult(await submit({ kind: 'create', key, value, ttlSeconds: writeOptions?.ttlSeconds }));
    },
    async update(key: string, value: string, expected: number, writeOptions?: WriteOptions): Promise<KeyValue> {
      return putResult(await submit({ kind: 'update', key, value, expected, ttlSeconds: writeOptions?.ttlSeconds }));
    },
    async delete(key: string, expected?: number): Promise<{ revision: number; prevKv: KeyValue }> {
      return deleteResult(await submit({ kind: 'delete', key, expected }));
    },
    watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
      return hub.watch(prefix, fromRevision, signal); // after close, the iterator throws Unavailable
    },
    requestProgress(): void {
      hub.requestProgress();
    },
    async compact(revision: number): Promise<void> {
      ensureOpen();
      if (revision > state.revision) throw futureRevision(revision, state.revision);
      await compactor.compactTo(revision);
    },
    async applyRetention(): Promise<number> {
      ensureOpen();
      return compactor.compactBefore(settings.clock() - settings.historyWindowMs);
    },
    async reapExpired(): Promise<number> {
      ensureOpen();
      return core.reaper.reap(settings.clock());
    },
    async check(): Promise<void> {
      ensureOpen();
      stmts.check.get();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      stopMaintenance();
      writes.close(); // queued writes commit before the file closes
      await compactor.stop();
      hub.close(unavailable('sqlite backend is closed'));
      core.db.close();
    },
  };
}
