// A controller made of watches that queue keys and a reconcile of one key (client-go's informer, event
// handlers and worker, in the small): each watch is followed for the controller's life (a restarted watch
// re-delivers every object, so a level-triggered reconcile catches up), and the health check fails while
// any watch is down.
import type { KubeObject } from '../apis/meta/v1/types.js';
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';
import type { Controller } from './controller.js';
import { followWatch } from './follow-watch.js';
import { WorkQueue } from './work-queue.js';

/** One watched store and what its events queue. */
export interface QueueWatch {
  readonly store: Store;
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED', queue: WorkQueue): void;
}

/** A controller named `name` running `reconcile` for every key its watches queue. */
export function queueController(name: string, watches: readonly QueueWatch[], reconcile: (key: string, queue: WorkQueue) => Promise<void>): Controller {
  const abort = new AbortController();
  const queue: WorkQueue = new WorkQueue((key) => reconcile(key, queue));
  const watching = new Map<QueueWatch, boolean>();
  return {
    name,
    async start() {
      for (const watch of watches) {
        watching.set(watch, true);
        void followWatch(watch.store, { name, signal: abort.signal, onWatching: (w) => watching.set(watch, w), onObject: (obj, type) => watch.onObject(obj, type, queue) });
      }
    },
    stop() {
      abort.abort();
      queue.stop();
      watching.clear();
    },
    check() {
      if (watching.size === 0 || [...watching.values()].includes(false)) throw new Error(`${name} controller is not watching`);
    },
  };
}

export { getIfExists } from '../registry/store/index.js';

/** Whether a write failed because the object or namespace is gone or going (nothing to retry). */
export function isGoneOrTerminating(error: unknown): boolean {
  return isStatusError(error) && (error.code === 404 || (error.code === 403 && /because it is being terminated|not found/.test(error.message)));
}

/** An active namespace: not being deleted. */
export const isActiveNamespace = (ns: Readonly<KubeObject> | undefined): boolean =>
  ns !== undefined && !ns.metadata.deletionTimestamp && ((ns['status'] as { phase?: string } | undefined)?.phase ?? 'Active') === 'Active';
