// All watches of one backend over one etcd watch: a single watcher on the WHOLE etcd key space, started
// from the earliest revision any consumer needs, whose events are split by consumer prefix.
//
// Why the whole key space (not only the backend's prefix): the contract's progress batches must advance a
// consumer to every revision `currentRevision()` can return, and that is etcd's global revision, which writes
// outside the prefix also advance (the `compact_rev_key` CAS of every compactor, other clusters sharing the
// etcd under another prefix). Since every etcd revision carries at least one event, a watcher on every key
// sees every revision: after each response, each consumer is current to its last event's revision, and a
// consumer whose prefix had none of those events gets an empty (progress) batch. No progress requests are
// needed (etcd 3.4's RequestProgress can overtake pending events). The cost is receiving the events of keys
// outside the prefix; only their key and revision are looked at.
//
// A consumer that needs revisions the watcher already passed restarts it (on a new stream) from there;
// consumers drop what they already have, so each gets every event exactly once, in order.
import type { WatchBatch, WatchEvent } from '../interface.js';
import { compacted, unavailable, type StorageError } from '../errors.js';
import { ALL_KEYS, int64, toKeyValue } from './etcd-client.js';
import type { CompactionTracker } from './compaction.js';
import { PendingBatches } from '../pending-batches.js';
import { EventType, type WatchEvent as EtcdEvent, type WatchResponse } from './grpc/etcd-proto.js';
import type { WatchStream, WatchStreamListener } from './grpc/watch-stream.js';
import { errorMessage } from '../../errors/error-message.js';

/** What the mux needs from the backend. */
export interface WatchMuxDeps {
  openStream(listener: WatchStreamListener): WatchStream;
  /** The first revision of a watch from "now" (`fromRevision` 0), see write-fence.ts. */
  firstRevisionAfterNow(): Promise<number>;
  tracker: CompactionTracker;
  /** Most events a consumer may have waiting before it fails with `Unavailable`. */
  bufferLimit: number;
}

interface Consumer {
  readonly prefix: string;
  /** The last revision handed to (or skipped for) this consumer. */
  position: number;
  readonly batches: PendingBatches;
}

/** One etcd event: its revision and key at once, the event itself decoded on first use. */
interface Received {
  readonly revision: number;
  readonly key: string;
  readonly raw: EtcdEvent;
  /** Undefined until decoded; null when its required prevKv was compacted away. */
  decoded?: WatchEvent | null;
}

const receive = (raw: EtcdEvent): Received => ({ revision: int64(raw.kv.mod_revision), key: raw.kv.key.toString('utf8'), raw });

/** The event of `received`, or null when etcd no longer had its previous value. */
function eventOf(received: Received): WatchEvent | null {
  if (received.decoded !== undefined) return received.decoded;
  const raw = received.raw;
  const kv = toKeyValue(raw.kv);
  const prevKv = raw.prev_kv ? toKeyValue(raw.prev_kv) : undefined;
  let event: WatchEvent | null;
  if (raw.type === EventType.Delete) event = prevKv ? { type: 'DELETE', key: kv.key, revision: kv.modRevision, prevKv } : null;
  // Version 1 is a creation, which has no previous value; a later version without one lost it.
  else if (prevKv === undefined) event = int64(raw.kv.version) > 1 ? null : { type: 'PUT', kv };
  else event = { type: 'PUT', kv, prevKv };
  received.decoded = event;
  return event;
}

/** The shared etcd watch and its consumers. */
export class WatchMux {
  readonly #deps: WatchMuxDeps;
  readonly #consumers = new Set<Consumer>();
  /** Bumped whenever the etcd watch is replaced or stopped; responses of older streams are ignored. */
  #generation = 0;
  #stream: WatchStream | undefined;
  #running = false;
  /** The last revision the etcd watch delivered (start revision - 1 before its first event). */
  #position = 0;
  #closed: StorageError | undefined;

  constructor(deps: WatchMuxDeps) {
    this.#deps = deps;
  }

