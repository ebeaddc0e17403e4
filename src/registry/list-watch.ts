// Following one resource as client-go's reflector does: list, then watch from the list's revision; when the
// watch ends (a cache relist, a too-slow watcher, storage unavailable) list again after a pause. A relist
// hands over everything that exists, so a reader also learns what was deleted meanwhile. The informer and
// the garbage collector follow their resources through it.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Store } from './store/index.js';

/** How long to wait before listing again after a list or watch failed. */
const RESTART_DELAY_MS = 500;

export interface ListWatchHandlers {
  signal: AbortSignal;
  /** Who follows, for the log line of a failure (`kplane: <who> of configmaps. ended, relisting: ...`). */
  who: string;
  /** Every object of a (re)list. */
  onList(objects: readonly Readonly<KubeObject>[]): void;
  onEvent(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** True once a list is delivered and the watch opens; false when it ends. */
  onWatching?(watching: boolean): void;
  /** A list or watch failed. */
  onError?(): void;
}

/** Follows `store` (all namespaces) until `signal` aborts. Never rejects. */
export async function listThenWatch(store: Store, h: ListWatchHandlers): Promise<void> {
  const { signal } = h;
  while (!signal.aborted) {
    try {
      const list = await store.list('', {});
      h.onList(list.items.map((item) => item.object));
      h.onWatching?.(true);
      for await (const event of store.watch('', { resourceVersion: String(list.revision), allowWatchBookmarks: false, signal })) {
        if (event.type !== 'BOOKMARK') h.onEvent(event.item.object, event.type);
      }
    } catch (error) {
      if (!signal.aborted) {
        h.onError?.();
        console.error(`kplane: ${h.who} of ${store.def.resource}.${store.def.group} ended, relisting:`, error instanceof Error ? error.message : error);
      }
    }
    h.onWatching?.(false);
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS).unref());
  }
}
