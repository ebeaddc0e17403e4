// The etcd v3 backend (ARCHITECTURE §3): the contract maps onto etcd one to one. The global revision is
// etcd's revision; ranges, transactions, leases and watches are etcd's own; only compaction adds a rule
// (compaction.ts) and all watches of a backend share one etcd watch (watch-mux.ts).
//
// Decision (keys and `--etcd-prefix`): the registry's storage prefix IS the etcd key prefix. The registry
// already builds full keys (`<storage prefix>/<resource>/[<namespace>/]<name>`), so the backend stores them
// verbatim, in kube-apiserver's layout (`/registry/configmaps/default/x`), and must be given the same
// prefix the registry uses: `--etcd-prefix` sets both. The backend uses it to refuse keys outside it, so a
// registry wired with another prefix fails at its first request instead of writing elsewhere.
import type { Backend, KeyValue, RangeOptions, RangeResult, WatchBatch, WriteOptions } from '../interface.js';
import { futureRevision, isStorageError, unavailable } from '../errors.js';
import { DEFAULT_WATCH_BUFFER_LIMIT } from '../watch-hub.js';
import type { EtcdTlsOptions } from './etcd-client.js';
import { CompactionTracker, Compactor, compactPhysical, readCompactRevKey } from './compaction.js';
import { GrpcChannel } from './grpc/channel.js';
import { kvClient, leaseGranter, type KvClient } from './grpc/services.js';
import { openWatchStream } from './grpc/watch-stream.js';
import { LeaseManager } from './lease-manager.js';
import { createKey, deleteKey, getKey, rangePrefix, readRevision, updateKey, type KvContext } from './kv-ops.js';
import { WatchMux } from './watch-mux.js';
import { WriteFence } from './write-fence.js';

/** Options of `createEtcdBackend`. */
export interface EtcdBackendOptions {
  /** etcd client URLs (`--etcd-servers`). */
  endpoints: readonly string[];
  /** The key prefix, the same as the registry's storage prefix (`--etcd-prefix`); default `/registry`. */
  prefix?: string;
  tls?: EtcdTlsOptions;
  /** Background compaction interval (`--etcd-compaction-interval`); default 5 minutes, 0 disables it. */
  compactionIntervalMs?: number;
  /** Deadline of every etcd request; default 10 s. An unreachable etcd fails at once. */
  requestTimeoutMs?: number;
  /** Events a watcher may have waiting before it fails with `Unavailable`. */
  watchBufferLimit?: number;
  /** Errors of background work (the compactor); default: logged to stderr. */
  onError?: (error: unknown) => void;
}

/** kube-apiserver's default `--etcd-compaction-interval`. */
export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** The etcd backend. */
export interface EtcdBackend extends Backend {
  /** The key space this backend serves, ending in '/'. */
  readonly prefix: string;
  /** Runs one background-compactor step now; true when this backend compacted (tests, diagnostics). */
  compactorStep(): Promise<boolean>;
}

/** `/registry` and `/registry/` both mean the keys under `/registry/`. */
function ownedPrefix(prefix: string): string {
  if (!prefix.startsWith('/')) throw new TypeError(`etcd backend: prefix must start with '/': ${prefix}`);
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/**
 * Connects to etcd and returns the backend once etcd answered (a quorum read); rejects with StorageError
 * `Unavailable` when it does not.
 */
export async function createEtcdBackend(options: EtcdBackendOptions): Promise<EtcdBackend> {
  const prefix = ownedPrefix(options.prefix ?? '/registry');
  const channel = new GrpcChannel({
    endpoints: options.endpoints,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  const kv = kvClient(channel);
  const tracker = new CompactionTracker();
  try {
    tracker.learnPhysical(await readCompactRevKey(kv));
  } catch (error) {
    channel.close();
    if (!isStorageError(error, 'Unavailable')) throw error;
    throw unavailable(`etcd at ${options.endpoints.join(',')} is unreachable: ${error.message}`);
  }
  return assemble(channel, kv, prefix, tracker, options);
}

function assemble(channel: GrpcChannel, kv: KvClient, prefix: string, tracker: CompactionTracker, options: EtcdBackendOptions): EtcdBackend {
  const leases = new LeaseManager(leaseGranter(channel));
  const ctx: KvContext = { kv, leases, tracker, revisionProbeKey: prefix };
  const fence = new WriteFence();
  const mux = new WatchMux({
    openStream: (listener) => openWatchStream(channel, listener),
    firstRevisionAfterNow: () => fence.firstRevisionAfterNow(() => readRevision(ctx)),
    tracker,
    bufferLimit: options.watchBufferLimit ?? DEFAULT_WATCH_BUFFER_LIMIT,
  });
  const onError = options.onError ?? ((error: unknown) => console.error('kplane: etcd compactor:', error));
  const compactor = new Compactor(kv, tracker, onError);
  compactor.start(options.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS);
  let closed = false;

  function open(...keys: string[]): void {
    if (closed) throw unavailable('etcd backend is closed');
    for (const key of keys) {
      if (!key.startsWith(prefix)) throw new TypeError(`etcd backend: key ${JSON.stringify(key)} is outside its prefix ${prefix}`);
    }
  }
  /** Runs a write inside the fence (see write-fence.ts). */
  function write<T>(run: () => Promise<T>, revisionOf: (result: T) => number): Promise<T> {
    return fence.track(run(), revisionOf);
  }

  return {
    name: 'etcd',
    prefix,
    async currentRevision(): Promise<number> {
      open();
      return readRevision(ctx);
    },
    async compactedRevision(): Promise<number> {
      open();
      tracker.learnPhysical(await readCompactRevKey(kv));
      return tracker.compacted;
    },
    async get(key: string): Promise<KeyValue | undefined> {
      open(key);
      return getKey(ctx, key);
    },
    async range(rangePrefixKey: string, rangeOptions?: RangeOptions): Promise<RangeResult> {
      open(rangePrefixKey);
      return rangePrefix(ctx, rangePrefixKey, rangeOptions);
    },
    async create(key: string, value: string, writeOptions?: WriteOptions): Promise<KeyValue> {
      open(key);
      return write(() => createKey(ctx, key, value, writeOptions), (kv) => kv.modRevision);
    },
    async update(key: string, value: string, expected: number, writeOptions?: WriteOptions): Promise<KeyValue> {
      open(key);
      return write(() => updateKey(ctx, key, value, expected, writeOptions), (kv) => kv.modRevision);
    },
    async delete(key: string, expected?: number): Promise<{ revision: number; prevKv: KeyValue }> {
      open(key);
      return write(() => deleteKey(ctx, key, expected), (result) => result.revision);
    },
    watch(watchPrefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
      if (!closed) open(watchPrefix); // after close, the iterator throws Unavailable
      return mux.watch(watchPrefix, fromRevision, signal);
    },
    requestProgress(): void {
      mux.requestProgress();
    },
    async compact(revision: number): Promise<void> {
      open();
      if (revision <= tracker.compacted) return;
      const current = await readRevision(ctx);
      if (revision > current) throw futureRevision(revision, current);
      // Revision C is kept with every event's prevKv by compacting etcd at C - 1 (compaction.ts).
      await compactPhysical(kv, tracker, revision - 1);
      tracker.learn(revision);
    },
    async check(): Promise<void> {
      open();
      await readRevision(ctx);
    },
    async compactorStep(): Promise<boolean> {
      open();
      return compactor.step();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      mux.close(unavailable('etcd backend is closed'));
      await compactor.stop();
      channel.close();
    },
  };
}
