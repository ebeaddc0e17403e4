// The watch fan-out shared by the memory and SQLite backends. As in etcd's watchable store, events are
// handed over in one place, right after each commit (`publish`), and a watcher is either catching up
// from history (replay, read page by page from the backend's log) or caught up (fed by `publish`).
// Registration and the read of the current revision happen in the same synchronous step as commits,
// so the hand-over from replay to live events has neither a gap nor a duplicate.
import type { WatchBatch, WatchEvent } from './interface.js';
import { compacted, unavailable, type StorageError } from './errors.js';
import { PendingBatches } from './pending-batches.js';
import { eventKey, eventRevision } from './watch-event.js';

/** What the hub needs from a backend: synchronous reads of its revisions and event history. */
export interface HistoryReader {
  currentRevision(): number;
  compactedRevision(): number;
  /** Events under `prefix` with revision in [from, to], ascending, at most `limit` of them. */
  readEvents(prefix: string, from: number, to: number, limit: number): WatchEvent[];
}

export interface WatchHubOptions {
  /** Most events a watcher may have waiting; beyond it the watcher fails with `Unavailable`. */
  bufferLimit?: number;
  /** Events read from history per replayed batch. */
  replayPageSize?: number;
}

/** Fan-out of committed events to watchers. */
export interface WatchHub {
  /** See `Backend.watch`; `fromRevision` 0 means "events after the current revision" (etcd). */
  watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch>;
  /** Hands one commit's events (in revision order) and the new store revision to every watcher. */
  publish(events: readonly WatchEvent[], revision: number): void;
  /** Ends every watcher with `error`; later watches fail with it too. */
  close(error: StorageError): void;
  /** Hands every watcher the progress recorded for it (PendingBatches.add keeps progress alone until asked). */
  requestProgress(): void;
  /** Live watchers, for metrics and tests. */
  readonly size: number;
}

/** Default for `WatchHubOptions.bufferLimit`. */
export const DEFAULT_WATCH_BUFFER_LIMIT = 10_000;
const DEFAULT_REPLAY_PAGE_SIZE = 1_000;

interface Watcher {
  readonly prefix: string;
  /** Live events below this revision are skipped (a watch from a future revision). */
  readonly minRevision: number;
  /** Everything published since the consumer last took a batch. */
  readonly batches: PendingBatches;
  detach: () => void;
}

/** Creates a hub reading replays from `history`. */
export function createWatchHub(history: HistoryReader, options: WatchHubOptions = {}): WatchHub {
  const bufferLimit = options.bufferLimit ?? DEFAULT_WATCH_BUFFER_LIMIT;
  const pageSize = options.replayPageSize ?? DEFAULT_REPLAY_PAGE_SIZE;
  const watchers = new Set<Watcher>();
  let closedWith: StorageError | undefined;

  function fail(watcher: Watcher, error: StorageError): void {
    watcher.batches.fail(error);
    watcher.detach();
  }

  function deliver(watcher: Watcher, matched: WatchEvent[] | undefined, revision: number): void {
    if (!watcher.batches.add(matched, revision, bufferLimit)) {
      fail(watcher, unavailable(`watcher on ${watcher.prefix} fell behind: more than ${bufferLimit} events buffered`));
    }
  }

  // Watchers by prefix when it ends with '/' (every watch cache's, `/registry/<resource>/`), so that an event
  // finds its watchers through its key's own prefixes (a few map reads) instead of a test per watcher: with
  // ~45 watch caches that was ~2 µs per event in isolation and ~2% of a ConfigMap create. Others are tested.
  const byPrefix = new Map<string, Set<Watcher>>();
  const others = new Set<Watcher>();

  function index(watcher: Watcher): void {
    if (!watcher.prefix.endsWith('/')) others.add(watcher);
    else {
      let set = byPrefix.get(watcher.prefix);
      if (set === undefined) byPrefix.set(watcher.prefix, (set = new Set()));
      set.add(watcher);
    }
  }

  function unindex(watcher: Watcher): void {
    others.delete(watcher);
    const set = byPrefix.get(watcher.prefix);
    if (set?.delete(watcher) && set.size === 0) byPrefix.delete(watcher.prefix);
  }

  function publish(events: readonly WatchEvent[], revision: number): void {
    const matched = new Map<Watcher, WatchEvent[]>();
    const match = (watcher: Watcher, event: WatchEvent, eventRevision: number): void => {
      if (eventRevision < watcher.minRevision) return;
      const list = matched.get(watcher);
      if (list === undefined) matched.set(watcher, [event]);
      else list.push(event);
    };
    for (const event of events) {
      const key = eventKey(event);
      const at = eventRevision(event);
      for (let slash = key.indexOf('/'); slash >= 0 && byPrefix.size > 0; slash = key.indexOf('/', slash + 1)) {
        const set = byPrefix.get(key.slice(0, slash + 1));
        if (set !== undefined) for (const watcher of set) match(watcher, event, at);
      }
      for (const watcher of others) if (key.startsWith(watcher.prefix)) match(watcher, event, at);
    }
    // Every watcher hears of the new revision, with its events or without (progress).
    for (const watcher of watchers) deliver(watcher, matched.get(watcher), revision);
  }

  async function* replay(watcher: Watcher, from: number, to: number): AsyncGenerator<WatchBatch> {
    let cursor = from;
    while (cursor <= to && !watcher.batches.ended) {
      if (watcher.batches.error !== undefined) throw watcher.batches.error;
      const compactedRevision = history.compactedRevision();
      if (cursor < compactedRevision) throw compacted(cursor, compactedRevision);
      const events = history.readEvents(watcher.prefix, cursor, to, pageSize);
      const last = events.at(-1);
      const revision = events.length === pageSize && last !== undefined ? eventRevision(last) : to;
      cursor = revision + 1;
      yield { events, revision };
    }
  }

  async function* stream(watcher: Watcher, from: number, replayTo: number): AsyncGenerator<WatchBatch> {
    try {
      if (watcher.batches.error !== undefined) throw watcher.batches.error;
      yield* replay(watcher, from, replayTo);
      yield* watcher.batches.drain();
    } finally {
      watcher.detach();
    }
  }

  function watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
    const current = history.currentRevision();
    const from = fromRevision > 0 ? fromRevision : current + 1;
    const onAbort = (): void => {
      watcher.detach();
      watcher.batches.end();
    };
    const watcher: Watcher = {
      prefix,
      minRevision: Math.max(from, current + 1),
      batches: new PendingBatches(),
      detach: () => {
        watchers.delete(watcher);
        unindex(watcher);
        signal.removeEventListener('abort', onAbort);
      },
    };
    const compactedRevision = history.compactedRevision();
    if (signal.aborted) watcher.batches.end();
    if (closedWith !== undefined) watcher.batches.fail(closedWith);
    else if (fromRevision > 0 && fromRevision < compactedRevision) watcher.batches.fail(compacted(fromRevision, compactedRevision));
    else if (!signal.aborted) {
      watchers.add(watcher);
      index(watcher);
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const iterator = stream(watcher, from, current);
    return { [Symbol.asyncIterator]: () => iterator };
  }

  function close(error: StorageError): void {
    closedWith = error;
    for (const watcher of [...watchers]) fail(watcher, error);
  }

  return {
    watch,
    publish,
    close,
    requestProgress: () => {
      for (const watcher of watchers) watcher.batches.flush();
    },
    get size() {
      return watchers.size;
    },
  };
}
