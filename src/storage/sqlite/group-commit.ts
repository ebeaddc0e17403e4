// Group commit: writes submitted while a tick runs are queued and committed together in the next
// check phase (setImmediate), one transaction and one WAL sync for all of them (up to MAX_BATCH).
// Each write still gets its own revision; a write whose check fails (KeyExists, Conflict) fails alone.
// The promises resolve only after the transaction committed, so an acknowledged write is durable
// (synchronous=FULL).
// While more writes are on their way (`writesComing`: requests between the stages of the request path,
// registry/write-stages.ts), a commit waits for them, a few turns at most: those stages spread one turn's
// requests over several turns, and a commit per turn cost SQLite more per write (interior pages and the
// WAL written again for a few rows; ~20 µs of a Pod create). A write with no other write between stages never waits.
import { isStorageError, unavailable, type StorageError } from '../errors.js';

/** Counters of the committer, for metrics and for tests that prove writes share commits. */
export interface GroupCommitStats {
  /** Transactions run (committed or rolled back). */
  transactions: number;
  /** Writes handed to those transactions. */
  writes: number;
  /** Transactions that failed as a whole (every write in them rejected). */
  failedTransactions: number;
}

/**
 * Runs a batch of requests in one transaction: one outcome per request, either its result or the
 * StorageError it alone failed with. Throws when the transaction itself failed (rolled back).
 */
export type BatchRunner<Request, Result> = (requests: readonly Request[]) => Array<Result | StorageError>;

/** Queues writes and commits them in batches. */
export interface GroupCommitter<Request, Result> {
  submit(request: Request): Promise<Result>;
  /** Commits whatever is queued now. */
  flush(): void;
  /** Commits whatever is queued, then rejects every later submit with `Unavailable`. */
  close(): void;
  readonly stats: Readonly<GroupCommitStats>;
}

/** Most writes in one transaction. */
const MAX_BATCH = 1_000;

/** Most turns a commit waits for writes on their way (a create passes six stage boundaries). */
const MAX_HELD_TURNS = 8;

interface Queued<Request, Result> {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** Creates a committer that runs batches with `run`, waiting for more while `writesComing()` says so. */
export function createGroupCommitter<Request, Result>(run: BatchRunner<Request, Result>, writesComing?: () => boolean): GroupCommitter<Request, Result> {
  const stats: GroupCommitStats = { transactions: 0, writes: 0, failedTransactions: 0 };
  let queue: Array<Queued<Request, Result>> = [];
  let scheduled: NodeJS.Immediate | undefined;
  let closed = false;
  let heldTurns = 0;

  function settle(batch: ReadonlyArray<Queued<Request, Result>>, outcomes: Array<Result | StorageError>): void {
    for (let i = 0; i < batch.length; i++) {
      const entry = batch[i] as Queued<Request, Result>;
      const outcome = outcomes[i] as Result | StorageError;
      if (isStorageError(outcome)) entry.reject(outcome);
      else entry.resolve(outcome);
    }
  }

  function flush(): void {
    if (scheduled !== undefined) clearImmediate(scheduled);
    scheduled = undefined;
    if (queue.length === 0) return;
    heldTurns = 0;
    // Bounded batches keep one synchronous commit short; the rest go in the next turn of the loop.
    const batch = queue.length <= MAX_BATCH ? queue : queue.splice(0, MAX_BATCH);
    if (batch === queue) queue = [];
    else scheduled = setImmediate(flush);
    stats.transactions++;
    stats.writes += batch.length;
    let outcomes: Array<Result | StorageError>;
    try {
      outcomes = run(batch.map((entry) => entry.request));
    } catch (error) {
      stats.failedTransactions++;
      const failure = isStorageError(error) ? error : unavailable(`sqlite: commit failed: ${String(error)}`);
      if (failure !== error) failure.cause = error;
      for (const entry of batch) entry.reject(failure);
      return;
    }
    settle(batch, outcomes);
  }

  /** The turn's commit, or one more turn of waiting for writes on their way. */
  function flushWhenReady(): void {
    if (heldTurns < MAX_HELD_TURNS && writesComing?.() === true) {
      heldTurns++;
      scheduled = setImmediate(flushWhenReady);
      return;
    }
    flush();
  }

  function submit(request: Request): Promise<Result> {
    if (closed) return Promise.reject(unavailable('sqlite: backend closed'));
    return new Promise<Result>((resolve, reject) => {
      queue.push({ request, resolve, reject });
      scheduled ??= setImmediate(flushWhenReady);
    });
  }

  function close(): void {
    while (queue.length > 0) flush();
    if (scheduled !== undefined) clearImmediate(scheduled);
    scheduled = undefined;
    closed = true;
  }

  return { submit, flush, close, stats };
}
