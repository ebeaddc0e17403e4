// Watch (1-conventions: watch): served by the watch cache. resourceVersion unset = synthetic ADDED for
// the current state, then changes; 0 = the same from whatever the cache holds; N = changes after N.
// Events come in batches: all that are ready when the consumer asks (a group commit's, an initial list's), so
// that a watch answer writes them at once, as upstream's watch server flushes only when its channel is empty.
import { expired, type GroupResource } from '../../errors/status-error.js';
import { toStatusFromStorage } from '../storage-errors.js';
import { isStorageError } from '../../storage/errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { CacheEvent, CacheWatch, WatchItem } from '../../storage/cacher/index.js';
import { ensureFresh, parseResourceVersion } from './read.js';
import type { Predicate } from './predicate.js';
import type { StorageResource, StoreWatchBatch, StoreWatchEvent, StoredItem } from './types.js';

/** Most events in one batch: a bound on one write of a watch answer. */
const MAX_BATCH = 500;

export async function* watchItems(
  storage: StorageResource,
  keyPrefix: string,
  resourceVersion: string | undefined,
  predicate: Predicate | undefined,
  options: { bookmarks: boolean; deadline?: number; signal: AbortSignal; view?: (obj: Readonly<KubeObject>) => KubeObject; viewName: string; groupResource: GroupResource },
): AsyncGenerator<StoreWatchBatch> {
  const rv = parseResourceVersion(resourceVersion);
  const initialEvents = rv === undefined || rv === 0;
  const fromRevision = initialEvents ? storage.cacher.revision : (rv ?? 0);
  let iterator: CacheWatch | undefined;
  try {
    if (rv === undefined) await ensureFresh(storage, undefined);
    // The cache refuses a too-old start at once (synchronously) and a relist gap later: both are 410.
    iterator = storage.cacher.watch({
      keyPrefix,
      fromRevision,
      initialEvents,
      predicate,
      bookmarks: options.bookmarks,
      ...(options.deadline === undefined ? {} : { deadline: options.deadline }),
      signal: options.signal,
    });
    const eventOf = (item: WatchItem): StoreWatchEvent => (item.type === 'BOOKMARK' ? item : toStoreEvent(item, options.view, options.viewName));
    for (;;) {
      const first = await iterator.next();
      if (first.done) return;
      const batch: StoreWatchEvent[] = [];
      // An event that fails to convert ends the watch after the events before it, as one by one.
      let failure: { error: unknown } | undefined;
      let item: WatchItem | undefined = first.value;
      while (item !== undefined) {
        try {
          batch.push(eventOf(item));
        } catch (error) {
          failure = { error };
          break;
        }
        item = batch.length < MAX_BATCH ? iterator.takeReady() : undefined;
      }
      if (batch.length > 0) yield batch;
      if (failure) throw failure.error;
    }
  } catch (error) {
    // Translated here rather than by an extra generator layer around every watcher's stream.
    if (isStorageError(error, 'Compacted')) throw expired(`too old resource version: ${rv ?? 0} (${storage.cacher.oldestRevision})`);
    throw toStatusFromStorage(error, options.groupResource, '');
  } finally {
    // A consumer that stops early (break, return) ends the cache's watcher with it.
    void iterator?.return();
  }
}

function toStoreEvent(event: CacheEvent, view: ((obj: Readonly<KubeObject>) => KubeObject) | undefined, viewName: string): StoreWatchEvent {
  // Conversion to another served version happens once per event, shared by every watcher.
  const item: StoredItem = view ? event.encoded(`view:${viewName}`, () => ({ object: view(event.object.object) })) : event.object;
  return { type: event.type, revision: event.revision, item, encoded: (format, encode) => event.encoded(`${viewName}:${format}`, encode) };
}
