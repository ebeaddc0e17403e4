// The watch cache of one resource prefix (ARCHITECTURE §3): current objects, a ring of recent events and the
// watchers, fed by one backend watch. Serves gets, unpaginated lists and every watch; each change is decoded and
// serialized once and the same event object goes to every watcher.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Backend, KeyValue, WatchBatch } from '../interface.js';
import { compacted, StorageError, unavailable } from '../errors.js';
import type { CachedObject, CachedSummary } from './cached-object.js';
import type { ObjectPredicate } from './cache-event.js';
import { CacheState, type Decoder } from './cache-state.js';
import { BookmarkSchedule } from './bookmark-schedule.js';
import { Reflector, type ReflectorTarget } from './reflector.js';
import { RevisionWaiters } from './revision-waiters.js';
import { WatchRing } from './watch-ring.js';
import { Watcher, type CacheWatch } from './watcher.js';
import { WatcherSet } from './watcher-set.js';

/** How a cacher is built. */
export interface CacherOptions {
  backend: Backend;
  /** The resource's storage prefix, ending with '/' (e.g. `/registry/configmaps/`). */
  prefix: string;
  /** Parses a stored value into a fresh object graph the cache then owns (the cacher sets resourceVersion). */
  decode(kv: KeyValue): KubeObject;
  /**
   * The JSON of `decoded` with its resourceVersion, when it can be had from the stored value without
   * serializing `decoded` again (undefined: the cache serializes it). Saves a JSON.stringify per change.
   */
  json?(kv: KeyValue, decoded: KubeObject): string | undefined;
  /**
   * The namespace, labels and JSON (with resourceVersion) of a stored value, read without decoding it
   * whole; undefined makes the cache decode it (`decode`, `json`). Saves a JSON.parse per change.
   */
  summary?(kv: KeyValue): CachedSummary | undefined;
  /** How long events stay resumable; default 5 minutes (1-conventions: watch history retention). */
  historyWindowMs?: number;
  /** At most this many events are kept, whatever their age; default 20,000. */
  historyCapacity?: number;
  /**
   * A watch that asked for bookmarks gets one this often (and one 2 s before its deadline), and expired
   * history is evicted at this interval; default 60 s (upstream's bookmark frequency).
   */
  bookmarkIntervalMs?: number;
  /** Unread live events a watcher may accumulate before it is closed as unresponsive; default 10,000. */
  watcherBufferSize?: number;
  /** How long a watch or wait for a newer revision waits; default 3 s (upstream's resourceVersion wait). */
  freshTimeoutMs?: number;
  /** Called with errors the cacher recovered from: undecodable values, backend watch failures. */
  onError?(error: unknown): void;
}

/** Where a watch starts and what it selects. */
export interface CacheWatchOptions {
  /** A storage prefix ending with '/', or one exact key (a single-object watch). */
  keyPrefix: string;
  /**
   * Events strictly after this revision. With `initialEvents`, the minimum revision the initial state must
   * reflect (0: whatever the cache holds).
   */
  fromRevision: number;
  /** Start with a synthetic ADDED for every current matching object, at the cache's revision. */
  initialEvents: boolean;
  predicate?: ObjectPredicate;
  /** Send BOOKMARK items every bookmark interval and before the deadline, when the cache's revision moved past what was sent. */
  bookmarks: boolean;
  /** When the watch's timeout will end it (epoch ms): its last bookmark comes 2 s before. */
  deadline?: number;
  /** Ends the watch. */
  signal: AbortSignal;
}

/** How often due bookmarks are looked for (upstream's bookmark timer ticks every second). */
const BOOKMARK_CHECK_MS = 1_000;

/** Counts for metrics. */
export interface CacherStats {
  objects: number;
  historyEvents: number;
  watchers: number;
}

/** The watch cache for one storage prefix. */
/** How often a wait for freshness asks the backend again for progress. */
const PROGRESS_POLL_MS = 10;

export class Cacher {
  readonly #options: CacherOptions;
  readonly #state: CacheState;
  readonly #watchers = new WatcherSet();
  readonly #waiters = new RevisionWaiters();
  readonly #reflector: Reflector;
  #synced = false;
  #stopped = false;
  #started = false;
  #timer: NodeJS.Timeout | undefined;
  #bookmarkTimer: NodeJS.Timeout | undefined;
  #bookmarkRound: Promise<void> | undefined;
  readonly #bookmarks: BookmarkSchedule;
  #generation = 0;