  /** See `Backend.watch`. "Now" (`fromRevision` 0) is resolved at the call, not at the first `next()`. */
  watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
    const start = fromRevision > 0 || signal.aborted || this.#closed !== undefined
      ? Promise.resolve(fromRevision)
      : this.#deps.firstRevisionAfterNow();
    start.catch(() => undefined); // reported by the iterator; unobserved if it is never iterated
    return this.#consume(prefix, start, signal);
  }

  async *#consume(prefix: string, start: Promise<number>, signal: AbortSignal): AsyncGenerator<WatchBatch> {
    if (signal.aborted) return;
    if (this.#closed !== undefined) throw this.#closed;
    const from = await start;
    if (signal.aborted) return;
    if (this.#closed !== undefined) throw this.#closed;
    const oldest = this.#deps.tracker.compacted;
    if (from < oldest) throw compacted(from, oldest);
    const consumer: Consumer = { prefix, position: from - 1, batches: new PendingBatches() };
    const onAbort = (): void => consumer.batches.end();
    signal.addEventListener('abort', onAbort, { once: true });
    this.#join(consumer);
    try {
      yield* consumer.batches.drain();
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.#leave(consumer);
    }
  }

  /** Ends every consumer with `error`; later watches fail with it. */
  close(error: StorageError): void {
    this.#closed = error;
    for (const consumer of [...this.#consumers]) this.#fail(consumer, error);
    this.#stop();
  }

  #join(consumer: Consumer): void {
    this.#consumers.add(consumer);
    // Either nothing runs, or it already passed revisions this consumer needs: (re)start from its revision.
    if (!this.#running || consumer.position < this.#position) this.#start(consumer.position + 1);
  }

  #leave(consumer: Consumer): void {
    if (this.#consumers.delete(consumer) && this.#consumers.size === 0) this.#stop();
  }

  #fail(consumer: Consumer, error: StorageError): void {
    consumer.batches.fail(error);
    this.#leave(consumer);
  }

  /** Replaces the etcd watch with one from `from` on a fresh stream. */
  #start(from: number): void {
    this.#stop();
    const generation = this.#generation;
    this.#running = true;
    this.#position = from - 1;
    const current = (): boolean => generation === this.#generation;
    try {
      this.#stream = this.#deps.openStream({
        response: (response) => current() && this.#onResponse(response),
        error: (error) => current() && this.#broken(`etcd watch stream failed: ${error.message}`),
        end: () => current() && this.#broken('etcd watch stream ended'),
      });
    } catch (error) {
      // Reported as a stream failure would be: after the caller (a consumer joining) has returned.
      queueMicrotask(() => current() && this.#broken(`etcd watch could not start: ${errorMessage(error)}`));
      return;
    }
    this.#stream.write({ create_request: { key: ALL_KEYS, range_end: ALL_KEYS, start_revision: from, prev_kv: true } });
  }

  #stop(): void {
    this.#generation++;
    this.#running = false;
    const stream = this.#stream;
    this.#stream = undefined;
    stream?.close();
  }

  /** The stream failed: every consumer ends with `Unavailable` and resumes from its own revision. */
  #broken(message: string): void {
    const error = unavailable(message);
    for (const consumer of [...this.#consumers]) this.#fail(consumer, error);
    this.#stop();
  }

  #onResponse(response: WatchResponse): void {
    if (response.canceled) return this.#onCanceled(response);
    if (response.created) this.#progressAtCreation(int64(response.header?.revision));
    if (response.events.length === 0) return;
    this.#distribute(response.events.map(receive));
  }

  /** Hands every consumer the progress recorded for it (see PendingBatches.add). */
  requestProgress(): void {
    for (const consumer of this.#consumers) consumer.batches.flush();
  }

  /**
   * Every etcd revision but the first carries an event, so events alone prove progress, except for
   * revision 1 of a store nobody has written yet: a watch created there reports it as progress, or a
   * cache starting on an empty etcd would wait forever for the revision `currentRevision()` returned.
   */
  #progressAtCreation(revision: number): void {
    if (revision !== 1 || revision <= this.#position) return;
    for (const consumer of [...this.#consumers]) if (consumer.position < revision) this.#deliver(consumer, undefined, revision);
    this.#position = revision;
  }

  /** etcd cancels a watcher whose start revision was compacted (also while it catches up), or on errors. */
  #onCanceled(response: WatchResponse): void {
    const physical = int64(response.compact_revision);
    if (physical === 0) return this.#broken(`etcd canceled the watch: ${response.cancel_reason || 'no reason given'}`);
    this.#deps.tracker.learnPhysical(physical);
    const oldest = this.#deps.tracker.compacted;
    for (const consumer of [...this.#consumers]) {
      if (consumer.position + 1 < oldest) this.#fail(consumer, compacted(consumer.position + 1, oldest));
    }
    const remaining = [...this.#consumers];
    if (remaining.length > 0) this.#start(Math.min(...remaining.map((c) => c.position)) + 1);
  }

  /** Hands one response's events to every consumer; each ends current to the last event's revision. */
  #distribute(events: Received[]): void {
    const last = events.at(-1)?.revision ?? this.#position;
    for (const consumer of [...this.#consumers]) {
      if (last <= consumer.position) continue;
      const matched = this.#match(consumer, events);
      if (matched !== null) this.#deliver(consumer, matched, last);
    }
    this.#position = Math.max(this.#position, last);
  }

  /** The events for `consumer`; null (and the consumer failed) when one of them lost its previous value. */
  #match(consumer: Consumer, events: Received[]): WatchEvent[] | undefined | null {
    let matched: WatchEvent[] | undefined;
    for (const received of events) {
      if (received.revision <= consumer.position || !received.key.startsWith(consumer.prefix)) continue;
      const event = eventOf(received);
      if (event === null) {
        // etcd was compacted past this event's previous value, by a compaction we had not heard of.
        this.#deps.tracker.learnPhysical(received.revision);
        this.#fail(consumer, compacted(consumer.position + 1, received.revision + 1));
        return null;
      }
      (matched ??= []).push(event);
    }
    return matched;
  }

  #deliver(consumer: Consumer, matched: WatchEvent[] | undefined, revision: number): void {
    consumer.position = revision;
    if (!consumer.batches.add(matched, revision, this.#deps.bufferLimit)) {
      this.#fail(consumer, unavailable(`watcher on ${consumer.prefix} fell behind: more than ${this.#deps.bufferLimit} events buffered`));
    }
  }
}
