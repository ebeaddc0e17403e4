// The in-process backend: no durability, same contract as SQLite and etcd (contract.ts). Serves fast
// tests and `--storage-backend=memory`. History is kept for the window so that paginated lists and
// watch resumption behave as on the default backend.
import type { Backend, KeyValue, RangeOptions, RangeResult, WatchBatch, WatchEvent, WriteOptions } from '../interface.js';
import { futureRevision, isStorageError, unavailable } from '../errors.js';
import { createWatchHub } from '../watch-hub.js';
import { deleteResult, putResult } from '../watch-event.js';
import { expiryOf, resolveHistoryOptions, startPeriodic, type HistoryOptions } from '../backend-options.js';
import {
  applyCreate,
  applyDelete,
  applyUpdate,
  compactTo,
  createMvccStore,
  retentionTarget,
  type MvccStore,
} from './mvcc-store.js';
import { rangeAt, readEvents } from './snapshot-range.js';

/** Options of `createMemoryBackend`. */
export type MemoryBackendOptions = HistoryOptions;

/** The memory backend, with a hook to apply retention on demand. */
export interface MemoryBackend extends Backend {
  /** Compacts history older than the window now (the timer does it periodically); returns the compacted revision. */
  applyRetention(): Promise<number>;
}

/** Keys whose TTL has passed; the reaper deletes them as ordinary deletes (new revision, DELETE event). */
function expiredKeys(store: MvccStore, now: number): string[] {
  const keys: string[] = [];
  for (const [key, expiresAt] of store.expiries) if (expiresAt <= now) keys.push(key);
  return keys;
}

/** Creates an empty in-memory backend at revision 1. */
export function createMemoryBackend(options: MemoryBackendOptions = {}): MemoryBackend {
  const settings = resolveHistoryOptions(options);
  const store = createMvccStore();
  const hub = createWatchHub(
    {
      currentRevision: () => store.revision,
      compactedRevision: () => store.compactedRevision,
      readEvents: (prefix, from, to, limit) => readEvents(store, prefix, from, to, limit),
    },
    { bufferLimit: options.watchBufferLimit },
  );
  let closed = false;

  function ensureOpen(): void {
    if (closed) throw unavailable('memory backend is closed');
  }

  /** Runs one write and hands its event to the watchers: the single commit point. */
  function commit(write: (now: number) => WatchEvent): WatchEvent {
    ensureOpen();
    const event = write(settings.clock());
    hub.publish([event], store.revision);
    return event;
  }

  function applyRetentionNow(): number {
    const target = retentionTarget(store, settings.clock() - settings.historyWindowMs);
    if (target !== undefined) compactTo(store, target);
    return store.compactedRevision;
  }

  function reapExpired(): void {
    for (const key of expiredKeys(store, settings.clock())) {
      try {
        commit((now) => applyDelete(store, key, undefined, now));
      } catch (error) {
        if (!isStorageError(error)) throw error;
      }
    }
  }

  const stopCompaction = startPeriodic(applyRetentionNow, settings.compactionIntervalMs);
  const stopReaper = startPeriodic(reapExpired, settings.ttlReapIntervalMs);

  return {
    name: 'memory',
    async currentRevision(): Promise<number> {
      ensureOpen();
      return store.revision;
    },
    localRevision(): number {
      ensureOpen();
      return store.revision;
    },
    async compactedRevision(): Promise<number> {
      ensureOpen();
      return store.compactedRevision;
    },
    async get(key: string): Promise<KeyValue | undefined> {
      ensureOpen();
      return store.current.get(key);
    },
    async range(prefix: string, rangeOptions?: RangeOptions): Promise<RangeResult> {
      ensureOpen();
      return rangeAt(store, prefix, rangeOptions);
    },
    async create(key: string, value: string, writeOptions?: WriteOptions): Promise<KeyValue> {
      const event = commit((now) => applyCreate(store, key, value, expiryOf(writeOptions?.ttlSeconds, now), now));
      return putResult(event);
    },
    async update(key: string, value: string, expected: number, writeOptions?: WriteOptions): Promise<KeyValue> {
      const event = commit((now) => applyUpdate(store, key, value, expected, expiryOf(writeOptions?.ttlSeconds, now), now));
      return putResult(event);
    },
    async delete(key: string, expected?: number): Promise<{ revision: number; prevKv: KeyValue }> {
      return deleteResult(commit((now) => applyDelete(store, key, expected, now)));
    },
    watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
      return hub.watch(prefix, fromRevision, signal); // after close, the iterator throws Unavailable
    },
    requestProgress(): void {
      hub.requestProgress();
    },
    async compact(revision: number): Promise<void> {
      ensureOpen();
      if (revision > store.revision) throw futureRevision(revision, store.revision);
      compactTo(store, revision);
    },
    async applyRetention(): Promise<number> {
      ensureOpen();
      return applyRetentionNow();
    },
    async check(): Promise<void> {
      ensureOpen();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      stopCompaction();
      stopReaper();
      hub.close(unavailable('memory backend is closed'));
    },
  };
}
