// The backend contract, shaped like etcd v3 (ARCHITECTURE §3). SQLite, memory and etcd all meet it,
// proven by one shared contract suite (`contract.ts`). Values are opaque strings (serialized objects).

/** One key at one revision. */
export interface KeyValue {
  key: string;
  value: string;
  /** Revision of the write that created this key (since its last deletion). */
  createRevision: number;
  /** Revision of the last write to this key: becomes the object's `resourceVersion`. */
  modRevision: number;
}

export interface RangeOptions {
  /** Read at this past revision; absent or 0 means the current revision. */
  revision?: number;
  /** At most this many keys; absent or 0 means all. */
  limit?: number;
  /** First key to return (inclusive); must lie within the prefix. Used for continue tokens. */
  startKey?: string;
}

export interface RangeResult {
  /** Keys in ascending byte order. */
  kvs: KeyValue[];
  /** The revision the range was read at. */
  revision: number;
  /** True when keys beyond `limit` remain. */
  more: boolean;
  /** How many keys lie in [startKey, end of prefix) at `revision`, returned ones included. */
  count: number;
}

export interface WriteOptions {
  /** Expire the key after this many seconds (etcd lease); used for Events. */
  ttlSeconds?: number;
}

export type WatchEvent =
  | { type: 'PUT'; kv: KeyValue; prevKv?: KeyValue }
  | { type: 'DELETE'; key: string; revision: number; prevKv: KeyValue };

/**
 * What a watch yields: events in revision order, and the store revision the watcher is now current to.
 * `revision` >= every event's revision; a batch with no events is a progress notification, sent when
 * writes outside the watched prefix advanced the store (lets caches prove freshness, see cacher/).
 */
export interface WatchBatch {
  events: WatchEvent[];
  revision: number;
}

/** A revisioned key-value store. Every write is durable before its promise resolves. */
export interface Backend {
  /** `sqlite`, `memory` or `etcd`; used in metrics and health check names. */
  readonly name: string;

  /** The store's current revision (a quorum read on etcd). */
  currentRevision(): Promise<number>;
  /**
   * The current revision, for a store that knows it without asking anyone (SQLite and memory, whose one
   * process makes every write); absent where it takes a round trip (etcd: use currentRevision). Lets a
   * consistent read of the cache skip a promise per request.
   */
  localRevision?(): number;
  /** Oldest revision still readable; ranges and watches below it fail with `Compacted`. */
  compactedRevision(): Promise<number>;

  get(key: string): Promise<KeyValue | undefined>;
  /** Keys starting with `prefix` (ARCHITECTURE §3: consistent pages by reading at a past revision). */
  range(prefix: string, options?: RangeOptions): Promise<RangeResult>;

  /** Create-if-absent; throws StorageError `KeyExists`. */
  create(key: string, value: string, options?: WriteOptions): Promise<KeyValue>;
  /** Compare-and-swap on mod revision; throws `KeyNotFound`, or `Conflict` carrying the current value. */
  update(key: string, value: string, expectedModRevision: number, options?: WriteOptions): Promise<KeyValue>;
  /** Delete, optionally only at the expected mod revision; returns the deleted value and the delete's revision. */
  delete(key: string, expectedModRevision?: number): Promise<{ revision: number; prevKv: KeyValue }>;

  /**
   * Events under `prefix` with revision >= `fromRevision`, in order, until `signal` aborts.
   * Throws (from the iterator) StorageError `Compacted` if `fromRevision` is below the compacted revision.
   */
  watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch>;

  /**
   * Asks every watch for a batch carrying the progress made by writes under other prefixes since its
   * last batch (watches are not woken for such progress alone; a cache that must prove freshness asks).
   */
  requestProgress(): void;

  /** Drop history below `revision`. */
  compact(revision: number): Promise<void>;
  /** Throws when the store is unreachable; used by /readyz and /livez. */
  check(): Promise<void>;
  close(): Promise<void>;
}
