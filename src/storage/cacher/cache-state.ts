// The cache's data: current objects, event history and revision, changed only by backend batches and lists.
// Each change is decoded and serialized here, once, into one shared CacheEvent (the JSON is what is kept).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { KeyValue, WatchBatch, WatchEvent } from '../interface.js';
import { cachedObjectOf, cachedObjectOfSummary, withRevision, type CachedObject, type CachedSummary } from './cached-object.js';
import { cacheEvent, type CacheEvent } from './cache-event.js';
import { CacheStore } from './cache-store.js';
import type { WatchRing } from './watch-ring.js';

/** Decodes stored values; reports (and skips) values that do not decode. */
export interface Decoder {
  decode(kv: KeyValue): KubeObject;
  /** See CacherOptions.json. */
  json?(kv: KeyValue, decoded: KubeObject): string | undefined;
  /** See CacherOptions.summary. */
  summary?(kv: KeyValue): CachedSummary | undefined;
  reportError(error: unknown): void;
}

/** Objects, history and revision of one cache. */
export class CacheState {
  readonly store = new CacheStore();
  #revision = 0;

  constructor(
    readonly ring: WatchRing,
    readonly decoder: Decoder,
  ) {}

  /** The revision the state is current to. */
  get revision(): number {
    return this.#revision;
  }

  /** Replaces everything with a list taken at `revision`; history restarts there. */
  replace(kvs: readonly KeyValue[], revision: number): void {
    const objects: CachedObject[] = [];
    for (const kv of kvs) {
      const object = this.#decode(kv);
      if (object !== undefined) objects.push(object);
    }
    this.store.replace(objects);
    this.ring.reset(revision);
    this.#revision = revision;
  }

  /**
   * Applies a batch and records its events in the history; returns them for dispatch. Events at or below the
   * revision the cache already had are skipped (a resumed backend watch may repeat them).
   */
  apply(batch: WatchBatch, now: number): CacheEvent[] {
    const before = this.#revision;
    const events: CacheEvent[] = [];
    for (const change of batch.events) {
      if (revisionOf(change) <= before) continue;
      const event = change.type === 'PUT' ? this.#put(change.kv) : this.#delete(change.key, change.revision);
      if (event === undefined) continue;
      this.ring.append(event, now);
      events.push(event);
    }
    const last = batch.events[batch.events.length - 1];
    this.#revision = Math.max(before, batch.revision, last === undefined ? 0 : revisionOf(last));
    return events;
  }

  #put(kv: KeyValue): CacheEvent | undefined {
    const object = this.#decode(kv);
    // A value we cannot decode cannot be served: drop the key rather than serve its stale state.
    if (object === undefined) return this.#delete(kv.key, kv.modRevision);
    const prev = this.store.put(object);
    return cacheEvent(prev === undefined ? 'ADDED' : 'MODIFIED', object, prev);
  }

  #delete(key: string, revision: number): CacheEvent | undefined {
    const prev = this.store.delete(key);
    // Upstream reports a deletion as the last state stamped with the deletion's revision.
    return prev === undefined ? undefined : cacheEvent('DELETED', withRevision(prev, revision), prev);
  }

  #decode(kv: KeyValue): CachedObject | undefined {
    try {
      const summary = this.decoder.summary?.(kv);
      if (summary !== undefined) return cachedObjectOfSummary(kv.key, kv.modRevision, summary);
      const object = this.decoder.decode(kv);
      return cachedObjectOf(kv.key, kv.modRevision, object, this.decoder.json?.(kv, object));
    } catch (error) {
      this.decoder.reportError(new Error(`cannot decode ${kv.key} at revision ${kv.modRevision}`, { cause: error }));
      return undefined;
    }
  }
}

function revisionOf(change: WatchEvent): number {
  return change.type === 'PUT' ? change.kv.modRevision : change.revision;
}
