// Recent events of one resource prefix, kept for a time window (1-conventions: 5 minutes of watch history)
// and a capacity cap, so that a client can resume a watch from any revision still covered.
import type { CacheEvent } from './cache-event.js';

/**
 * Events keep their encodings (frames shared by every watcher, cache-event.ts) while they are among the newest
 * ENCODED_EVENTS or a watcher has yet to hand them over; older ones drop them, and a watch resuming from far back
 * encodes those again. Kept for the whole ring, the frames were a second copy of the history (a Pod's metadata
 * frame is 3.7 KB).
 */
export const ENCODED_EVENTS = 1024;

/** History of events in revision order, evicted by age and by count. */
export class WatchRing {
  #events: CacheEvent[] = [];
  #times: number[] = [];
  /** Index of the oldest live entry; the arrays are compacted when the dead head grows. */
  #head = 0;
  /** Index of the oldest event that may still keep its encodings. */
  #encodedFrom = 0;
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
    this.#encodedFrom = 0;
    this.#oldestRevision = revision;
  }

  /** Appends an event (revisions never decrease), then evicts what the cap no longer allows. */
  append(event: CacheEvent, now: number): void {
    this.#events.push(event);
    this.#times.push(now);
    this.evict(now);
  }

  /**
   * Drops the encodings of events older than the newest ENCODED_EVENTS and than `pendingFrom()`, the oldest
   * revision a watcher has yet to hand over (called after each batch is dispatched; asked only when some event
   * is past the newest).
   */
  releaseEncodings(pendingFrom: () => number): void {
    const end = this.#events.length - ENCODED_EVENTS;
    let at = Math.max(this.#encodedFrom, this.#head);
    if (at >= end) return;
    const pending = pendingFrom();
    for (; at < end; at++) {
      const event = this.#events[at] as CacheEvent;
      if (event.revision >= pending) break;
      event.releaseEncodings();
    }
    this.#encodedFrom = at;
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
    this.#encodedFrom = Math.max(0, this.#encodedFrom - this.#head);
    this.#head = 0;
  }
}
