// Callers waiting for the cache to reach a revision (a list or watch at a resourceVersion newer than the cache).
// Upstream waits up to 3 seconds, then answers 504 "Too large resource version" (1-conventions: Errors).
import { StorageError } from '../errors.js';

interface Waiter {
  revision: number;
  resolve(): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout | undefined;
}

/** Pending waits on the cache's revision. */
export class RevisionWaiters {
  #waiters = new Set<Waiter>();

  /** Resolves once `advance` reports a revision >= `revision`; rejects with `Timeout` after `timeoutMs` if set. */
  wait(revision: number, current: () => number, timeoutMs: number | undefined): Promise<void> {
    if (current() >= revision) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        revision,
        resolve,
        reject,
        timer: undefined,
      };
      if (timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.#waiters.delete(waiter);
          reject(new StorageError('Timeout', '', `Too large resource version: ${revision}, current: ${current()}`));
        }, timeoutMs);
      }
      this.#waiters.add(waiter);
    });
  }

  /** Releases every waiter the cache now satisfies. */
  advance(revision: number): void {
    for (const waiter of this.#waiters) {
      if (waiter.revision > revision) continue;
      clearTimeout(waiter.timer);
      this.#waiters.delete(waiter);
      waiter.resolve();
    }
  }

  /** Rejects every waiter (the cache stopped). */
  rejectAll(error: unknown): void {
    for (const waiter of this.#waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
    this.#waiters.clear();
  }
}
