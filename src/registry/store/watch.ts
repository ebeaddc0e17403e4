// Watch (1-conventions: watch): served by the watch cache. resourceVersion unset = synthetic ADDED for
// the current state, then changes; 0 = the same from whatever the cache holds; N = changes after N.
import { expired, type GroupResource } from '../../errors/status-error.js';
import { toStatusFromStorage } from '../storage-errors.js';
import { isStorageError } from '../../storage/errors.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { CacheEvent } from '../../storage/cacher/index.js';
import { ensureFresh, parseResourceVersion } from './read.js';
import type { Predicate } from './predicate.js';
import type { StorageResource, StoreWatchEvent, StoredItem } from './types.js';

export async function* watchItems(
  storage: StorageResource,
  keyPrefix: string,
  resourceVersion: string | undefined,
  predicate: Predicate | undefined,
  options: { bookmarks: boolean; signal: AbortSignal; view?: (obj: Readonly<KubeObject>) => KubeObject; viewName: string; groupResource: GroupResource },
): AsyncGenerator<StoreWatchEvent> {
  const rv = parseResourceVersion(resourceVersion);
  const initialEvents = rv === undefined || rv === 0;
  const fromRevision = initialEvents ? storage.cacher.revision : (rv ?? 0);
  try {
    if (rv === undefined) await ensureFresh(storage, undefined);
    // The cache refuses a too-old start at once (synchronously) and a relist gap later: both are 410.
    const iterator = storage.cacher.watch({
      keyPrefix,
      fromRevision,
      initialEvents,
      predicate,
      bookmarks: options.bookmarks,
      signal: options.signal,
    });
    for await (const item of iterator) {
      if (item.type === 'BOOKMARK') yield item;
      else yield toStoreEvent(item, options.view, options.viewName);
    }
  } catch (error) {
    // Translated here rather than by an extra generator layer around every watcher's stream.
    if (isStorageError(error, 'Compacted')) throw expired(`too old resource version: ${rv ?? 0} (${storage.cacher.oldestRevision})`);
    throw toStatusFromStorage(error, options.groupResource, '');
  }
}

function toStoreEvent(event: CacheEvent, view: ((obj: Readonly<KubeObject>) => KubeObject) | undefined, viewName: string): StoreWatchEvent {
  // Conversion to another served version happens once per event, shared by every watcher.
  const item: StoredItem = view ? event.encoded(`view:${viewName}`, () => ({ object: view(event.object.object) })) : event.object;
  return { type: event.type, revision: event.revision, item, encoded: (format, encode) => event.encoded(`${viewName}:${format}`, encode) };
}
