// A controller made of informers that queue keys and a reconcile of one key (client-go's informers, event
// handlers and worker, in the small): each informer is one of the process's shared informers, whose relist
// after a failed watch re-delivers what changed, so a level-triggered reconcile catches up; the health check
// fails while any of its watches is down. Reads go to the informers' caches (upstream's listers), writes
// through the controller's own client.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Informer } from '../client/informer.js';
import type { ResourceClient, ResourceRef } from '../client/resource-client.js';
import type { Controller } from './controller.js';
import type { ControllerContext } from './controller-context.js';
import { WorkQueue } from './work-queue.js';

/** One informer and what its events queue. */
export interface QueueWatch {
  readonly informer: Informer;
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED', queue: WorkQueue): void;
}

/** What a controller does besides following its informers: keys of its own at start (a full sync, a timer), undone at stop. */
export interface QueueLifecycle {
  start?(queue: WorkQueue): void;
  stop?(): void;
}

/** A controller named `name` running `reconcile` for every key its informers (and `lifecycle`) queue. */
export function queueController(
  name: string, watches: readonly QueueWatch[], reconcile: (key: string, queue: WorkQueue) => Promise<void>, lifecycle: QueueLifecycle = {},
): Controller {
  const queue: WorkQueue = new WorkQueue((key) => reconcile(key, queue));
  let running = false;
  return {
    name,
    async start() {
      running = true;
      lifecycle.start?.(queue);
      // An informer keeps its handlers: after stop they do nothing (the queue takes no more keys).
      for (const { informer, onObject } of watches) {
        informer.addHandlers({
          onAdd: (object) => onObject(object, 'ADDED', queue),
          onUpdate: (_old, object) => onObject(object, 'MODIFIED', queue),
          onDelete: (object) => onObject(object, 'DELETED', queue),
        });
      }
    },
    stop() {
      lifecycle.stop?.();
      queue.stop();
      running = false;
    },
    check() {
      if (!running || watches.some(({ informer }) => informer.hasSynced && !informer.watching)) throw new Error(`${name} controller is not watching`);
    },
  };
}

/** A resource as a controller follows it: the shared informer it reads, the client it writes with. */
export interface Followed {
  readonly informer: Informer;
  readonly client: ResourceClient;
}

export const followed = (context: ControllerContext, ref: ResourceRef): Followed => ({ informer: context.informers.informerFor(ref), client: context.clients.resource(ref) });

/**
 * Whether `namespace/name` exists: in the informer's cache, else as the server says (a cache that has not
 * seen a new object yet must not make a controller report it missing).
 */
export async function existsConfirmed(informer: Informer, client: ResourceClient, namespace: string, name: string): Promise<boolean> {
  return informer.get(namespace, name) !== undefined || (await client.getIfExists(namespace, name)) !== undefined;
}

/** An active namespace: not being deleted. */
export const isActiveNamespace = (ns: Readonly<KubeObject> | undefined): boolean =>
  ns !== undefined && !ns.metadata.deletionTimestamp && ((ns['status'] as { phase?: string } | undefined)?.phase ?? 'Active') === 'Active';
