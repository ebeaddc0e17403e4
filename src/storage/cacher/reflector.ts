// Keeps a cache in step with its backend: the initial load (from the oldest revision the backend still holds,
// so that watches resume across a server restart), then one backend watch, resumed after errors, and a relist
// when the backend no longer holds the revisions the cache needs.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Backend, KeyValue, WatchBatch } from '../interface.js';
import { isStorageError } from '../errors.js';

/** What the reflector feeds. */
export interface ReflectorTarget {
  /** The revision the cache is current to. */
  readonly revision: number;
  /**
   * The complete state at `revision`. `gap`: the cache missed events before it (a relist after compaction),
   * so watchers positioned before it cannot be served correctly.
   */
  replace(kvs: readonly KeyValue[], revision: number, gap: boolean): void;
  /** Events and progress, in revision order. */
  apply(batch: WatchBatch): void;
  /** Reports an error the reflector recovered from (for logs and metrics). */
  reportError(error: unknown): void;
}

/** Retry delays after backend errors: first retry at once, then doubling up to the cap. */
const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 5_000;

/** The backend side of one cacher. */
export class Reflector {
  readonly #abort = new AbortController();
  #loop: Promise<void> | undefined;
  /** Ends the backoff wait in progress (see retryNow). */
  #wake: AbortController | undefined;

  constructor(
    readonly backend: Backend,
    readonly prefix: string,
    readonly target: ReflectorTarget,
  ) {}

  /** Loads the initial state and starts following the backend; returns the backend revision seen at start. */
  async start(): Promise<number> {
    let current: number;
    try {
      current = await this.#load(true);
    } catch (error) {
      // Compaction raced with reading the old state: start from the current state instead.
      if (!isStorageError(error, 'Compacted')) throw error;
      current = await this.#load(false);
    }
    this.#loop = this.#follow();
    return current;
  }

  /**
   * Ends a backoff wait after a backend error now: the caller just saw the backend answer (a consistent
   * read got its current revision) while this cache is behind, so the backend is back and waiting out the
   * backoff would only make that read wait. Does nothing while the watch runs.
   */
  retryNow(): void {
    this.#wake?.abort();
  }

  /** Stops following; resolves once the backend watch is released. */
  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#loop;
  }

  /**
   * With `fromHistory` and history available, the state at the compacted revision; the watch then replays the
   * history after it into the event ring. Returns the backend's current revision.
   */
  async #load(fromHistory: boolean): Promise<number> {
    const current = await this.backend.currentRevision();
    const compacted = fromHistory ? await this.backend.compactedRevision() : current;
    if (compacted < current) {
      // Revision 0 means "current" to range(); the state before the first write is empty.
      const kvs = compacted === 0 ? [] : (await this.backend.range(this.prefix, { revision: compacted })).kvs;
      this.target.replace(kvs, compacted, false);
      return current;
    }
    const listed = await this.backend.range(this.prefix);
    this.target.replace(listed.kvs, listed.revision, false);
    return listed.revision;
  }

  async #follow(): Promise<void> {
    const signal = this.#abort.signal;
    let relist = false;
    let delay = 0;
    while (!signal.aborted) {
      try {
        if (relist) await this.#relist();
        relist = false;
        for await (const batch of this.backend.watch(this.prefix, this.target.revision + 1, signal)) {
          this.target.apply(batch);
          delay = 0;
        }
        if (!signal.aborted) throw new Error(`backend watch on ${this.prefix} ended unexpectedly`);
      } catch (error) {
        if (signal.aborted) return;
        this.target.reportError(error);
        // Compacted: the revisions we need are gone, only a relist recovers. Anything else: resume the watch.
        relist ||= isStorageError(error, 'Compacted');
        this.#wake = new AbortController();
        await sleep(delay, undefined, { signal: AbortSignal.any([signal, this.#wake.signal]) }).catch(() => undefined);
        this.#wake = undefined;
        delay = Math.min(Math.max(delay * 2, FIRST_RETRY_MS), MAX_RETRY_MS);
      }
    }
  }

  async #relist(): Promise<void> {
    const listed = await this.backend.range(this.prefix);
    this.target.replace(listed.kvs, listed.revision, listed.revision > this.target.revision);
  }
}
