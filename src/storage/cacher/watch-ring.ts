// Recent events of one resource prefix, kept for a time window (1-conventions: 5 minutes of watch history)
// and a capacity cap, so that a client can resume a watch from any revision still covered.
import type { CacheEvent } from './cache-event.js';

/**
 * The newest events keep their encodings (frames shared by every watcher, cache-event.ts); older ones drop
 * them. Watchers write an event soon after it happens, so only one resuming from far back encodes it again;
 * kept for the whole ring, the frames were a second copy of the history (a Pod's metadata frame is 3.7 KB).
 */
export const ENCODED_EVENTS = 1024;

/** History of events in revision order, evicted by age and by count. */
export class WatchRing {
  #events: CacheEvent[] = [];
  #times: number[] = [];
  /** Index of the oldest live entry; the arrays are compacted when the dead head grows. */
  #head = 0;
  #oldestRevision = 0;

  constructor(
    readonly windowMs: number,
    readonly capacity: number,
  ) {}

  /** Number of events held. */
  get size(): number {
    return this.#events.length - this.#head;
  }

  /**
   * The oldest revision a watch may start from: every event after it is held. It is the revision of the last
   * evicted event, or the revision the history was reset at.
   */
  get oldestRevision(): number {
    return this.#oldestRevision;
  }

  /** Forgets all events: history now starts at `revision` (after a list). */
  reset(revision: number): void {
    this.#events = [];
    this.#times = [];
    this.#head = 0;
    this.#oldestRevision = revision;
  }

  /** Appends an event (revisions never decrease), then evicts what the cap no longer allows. */
  append(event: CacheEvent, now: number): void {
    this.#events.push(event);
    this.#times.push(now);
    const older = this.#events.length - 1 - ENCODED_EVENTS;
    if (older >= this.#head) (this.#events[older] as CacheEvent).releaseEncodings();
    this.evict(now);
  }

  /** Drops events older than the window, or beyond the capacity. */
  evict(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.size > 0 && (this.size > this.capacity || (this.#times[this.#head] as number) < cutoff)) {
      this.#oldestRevision = (this.#events[this.#head] as CacheEvent).revision;
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > this.#events.length) this.#compact();
  }

  /**
   * Events with revision strictly after `revision` (Kubernetes resourceVersion semantics), or undefined when
   * some of them were evicted (`revision` < oldestRevision).
   */
  since(revision: number): CacheEvent[] | undefined {
    if (revision < this.#oldestRevision) return undefined;
    let low = this.#head;
    let high = this.#events.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#events[mid] as CacheEvent).revision <= revision) low = mid + 1;
      else high = mid;
    }
    return this.#events.slice(low);
  }

  #compact(): void {
    this.#events = this.#events.slice(this.#head);
    this.#times = this.#times.slice(this.#head);
    this.#head = 0;
  }
}
