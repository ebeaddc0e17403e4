// Watch events as the cache fans them out: one shared, immutable event per change, whose encodings are
// memoized so that N watchers cost one serialization, not N (ARCHITECTURE §3).
import { withRevision, type CachedObject } from './cached-object.js';

/** The event types a cache produces; `BOOKMARK` is a separate watch item. */
export type CacheEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One change, shared by every watcher that sees it. */
export interface CacheEvent {
  readonly type: CacheEventType;
  /** The revision of the change (for synthetic initial `ADDED`: the object's own revision). */
  readonly revision: number;
  /** The new state; for `DELETED` the last state stamped with the deletion revision (as upstream). */
  readonly object: CachedObject;
  /** The state before the change, when there was one. */
  readonly prevObject?: CachedObject;
  /** Memo shared by all watchers: each encoding of this event is produced once, not once per watcher. */
  encoded<T>(format: string, encode: () => T): T;
  /** Drops the memo: later encodings are made when asked for and not kept (an event no watcher is near). */
  releaseEncodings(): void;
}

/** A bookmark: every change up to `revision` has been sent (1-conventions: watch bookmarks). */
export interface BookmarkItem {
  readonly type: 'BOOKMARK';
  readonly revision: number;
}

/** What a cache watch yields. */
export type WatchItem = CacheEvent | BookmarkItem;

/** A filter over cached objects (label and field selectors). */
export type ObjectPredicate = (object: CachedObject) => boolean;

class SharedEvent implements CacheEvent {
  #encodings: Map<string, unknown> | undefined;
  #released = false;
  #asAdded: SharedEvent | undefined;
  #asDeleted: SharedEvent | undefined;

  constructor(
    readonly type: CacheEventType,
    readonly revision: number,
    readonly object: CachedObject,
    readonly prevObject?: CachedObject,
  ) {}

  encoded<T>(format: string, encode: () => T): T {
    if (this.#released) return encode();
    this.#encodings ??= new Map();
    if (this.#encodings.has(format)) return this.#encodings.get(format) as T;
    const value = encode();
    this.#encodings.set(format, value);
    return value;
  }

  releaseEncodings(): void {
    this.#released = true;
    this.#encodings = undefined;
    this.#asAdded?.releaseEncodings();
    this.#asDeleted?.releaseEncodings();
  }

  /** This MODIFIED seen by a watcher whose filter the old state failed: an ADDED, shared by such watchers. */
  asAdded(): SharedEvent {
    return (this.#asAdded ??= this.#derived(new SharedEvent('ADDED', this.revision, this.object, this.prevObject)));
  }

  /** This MODIFIED seen by a watcher whose filter the new state fails: a DELETED of the old state. */
  asDeleted(prev: CachedObject): SharedEvent {
    return (this.#asDeleted ??= this.#derived(new SharedEvent('DELETED', this.revision, withRevision(prev, this.revision), prev)));
  }

  /** A derived event keeps no encodings once this one keeps none. */
  #derived(event: SharedEvent): SharedEvent {
    if (this.#released) event.releaseEncodings();
    return event;
  }
}

/** An event for a write; `object` for DELETED must already carry the deletion revision. */
export function cacheEvent(type: CacheEventType, object: CachedObject, prevObject?: CachedObject): CacheEvent {
  return new SharedEvent(type, object.revision, object, prevObject);
}

const initialEvents = new WeakMap<CachedObject, CacheEvent>();

/** The synthetic ADDED that starts a watch with initial events; shared while the object is current. */
export function initialEventFor(object: CachedObject): CacheEvent {
  let event = initialEvents.get(object);
  if (event === undefined) {
    event = new SharedEvent('ADDED', object.revision, object);
    initialEvents.set(object, event);
  }
  return event;
}

/**
 * The event a watcher with `predicate` sees, or undefined when it is not interested. As upstream's
 * cacheWatcher: a MODIFIED entering the filter becomes ADDED, one leaving it becomes DELETED of the old state.
 */
export function eventForFilter(event: CacheEvent, predicate: ObjectPredicate | undefined): CacheEvent | undefined {
  if (predicate === undefined) return event;
  const prev = event.prevObject;
  if (event.type === 'DELETED') return prev === undefined || predicate(prev) ? event : undefined;
  const currentPasses = predicate(event.object);
  const prevPasses = event.type === 'MODIFIED' && prev !== undefined && predicate(prev);
  if (currentPasses) return prevPasses || event.type === 'ADDED' ? event : asShared(event).asAdded();
  if (!prevPasses || prev === undefined) return undefined;
  return asShared(event).asDeleted(prev);
}

function asShared(event: CacheEvent): SharedEvent {
  if (event instanceof SharedEvent) return event;
  throw new TypeError('cache events must be created by cacheEvent()');
}
