// HTTP/1 responses finished in the turn of the event loop that read their requests leave together, in
// that turn's check phase, instead of one by one between the reads.
//
// Under load one turn's poll phase reads many requests; a GET is answered within its read's callback, so
// each response was written (one TLS record, one system call) between two reads. Written after the turn's
// reads instead, a GET cost ~40% less CPU in kplane (a minimal node:https server, ~28 against ~36 µs).
// Responses finished later (after a group commit, which runs in the check phase, or after any wait) are
// written at once: they already leave together, and holding them for another turn cost creates ~5-10%.
// HTTP/2 responses are not held: the session already writes what one read produced in one write, and
// since `writeHead` sends HEADERS at once, holding the end only split a response into two writes.
import type { ApiResponse, RequestContext } from './context.js';

/**
 * The ends held until the current turn's check phase. A turn "opens" when its first request starts
 * (`requestStarted`, which schedules the flush ahead of anything those requests schedule, such as the
 * group commit); while a turn is open, finished HTTP/1 responses join the batch. A request that starts
 * in the check phase after the flush (a pipelined request resumed by a write's 'drain') opens the next
 * turn early, and answers finished meanwhile wait one turn: rare, and nothing waits longer.
 */
export class ResponseBatch {
  #open = false;
  #responses: ApiResponse[] = [];
  #bodies: Array<string | Uint8Array | undefined> = [];

  /** Called as each request starts; opens the turn if it is not open. */
  requestStarted(): void {
    if (this.#open) return;
    this.#open = true;
    setImmediate(this.#flush);
  }

  /** Ends the response with `body` now, or with the turn's batch while a turn is open (HTTP/1 only). */
  end(ctx: Pick<RequestContext, 'req' | 'res'>, body: string | Uint8Array | undefined): void {
    if (!this.#open || ctx.req.httpVersionMajor !== 1) {
      ctx.res.end(body);
      return;
    }
    this.#responses.push(ctx.res);
    this.#bodies.push(body);
  }

  readonly #flush = (): void => {
    this.#open = false;
    const responses = this.#responses;
    const bodies = this.#bodies;
    if (responses.length === 0) return;
    this.#responses = [];
    this.#bodies = [];
    for (let i = 0; i < responses.length; i++) {
      try {
        (responses[i] as ApiResponse).end(bodies[i]);
      } catch (error) {
        // Node ends a response to a closed client without throwing; a throw is a bug, and the rest of the
        // batch must still end.
        console.error('kplane: ending a response failed:', error instanceof Error ? error.message : error);
      }
    }
  };
}

/** One per process: the batch follows the event loop, which every server in the process shares. */
export const responseBatch = new ResponseBatch();
