// One watcher's undelivered events, shared by the watch hub (memory, SQLite) and the etcd watch mux:
// what arrives while the consumer is busy is merged into one pending batch (events appended, revision
// advanced), which the consumer takes whole at its next read.
import type { StorageError } from './errors.js';
import type { WatchBatch, WatchEvent } from './interface.js';

export class PendingBatches {
  #pending: WatchBatch | undefined;
  #error: StorageError | undefined;
  #ended = false;
  #wake: (() => void) | undefined;

  /** Set by fail(): the consumer's next read throws it. */
  get error(): StorageError | undefined {
    return this.#error;
  }

  /** Set by end(): the consumer's next read finishes the iteration. */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Adds `events` (taken over, not copied; none for progress alone) and advances the pending revision.
   * Returns false, without waking the consumer, when more than `limit` events would then be waiting.
   *
   * Progress alone is recorded without waking the consumer: with a watch cache per resource, waking
   * every cache at every commit to any resource cost more than the commit itself (~45 caches: a ConfigMap
   * create went from ~150 to ~370 µs of CPU). A consumer that needs the progress asks for it (`flush`).
   */
  add(events: WatchEvent[] | undefined, revision: number, limit: number): boolean {
    const pending = this.#pending;
    if (pending === undefined) this.#pending = { events: events ?? [], revision };
    else {
      if (events !== undefined) for (const event of events) pending.events.push(event);
      pending.revision = revision;
    }
    const waiting = this.#pending?.events.length ?? 0;
    if (waiting > limit) return false;
    if (waiting > 0) this.#wake?.();
    return true;
  }

  /** Hands the consumer the progress recorded since its last read, if any (see `add`). */
  flush(): void {
    if (this.#pending !== undefined) this.#wake?.();
  }

  /** Fails the consumer's next read with `error`; what was waiting is dropped (the consumer restarts anyway). */
  fail(error: StorageError): void {
    this.#error = error;
    this.#pending = undefined;
    this.#wake?.();
  }

  /** Ends the consumer's iteration at its next read. */
  end(): void {
    this.#ended = true;
    this.#wake?.();
  }

  /** The batches as the consumer reads them, waiting while there are none. */
  async *drain(): AsyncGenerator<WatchBatch> {
    for (;;) {
      if (this.#error !== undefined) throw this.#error;
      if (this.#ended) return;
      const batch = this.#pending;
      if (batch !== undefined) {
        this.#pending = undefined;
        yield batch;
        continue;
      }
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }
}
