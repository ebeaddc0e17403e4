// One watch on the cache: an async iterator over a private queue of shared events. Initial objects and
// replayed history are read lazily from arrays the watcher was given; only live events are queued, and the
// queue is capped so that a consumer that stops reading cannot hold the cache's memory hostage: a watcher
// that falls that far behind is closed, as upstream's cacher forces unresponsive watchers closed
// (cacheWatcher.add: the result channel is closed, no error event), and its client watches again from the
// last version it saw (client-go's reflector), replayed from the cache's history.
import type { CachedObject } from './cached-object.js';
import { eventForFilter, initialEventFor, type CacheEvent, type ObjectPredicate, type WatchItem } from './cache-event.js';
import { keyMatches } from './cache-store.js';

/** What a watcher is interested in and how much it may lag. */
export interface WatcherOptions {
  keyPrefix: string;
  predicate?: ObjectPredicate;
  bookmarks: boolean;
  /** Queued live items allowed before the watcher is closed as unresponsive. */
  bufferSize: number;
  /** Where the watcher starts: the client already knows every change up to here. */
  fromRevision: number;
  /** Called once when the watcher ends for any reason, so the cacher can forget it. */
  onClose(watcher: Watcher): void;
}

/** A cache watch: an async iterator of watch items; `return()` (or `break` in for-await) ends it. */
export interface CacheWatch extends AsyncIterableIterator<WatchItem, undefined> {
  next(): Promise<IteratorResult<WatchItem, undefined>>;
  return(): Promise<IteratorResult<WatchItem, undefined>>;
  /**
   * The next item if one is ready now, without waiting; undefined when none is (`next` then waits, or
   * tells the end or the error). A consumer takes a group commit's events in one turn so (registry watch).
   */
  takeReady(): WatchItem | undefined;
}

const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * A watcher's state: waiting to be registered, delivering, closing after its queue drains (with an error, or
 * cleanly when closed as unresponsive), or ended.
 */
type WatcherState = 'pending' | 'open' | 'failing' | 'closing' | 'ended';

/** The per-watch queue and its async iteration. */
export class Watcher implements CacheWatch {
  #state: WatcherState = 'pending';
  #error: unknown;
  #initial: readonly CachedObject[] = [];
  #initialIndex = 0;
  #replay: readonly CacheEvent[] = [];
  #replayIndex = 0;
  #queue: WatchItem[] = [];
  #queueHead = 0;
  /** Highest revision the client has been (or is queued to be) told about; bookmarks only move it forward. */
  #lastRevision: number;
  #waiting: Promise<void> | undefined;
  #wake: (() => void) | undefined;

  constructor(readonly options: WatcherOptions) {
    this.#lastRevision = options.fromRevision;
  }

  get keyPrefix(): string {
    return this.options.keyPrefix;
  }

  /**
   * The revision of the oldest event of the history this watcher has yet to hand over (replayed or queued),
   * or undefined when it has none: its consumer encodes those events later, so their encodings are kept.
   */
  get oldestPending(): number | undefined {
    const replayed = this.#replay[this.#replayIndex];
    if (replayed !== undefined) return replayed.revision;
    return this.#queue[this.#queueHead]?.revision;
  }

  /** True until the watcher ended, started failing, or was closed as unresponsive. */
  get active(): boolean {
    return this.#state === 'pending' || this.#state === 'open';
  }

  /** Starts delivery: first the initial objects, then the replayed history, then live events. */
  open(initial: readonly CachedObject[], replay: readonly CacheEvent[]): void {
    if (this.#state !== 'pending') return;
    this.#state = 'open';
    this.#initial = initial;
    this.#replay = replay;
    const last = replay[replay.length - 1];
    if (last !== undefined) this.#lastRevision = Math.max(this.#lastRevision, last.revision);
    this.#notify();
  }

  /** Queues a live event whose key matches; the watcher's predicate decides what (if anything) it sees. */
  deliver(event: CacheEvent): void {
    if (this.#state !== 'open') return;
    const seen = eventForFilter(event, this.options.predicate);
    if (seen === undefined) return;
    this.#lastRevision = Math.max(this.#lastRevision, seen.revision);
    this.#push(seen);
  }

  /** Queues a bookmark at `revision` if it tells the client something new; replaces an unread bookmark. */
  bookmark(revision: number): void {
    if (this.#state !== 'open' || !this.options.bookmarks || revision <= this.#lastRevision) return;
    this.#lastRevision = revision;
    const item = { type: 'BOOKMARK', revision } as const;
    const lastIndex = this.#queue.length - 1;
    if (lastIndex >= this.#queueHead && this.#queue[lastIndex]?.type === 'BOOKMARK') this.#queue[lastIndex] = item;
    else this.#push(item);
  }

  /** Fails the watch: what is already queued is still delivered, then the iterator throws `error`. */
  fail(error: unknown): void {
    if (!this.active) return;
    this.#state = 'failing';
    this.#error = error;
    this.options.onClose(this);
    this.#notify();
  }

  /** Ends the watch now (client gone, cache stopped): the iterator finishes without error. */
  end(): void {
    if (this.#state === 'ended') return;
    const wasClosed = this.#state === 'failing' || this.#state === 'closing';
    this.#state = 'ended';
    this.#initial = [];
    this.#replay = [];
    this.#queue = [];
    this.#queueHead = 0;
    if (!wasClosed) this.options.onClose(this);
    this.#notify();
  }

  async next(): Promise<IteratorResult<WatchItem, undefined>> {
    for (;;) {
      const item = this.#take();
      if (item !== undefined) return { value: item, done: false };
      if (this.#state === 'ended') return DONE;
      if (this.#state === 'closing') {
        this.end();
        return DONE;
      }
      if (this.#state === 'failing') {
        this.end();
        throw this.#error;
      }
      this.#waiting ??= new Promise<void>((resolve) => (this.#wake = resolve));
      await this.#waiting;
    }
  }

  takeReady(): WatchItem | undefined {
    return this.#take();
  }

  async return(): Promise<IteratorResult<WatchItem, undefined>> {
    this.end();
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  #push(item: WatchItem): void {
    if (this.#queue.length - this.#queueHead >= this.options.bufferSize) {
      this.#state = 'closing';
      this.options.onClose(this);
      this.#notify();
      return;
    }
    this.#queue.push(item);
    this.#notify();
  }

  #take(): WatchItem | undefined {
    if (this.#initialIndex < this.#initial.length) {
      const object = this.#initial[this.#initialIndex++] as CachedObject;
      if (this.#initialIndex === this.#initial.length) [this.#initial, this.#initialIndex] = [[], 0];
      return initialEventFor(object);
    }
    while (this.#replayIndex < this.#replay.length) {
      const event = this.#replay[this.#replayIndex++] as CacheEvent;
      if (this.#replayIndex === this.#replay.length) [this.#replay, this.#replayIndex] = [[], 0];
      if (!keyMatches(event.object.key, this.keyPrefix)) continue;
      const seen = eventForFilter(event, this.options.predicate);
      if (seen !== undefined) return seen;
    }
    return this.#shift();
  }

  #shift(): WatchItem | undefined {
    if (this.#queueHead >= this.#queue.length) return undefined;
    const item = this.#queue[this.#queueHead++];
    if (this.#queueHead === this.#queue.length) {
      this.#queue = [];
      this.#queueHead = 0;
    } else if (this.#queueHead > 1024 && this.#queueHead * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#queueHead);
      this.#queueHead = 0;
    }
    return item;
  }

  #notify(): void {
    const wake = this.#wake;
    this.#waiting = undefined;
    this.#wake = undefined;
    wake?.();
  }
}