  constructor(options: CacherOptions) {
    if (!options.prefix.endsWith('/')) throw new TypeError(`cacher prefix must end with '/': ${options.prefix}`);
    this.#options = options;
    this.#bookmarks = new BookmarkSchedule(options.bookmarkIntervalMs ?? 60_000);
    const ring = new WatchRing(options.historyWindowMs ?? 5 * 60_000, options.historyCapacity ?? 20_000);
    const decoder: Decoder = { decode: options.decode, reportError: (error) => this.#reportError(error) };
    if (options.json) decoder.json = options.json;
    if (options.summary) decoder.summary = options.summary;
    this.#state = new CacheState(ring, decoder);
    this.#reflector = new Reflector(options.backend, options.prefix, this.#reflectorTarget());
  }

  /** True once the initial state is loaded and caught up with the backend, until stop(); for /readyz. */
  get synced(): boolean {
    return this.#synced;
  }

  /** The revision the cache is current to: advanced by events and by progress of other prefixes. */
  get revision(): number {
    return this.#state.revision;
  }

  /** The oldest revision a watch may start from (410 Gone below it: `too old resource version: X (Y)`). */
  get oldestRevision(): number {
    return this.#state.ring.oldestRevision;
  }

  /**
   * Loads the state, starts following the backend, and resolves once caught up with it. Rejects when the
   * backend cannot be read (start() may then be called again) or when stop() is called first.
   */
  async start(): Promise<void> {
    if (this.#stopped) throw unavailable('cacher stopped');
    if (this.#started) throw new Error(`cacher for ${this.#options.prefix} already started`);
    this.#started = true;
    let current: number;
    try {
      current = await this.#reflector.start();
    } catch (error) {
      this.#started = false;
      throw error;
    }
    this.#timer = setInterval(() => this.#tick(), this.#options.bookmarkIntervalMs ?? 60_000);
    this.#timer.unref();
    this.#bookmarkTimer = setInterval(() => this.#sendDueBookmarks(), this.#bookmarkCheckMs);
    this.#bookmarkTimer.unref();
    // The backend watch replays history up to `current`; progress batches cover writes to other prefixes.
    await this.#awaitRevision(current, undefined);
    this.#synced = !this.#stopped;
  }

  /** Stops following the backend, ends every watch and rejects pending waits. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#synced = false;
    clearInterval(this.#timer);
    clearInterval(this.#bookmarkTimer);
    for (const watcher of this.#watchers.all()) watcher.end();
    this.#waiters.rejectAll(unavailable('cacher stopped'));
    this.#reflector.stop().catch((error: unknown) => this.#reportError(error));
  }

  /**
   * Resolves when `revision` >= rev; rejects with StorageError `Timeout` after `timeoutMs`. The caller read
   * `rev` from the backend, so the backend answers: a backend watch waiting to retry after an outage
   * retries at once.
   */
  waitUntilFresh(rev: number, timeoutMs = this.#options.freshTimeoutMs ?? 3_000): Promise<void> {
    if (this.#stopped) return Promise.reject(unavailable('cacher stopped'));
    if (this.revision < rev) this.#reflector.retryNow();
    return this.#awaitRevision(rev, timeoutMs);
  }

  /**
   * Waits for `revision` >= rev. Progress made by writes under other prefixes reaches the backend watch
   * only on request (PendingBatches.add), so the wait asks for it, and asks again while it lasts (the
   * revision may be one a write is about to reach, or the watch may not be established yet).
   */
  #awaitRevision(rev: number, timeoutMs: number | undefined): Promise<void> {
    if (this.revision >= rev) return Promise.resolve();
    const ask = (): void => this.#options.backend.requestProgress();
    ask();
    const poll = setInterval(ask, PROGRESS_POLL_MS);
    return this.#waiters.wait(rev, () => this.revision, timeoutMs).finally(() => clearInterval(poll));
  }

  /**
   * A number that changes whenever the cached objects do (an event applied, a relist): a reader may keep what
   * it derived from them (an index) while it stays the same.
   */
  get generation(): number {
    return this.#generation;
  }

  /** The current object at `key`. */
  get(key: string): CachedObject | undefined {
    return this.#state.store.get(key);
  }

  /** Current objects under `keyPrefix` (or the one exact key) passing `predicate`, ascending by key. */
  list(keyPrefix: string, predicate?: ObjectPredicate): { revision: number; items: CachedObject[] } {
    return { revision: this.revision, items: this.#state.store.list(keyPrefix, predicate) };
  }

  /**
   * A watch (see CacheWatchOptions). Throws StorageError `Compacted` at once when `fromRevision` is older than
   * `oldestRevision`; a `fromRevision` ahead of the cache is waited for (the iterator throws `Timeout` after
   * freshTimeoutMs). The iterator ends when the watcher fell behind its buffer (closed as unresponsive, as
   * upstream's cacher does), throws `Compacted` when the cache had to relist over a gap, and ends when
   * `signal` aborts or the cacher stops.
   */
  watch(options: CacheWatchOptions): CacheWatch {
    if (this.#stopped) throw unavailable('cacher stopped');
    if (!options.initialEvents && options.fromRevision < this.oldestRevision) {
      throw compacted(options.fromRevision, this.oldestRevision);
    }
    const { signal } = options;
    const onAbort = (): void => watcher.end();
    const watcher = new Watcher({
      ...options,
      bufferSize: this.#options.watcherBufferSize ?? 10_000,
      onClose: (closed) => {
        signal.removeEventListener('abort', onAbort);
        this.#watchers.remove(closed);
        this.#bookmarks.remove(closed);
      },
    });
    if (signal.aborted) {
      watcher.end();
      return watcher;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    if (options.fromRevision <= this.revision) {
      this.#register(watcher, options);
    } else {
      this.waitUntilFresh(options.fromRevision).then(
        () => this.#register(watcher, options),
        (error: unknown) => watcher.fail(error),
      );
    }
    return watcher;
  }

  /** Sizes, for metrics. */
  stats(): CacherStats {
    return { objects: this.#state.store.size, historyEvents: this.#state.ring.size, watchers: this.#watchers.size };
  }

  #register(watcher: Watcher, options: CacheWatchOptions): void {
    if (!watcher.active) return;
    if (options.initialEvents) {
      watcher.open(this.#state.store.list(options.keyPrefix, options.predicate), []);
    } else {
      const replay = this.#state.ring.since(options.fromRevision);
      if (replay === undefined) return watcher.fail(compacted(options.fromRevision, this.oldestRevision));
      watcher.open([], replay);
    }
    this.#watchers.add(watcher);
    if (options.bookmarks) this.#bookmarks.add(watcher, Date.now(), options.deadline);
  }

  #apply(batch: WatchBatch): void {
    const events = this.#state.apply(batch, Date.now());
    if (events.length > 0) this.#generation++;
    for (const event of events) this.#watchers.dispatch(event);
    this.#state.ring.releaseEncodings(() => this.#watchers.oldestPending());
    this.#waiters.advance(this.revision);
  }

  /** After a gap, no watcher's position can be served correctly: they fail with Compacted (410), and relist. */
  #replace(kvs: readonly KeyValue[], revision: number, gap: boolean): void {
    this.#state.replace(kvs, revision);
    this.#generation++;
    if (gap) {
      for (const watcher of this.#watchers.all()) {
        watcher.fail(new StorageError('Compacted', this.#options.prefix,
          `watch cache of ${this.#options.prefix} relisted at revision ${revision} after missing events`));
      }
    }
    this.#waiters.advance(revision);
  }

  #tick(): void {
    this.#state.ring.evict(Date.now());
  }

  get #bookmarkCheckMs(): number {
    return Math.min(BOOKMARK_CHECK_MS, this.#options.bookmarkIntervalMs ?? BOOKMARK_CHECK_MS);
  }

  /**
   * Bookmarks to the watchers due, at the cache's revision once it caught up with the backend's: bookmarks carry
   * the progress of writes elsewhere too, which reaches the cache only when asked for (#awaitRevision asks).
   */
  #sendDueBookmarks(): void {
    if (this.#bookmarks.size === 0 || this.#bookmarkRound) return;
    const due = this.#bookmarks.takeDue(Date.now());
    if (due.length === 0) return;
    this.#bookmarkRound = this.#options.backend
      .currentRevision()
      .then((revision) => this.#awaitRevision(revision, this.#bookmarkCheckMs))
      .catch(() => undefined) // not caught up in time: the bookmark says what the cache knows
      .then(() => {
        for (const watcher of due) watcher.bookmark(this.revision);
      })
      .finally(() => (this.#bookmarkRound = undefined));
  }

  #reportError(error: unknown): void {
    this.#options.onError?.(error);
  }

  #reflectorTarget(): ReflectorTarget {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter's own `this` is the returned object, the revision is the cacher's.
    const cacher = this;
    return {
      get revision() {
        return cacher.revision;
      },
      replace: (kvs, revision, gap) => this.#replace(kvs, revision, gap),
      apply: (batch) => this.#apply(batch),
      reportError: (error) => this.#reportError(error),
    };
  }
}
