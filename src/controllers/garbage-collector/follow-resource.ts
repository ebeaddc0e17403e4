// Following one resource for the collector as an informer does: list, then watch from the list's revision.
// A relist after a failed watch tells which objects it still holds, so deletions missed meanwhile are seen
// (a plain restarted watch re-adds what exists but says nothing of what went).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Store } from '../../registry/store/index.js';

/** How long to wait before listing again after a watch failed. */
const RESTART_DELAY_MS = 500;

export interface FollowResourceOptions {
  signal: AbortSignal;
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** After each list: the uids it held (anything else of this resource is gone). */
  onRelisted(seen: ReadonlySet<string>): void;
  onWatching(watching: boolean): void;
  /** A list or watch failed (garbagecollector_controller_resources_sync_error_total). */
  onSyncError?(): void;
}

/** Follows `store` (all namespaces) until `signal` aborts. Never rejects. */
export async function followResource(store: Store, options: FollowResourceOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    try {
      const list = await store.list('', {});
      const seen = new Set<string>();
      for (const item of list.items) {
        seen.add(item.object.metadata.uid ?? '');
        options.onObject(item.object, 'ADDED');
      }
      options.onRelisted(seen);
      options.onWatching(true);
      for await (const event of store.watch('', { resourceVersion: String(list.revision), allowWatchBookmarks: false, signal })) {
        if (event.type !== 'BOOKMARK') options.onObject(event.item.object, event.type);
      }
    } catch (error) {
      if (!signal.aborted) options.onSyncError?.();
      if (!signal.aborted) console.error(`kplane: garbagecollector watch of ${store.def.resource}.${store.def.group} ended, restarting:`, error instanceof Error ? error.message : error);
    }
    options.onWatching(false);
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS).unref());
  }
}
