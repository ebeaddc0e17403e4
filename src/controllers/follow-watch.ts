// Watching a store for the life of a controller: a watch that ends (a cache relist, a too-slow watcher)
// is started again from scratch, which re-delivers every object as ADDED, so level-triggered
// controllers catch up with whatever they missed.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Store } from '../registry/store/index.js';

/** How long to wait before watching again after a watch failed. */
const RESTART_DELAY_MS = 500;

export interface FollowOptions {
  /** For log lines: `kplane: <name> controller watch ended`. */
  name: string;
  signal: AbortSignal;
  /** Called with each added, modified or deleted object. */
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** Whether the watch is open (for the controller's health check). */
  onWatching?(watching: boolean): void;
}

/** Follows `store` (all namespaces) until `signal` aborts. Never rejects. */
export async function followWatch(store: Store, options: FollowOptions): Promise<void> {
  const { signal } = options;
  while (!signal.aborted) {
    try {
      options.onWatching?.(true);
      for await (const event of store.watch('', { allowWatchBookmarks: false, signal })) {
        if (event.type !== 'BOOKMARK') options.onObject(event.item.object, event.type);
      }
    } catch (error) {
      options.onWatching?.(false);
      if (!signal.aborted) console.error(`kplane: ${options.name} controller watch ended, restarting:`, error instanceof Error ? error.message : error);
      await new Promise((resolve) => setTimeout(resolve, RESTART_DELAY_MS).unref());
    }
  }
}
