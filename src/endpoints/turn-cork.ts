// Writes of one turn of the event loop leave in one system call. A storage batch (a group commit of many
// creates) wakes every watcher once; each watch frame written alone was a write of its own, and for an
// in-process client (the controllers' loopback) a read and a wake-up of its own as well.
import type { ApiResponse } from './context.js';

/** Corks a response at its first write of a turn and uncorks it once the turn's work is done. */
export class TurnCork {
  #corked = false;

  constructor(private readonly res: Pick<ApiResponse, 'cork' | 'uncork'>) {}

  /** Call before each write; a response without cork (HTTP/2's compatibility response) writes as it goes. */
  cork(): void {
    const { res } = this;
    if (this.#corked || res.cork === undefined) return;
    this.#corked = true;
    res.cork();
    // nextTick runs after the microtasks of this turn: every event the batch woke has been written by then.
    process.nextTick(() => {
      this.#corked = false;
      res.uncork?.();
    });
  }
}
