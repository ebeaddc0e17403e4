// The queues of one Limited priority level (k8s.io/apiserver pkg/util/flowcontrol/fairqueuing/queueset,
// 1.25): a request takes `seats` of the level's concurrency limit while it executes. When none are free it
// waits in one of its flow's queues (shuffle sharding picks the hand; the shortest queue of the hand takes it)
// or, for a level whose limitResponse is Reject, is refused at once. Queues are served by fair queuing in
// virtual time R, seat-seconds: the queue whose oldest request would finish first in R goes next, each dispatch
// charges seats × G (G the estimated service time) and each finish corrects that by the actual time.
import { dealHand } from './shuffle-sharding.js';

/** How a Limited level queues; absent for limitResponse Reject. */
export interface QueuingConfig {
  readonly queues: number;
  readonly handSize: number;
  readonly queueLengthLimit: number;
}

export interface QueueSetConfig {
  /** The level's nominal concurrency limit, in seats. */
  readonly concurrencyLimit: number;
  readonly queuing?: QueuingConfig;
}

/** upstream's rejection reasons (the `reason` label of apiserver_flowcontrol_rejected_requests_total). */
export type RejectReason = 'queue-full' | 'concurrency-limit' | 'time-out' | 'cancelled';

/** A request's outcome: executing (call `finish` once done) or refused. `waitedMs`: time spent in a queue. */
export type Admission = { readonly executing: true; readonly waitedMs: number; finish(): void } | { readonly executing: false; readonly waitedMs: number; readonly reason: RejectReason };

/** How many flows' hands a level keeps dealt. */
const MAX_CACHED_HANDS = 4096;

/** upstream queueset's estimatedServiceDuration G: what a dispatch charges in R per seat, corrected at finish. */
const ESTIMATED_SERVICE_SECONDS = 0.003;

interface Waiting {
  readonly seats: number;
  readonly queue: Queue;
  readonly enqueuedAt: number;
  decide(admission: Admission): void;
}

class Queue {
  readonly requests: Waiting[] = [];
  /** The seats of the requests waiting here. */
  waitingSeats = 0;
  seatsInUse = 0;
  requestsExecuting = 0;
  /** R at which this queue's next request may start. */
  nextDispatchR = 0;
  get idle(): boolean {
    return this.requests.length === 0 && this.requestsExecuting === 0;
  }
}

export class QueueSet {
  #config: QueueSetConfig;
  #queues: Queue[] = [];
  #seatsInUse = 0;
  #requestsExecuting = 0;
  #waiting = 0;
  #currentR = 0;
  #lastRealTime = performance.now();
  #robinIndex = -1;
  /** Requests shuffle-sharded so far: the offset the next one visits its hand from. */
  #enqueues = 0;
  /** Queues with requests waiting or executing, and the seats they use or wait for: R's rate, kept as they change. */
  #activeQueues = 0;
  #seatsWanted = 0;
  /** Each flow's hand of queues (the hash is per flow; the dealing need not be redone per request). */
  #hands = new Map<bigint, number[]>();

  constructor(config: QueueSetConfig, private readonly now: () => number = () => performance.now()) {
    this.#config = config;
    this.#lastRealTime = now();
    this.#resize();
  }

  get config(): QueueSetConfig {
    return this.#config;
  }

  /** Requests waiting, requests executing and seats in use (metrics, debug dumps). */
  get waiting(): number {
    return this.#waiting;
  }
  get executing(): number {
    return this.#requestsExecuting;
  }
  get seatsInUse(): number {
    return this.#seatsInUse;
  }
  /** Nothing waiting or executing: a level that left the configuration can go. */
  get idle(): boolean {
    return this.#waiting === 0 && this.#requestsExecuting === 0;
  }

  /** A new configuration of the level: queues are added; extra ones drain, unused by new requests (upstream setConfiguration). */
  setConfig(config: QueueSetConfig): void {
    this.#config = config;
    this.#hands.clear();
    this.#resize();
    this.#dispatchAsMuchAsPossible();
  }

