// Tuning shared by the in-process backends (memory, SQLite): history retention, timers, watch buffers.

/** Options every in-process backend accepts. */
export interface HistoryOptions {
  /** How long history stays readable (ranges at past revisions, watch resumption); spec 1: 5 minutes. */
  historyWindowMs?: number;
  /** How often history older than the window is compacted; defaults to min(30 s, window). */
  compactionIntervalMs?: number;
  /** How often keys past their TTL are deleted. */
  ttlReapIntervalMs?: number;
  /** Events a watcher may have waiting before it is ended with `Unavailable`. */
  watchBufferLimit?: number;
  /** Wall clock in milliseconds; injectable so tests can move time. */
  clock?: () => number;
}

/** Spec 1-conventions, "Watch history retention (default storage backend)". */
export const DEFAULT_HISTORY_WINDOW_MS = 5 * 60_000;
/** Reaping expired keys once a second keeps a 1 s TTL close to its deadline. */
export const DEFAULT_TTL_REAP_INTERVAL_MS = 1_000;

/** The options with their defaults applied. */
export interface ResolvedHistoryOptions {
  historyWindowMs: number;
  compactionIntervalMs: number;
  ttlReapIntervalMs: number;
  clock: () => number;
}

/** Applies the defaults of `HistoryOptions` (the watch buffer default lives in watch-hub.ts). */
export function resolveHistoryOptions(options: HistoryOptions): ResolvedHistoryOptions {
  const historyWindowMs = options.historyWindowMs ?? DEFAULT_HISTORY_WINDOW_MS;
  return {
    historyWindowMs,
    compactionIntervalMs: options.compactionIntervalMs ?? Math.max(10, Math.min(30_000, historyWindowMs)),
    ttlReapIntervalMs: options.ttlReapIntervalMs ?? DEFAULT_TTL_REAP_INTERVAL_MS,
    clock: options.clock ?? Date.now,
  };
}

/** Runs `task` every `ms` without keeping the process alive; returns the function that stops it. */
export function startPeriodic(task: () => void, ms: number): () => void {
  const timer = setInterval(task, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** The expiry instant of a write with `ttlSeconds`, or null when it has none. */
export function expiryOf(ttlSeconds: number | undefined, now: number): number | null {
  return ttlSeconds !== undefined && ttlSeconds > 0 ? now + ttlSeconds * 1000 : null;
}
