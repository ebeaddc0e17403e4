// Namespace controller (3-resources: deleting a namespace removes everything in it): for a namespace
// marked Terminating, delete every namespaced object in it, wait until none remain, then clear the
// `kubernetes` finalizer through `finalize` and delete the namespace for good.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';

const FINALIZER = 'kubernetes';
/** How soon to look again while objects with finalizers of their own still remain. */
const REMAINING_CONTENT_RECHECK_MS = 1000;

interface NamespaceObject extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: string };
}

export interface NamespaceControllerDeps {
  namespaces: Store;
  /** Stores of every namespaced kind, one per storage (a shared storage appears once). */
  namespaced: () => readonly Store[];
}

/** The controller contract, defined in controllers/controller.ts (re-exported for existing importers). */
export type { Controller };

export function namespaceController(deps: NamespaceControllerDeps): Controller {
  const abort = new AbortController();
  const queue: WorkQueue = new WorkQueue((name) => reconcile(deps, name, queue));
  let running = false;
  // Every terminating namespace the watch shows (a restarted watch re-delivers them all as ADDED).
  const follow = (): Promise<void> =>
    followWatch(deps.namespaces, {
      name: 'namespace',
      signal: abort.signal,
      onWatching: (watching) => (running = watching),
      onObject: (ns, type) => {
        if (type !== 'DELETED' && ns.metadata.deletionTimestamp) queue.add(ns.metadata.name ?? '');
      },
    });
  return {
    name: 'namespace',
    async start() {
      running = true;
      void follow();
    },
    stop() {
      abort.abort();
      queue.stop();
      running = false;
    },
    check() {
      if (!running) throw new Error('namespace controller is not watching');
    },
  };
}

async function reconcile(deps: NamespaceControllerDeps, name: string, queue: WorkQueue): Promise<void> {
  const ns = await getNamespace(deps.namespaces, name);
  if (!ns?.metadata.deletionTimestamp) return;
  const remaining = await deleteContent(deps, name);
  if (remaining > 0) {
    queue.addAfter(name, REMAINING_CONTENT_RECHECK_MS);
    return;
  }
  if ((ns.spec?.finalizers ?? []).includes(FINALIZER)) {
    await deps.namespaces.update('', name, (current) => {
      const next = structuredClone(current) as NamespaceObject;
      next.spec = { ...next.spec, finalizers: (next.spec?.finalizers ?? []).filter((f) => f !== FINALIZER) };
      return next;
    }, { dryRun: false, subresource: 'finalize' });
  }
  try {
    await deps.namespaces.delete('', name, {}, { dryRun: false });
  } catch (error) {
    if (!(isStatusError(error) && error.code === 404)) throw error;
  }
}

async function getNamespace(store: Store, name: string): Promise<NamespaceObject | undefined> {
  try {
    return (await store.get('', name)).object as NamespaceObject;
  } catch (error) {
    if (isStatusError(error) && error.code === 404) return undefined;
    throw error;
  }
}

/** Delete every object in the namespace; the count of objects still present (held by finalizers). */
async function deleteContent(deps: NamespaceControllerDeps, namespace: string): Promise<number> {
  let remaining = 0;
  for (const store of deps.namespaced()) {
    await store.deleteCollection(namespace, {}, {}, { dryRun: false });
    remaining += (await store.list(namespace, {})).items.length;
  }
  return remaining;
}