  /**
   * Admits a request of `seats` for the flow hashed to `hash`: at once, after waiting (at most `waitLimitMs`,
   * or until the request's `signal` aborts; asked for only if it waits), or not at all (upstream queueSet.StartRequest).
   */
  start(hash: bigint, seats: number, waitLimitMs: number, signal?: () => AbortSignal): Admission | Promise<Admission> {
    const now = this.now();
    this.#syncTime(now);
    const queuing = this.#config.queuing;
    if (!queuing || queuing.queues === 0) {
      // Reject: execute if it fits, else refuse (upstream dispatchSansQueueLocked).
      if (!this.#canAccommodate(seats)) return { executing: false, waitedMs: 0, reason: 'concurrency-limit' };
      return this.#execute(undefined, seats, 0, now);
    }
    const queue = this.#chooseQueue(hash, queuing);
    if (queue.requests.length >= queuing.queueLengthLimit) return { executing: false, waitedMs: 0, reason: 'queue-full' };
    // A queue that becomes active starts at the current virtual time.
    if (queue.idle) {
      queue.nextDispatchR = this.#currentR;
      this.#activeQueues++;
    }
    // Nothing waits and it fits: dispatched at once, as enqueueing then dispatching would (no promise to wait on).
    if (this.#waiting === 0 && this.#canAccommodate(seats)) {
      queue.nextDispatchR += seats * ESTIMATED_SERVICE_SECONDS;
      return this.#execute(queue, seats, 0, now);
    }
    return new Promise<Admission>((resolve) => {
      const enqueuedAt = now;
      const wait: { timer?: NodeJS.Timeout; aborts?: AbortSignal } = {};
      const onAbort = (): void => this.#abandon(request, 'cancelled');
      const request: Waiting = {
        seats, queue, enqueuedAt,
        decide: (admission) => {
          clearTimeout(wait.timer);
          wait.aborts?.removeEventListener('abort', onAbort);
          resolve(admission);
        },
      };
      queue.requests.push(request);
      queue.waitingSeats += seats;
      this.#seatsWanted += seats;
      this.#waiting++;
      this.#dispatchAsMuchAsPossible();
      if (!queue.requests.includes(request)) return; // dispatched at once
      wait.timer = setTimeout(() => this.#abandon(request, 'time-out'), waitLimitMs);
      // The request's signal only now: made on first use, it costs more than a short request (handler-chain.ts).
      wait.aborts = signal?.();
      if (wait.aborts?.aborted) this.#abandon(request, 'cancelled');
      else wait.aborts?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** upstream shuffleShardLocked: of the hand the flow is dealt, the queue with the least work waiting. */
  #chooseQueue(hash: bigint, queuing: QueuingConfig): Queue {
    let hand = this.#hands.get(hash);
    if (!hand) {
      // Bounded: flows come and go (one per user under ByUser).
      if (this.#hands.size >= MAX_CACHED_HANDS) this.#hands.clear();
      this.#hands.set(hash, (hand = dealHand(hash, queuing.queues, Math.min(queuing.handSize, queuing.queues))));
    }
    // The hand is visited from a rotating offset, so that flows with overlapping hands do not favour its first cards.
    const offset = this.#enqueues++ % hand.length;
    let best: Queue | undefined;
    let bestWork = Infinity;
    for (let i = 0; i < hand.length; i++) {
      const queue = this.#queues[hand[(offset + i) % hand.length]!]!;
      // The work waiting in the queue (upstream's TotalWorkSum: seats × G per request, so its seats).
      if (queue.waitingSeats < bestWork) {
        best = queue;
        bestWork = queue.waitingSeats;
      }
    }
    return best!;
  }

  /** A waiting request gives up: removed from its queue and refused. */
  #abandon(request: Waiting, reason: RejectReason): void {
    const at = request.queue.requests.indexOf(request);
    if (at < 0) return;
    request.queue.requests.splice(at, 1);
    request.queue.waitingSeats -= request.seats;
    this.#seatsWanted -= request.seats;
    this.#waiting--;
    if (request.queue.idle) this.#activeQueues--;
    request.decide({ executing: false, waitedMs: this.now() - request.enqueuedAt, reason });
    this.#trimQueues();
  }

  /** upstream canAccommodateSeatsLocked: a request wider than the limit runs only when nothing else does. */
  #canAccommodate(seats: number): boolean {
    if (seats > this.#config.concurrencyLimit) return this.#requestsExecuting === 0;
    return this.#seatsInUse + seats <= this.#config.concurrencyLimit;
  }

  #dispatchAsMuchAsPossible(): void {
    if (this.#waiting === 0) return;
    const now = this.now();
    this.#syncTime(now);
    for (;;) {
      const queue = this.#findDispatchQueue();
      const request = queue?.requests[0];
      if (!queue || !request || !this.#canAccommodate(request.seats)) return;
      queue.requests.shift();
      queue.waitingSeats -= request.seats;
      this.#seatsWanted -= request.seats;
      this.#waiting--;
      queue.nextDispatchR += request.seats * ESTIMATED_SERVICE_SECONDS;
      request.decide(this.#execute(queue, request.seats, now - request.enqueuedAt, now));
    }
  }

  /** upstream findDispatchQueueLocked: round robin from the last pick, the queue whose oldest request would finish first in R. */
  #findDispatchQueue(): Queue | undefined {
    const count = this.#queues.length;
    let best: Queue | undefined;
    let bestIndex = this.#robinIndex;
    let bestFinish = Infinity;
    for (let step = 1; step <= count; step++) {
      const index = (this.#robinIndex + step) % count;
      const queue = this.#queues[index]!;
      const oldest = queue.requests[0];
      if (!oldest) continue;
      const finish = queue.nextDispatchR + oldest.seats * ESTIMATED_SERVICE_SECONDS;
      if (finish < bestFinish) {
        best = queue;
        bestIndex = index;
        bestFinish = finish;
      }
    }
    if (best) this.#robinIndex = bestIndex;
    return best;
  }

  #execute(queue: Queue | undefined, seats: number, waitedMs: number, startedAt: number): Admission {
    this.#seatsInUse += seats;
    this.#requestsExecuting++;
    if (queue) {
      queue.seatsInUse += seats;
      queue.requestsExecuting++;
      this.#seatsWanted += seats;
    }
    let finished = false;
    return {
      executing: true,
      waitedMs,
      finish: () => {
        if (finished) return;
        finished = true;
        const now = this.now();
        this.#syncTime(now);
        this.#seatsInUse -= seats;
        this.#requestsExecuting--;
        if (queue) {
          queue.seatsInUse -= seats;
          queue.requestsExecuting--;
          this.#seatsWanted -= seats;
          if (queue.idle) this.#activeQueues--;
          // The charge was seats × G; the request actually took seats × S (upstream finishRequestLocked).
          const actualSeconds = (now - startedAt) / 1000;
          queue.nextDispatchR -= seats * (ESTIMATED_SERVICE_SECONDS - actualSeconds);
        }
        this.#dispatchAsMuchAsPossible();
        this.#trimQueues();
      },
    };
  }

  /** upstream syncTimeLocked: R advances at min(seats wanted, limit) / active queues per second. */
  #syncTime(now: number): void {
    const elapsedSeconds = (now - this.#lastRealTime) / 1000;
    this.#lastRealTime = now;
    if (elapsedSeconds <= 0 || this.#activeQueues === 0) return;
    this.#currentR += (elapsedSeconds * Math.min(this.#seatsWanted, this.#config.concurrencyLimit)) / this.#activeQueues;
  }

  #resize(): void {
    const wanted = this.#config.queuing?.queues ?? 0;
    while (this.#queues.length < wanted) this.#queues.push(new Queue());
    this.#trimQueues();
  }

  /** Queues past the configured count go once they are idle. */
  #trimQueues(): void {
    const wanted = this.#config.queuing?.queues ?? 0;
    while (this.#queues.length > wanted && this.#queues.at(-1)!.idle) this.#queues.pop();
  }
}
