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

  function publish(events: readonly WatchEvent[], revision: number): void {
    // Keys and revisions read once, not once per watcher: with a watch cache per resource (~45 watchers)
    // the per-watcher reads were most of the ~8 ms the start-up's ~130 commits spent here.
    const keys = events.map(eventKey);
    const revisions = events.map(eventRevision);
    for (const watcher of watchers) {
      let matched: WatchEvent[] | undefined;
      for (let i = 0; i < events.length; i++) {
        if (revisions[i]! < watcher.minRevision || !keys[i]!.startsWith(watcher.prefix)) continue;
        (matched ??= []).push(events[i]!);
      }
      deliver(watcher, matched, revision);
    }
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
        signal.removeEventListener('abort', onAbort);
      },
    };
    const compactedRevision = history.compactedRevision();
    if (signal.aborted) watcher.batches.end();
    if (closedWith !== undefined) watcher.batches.fail(closedWith);
    else if (fromRevision > 0 && fromRevision < compactedRevision) watcher.batches.fail(compacted(fromRevision, compactedRevision));
    else if (!signal.aborted) {
      watchers.add(watcher);
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
