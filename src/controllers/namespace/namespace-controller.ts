// Namespace controller (3-resources: deleting a namespace removes everything in it): for a namespace
// marked Terminating, delete every namespaced object in it, wait until none remain, then clear the
// `kubernetes` finalizer through `finalize` and delete the namespace for good. Each pass records what it
// found in the namespace's status conditions (deletion-conditions.ts), as upstream's controller does.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { controllerManagerWrite } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { updatedConditions, type DeletionOutcome, type NamespaceCondition } from './deletion-conditions.js';

/** Writes as kube-controller-manager's namespace-controller (managedFields name `kube-controller-manager`). */
const WRITE = controllerManagerWrite('namespace-controller');

const FINALIZER = 'kubernetes';
/** How soon to look again while objects with finalizers of their own still remain. */
const REMAINING_CONTENT_RECHECK_MS = 1000;

interface NamespaceObject extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: NamespaceCondition[] };
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
  const outcome = await deleteContent(deps, name);
  await recordConditions(deps.namespaces, name, outcome);
  const remaining = [...outcome.remainingByResource.values()].reduce((a, b) => a + b, 0);
  if (remaining > 0 || outcome.deleteErrors.length > 0) {
    queue.addAfter(name, REMAINING_CONTENT_RECHECK_MS);
    return;
  }
  if ((ns.spec?.finalizers ?? []).includes(FINALIZER)) {
    await deps.namespaces.update('', name, (current) => {
      const next = structuredClone(current) as NamespaceObject;
      next.spec = { ...next.spec, finalizers: (next.spec?.finalizers ?? []).filter((f) => f !== FINALIZER) };
      return next;
    }, { ...WRITE, subresource: 'finalize' });
  }
  try {
    await deps.namespaces.delete('', name, {}, WRITE);
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

/** Delete every object in the namespace; what could not be deleted and what is still present (held by finalizers). */
async function deleteContent(deps: NamespaceControllerDeps, namespace: string): Promise<DeletionOutcome> {
  const outcome: DeletionOutcome = { deleteErrors: [], remainingByResource: new Map(), remainingByFinalizer: new Map() };
  for (const store of deps.namespaced()) {
    try {
      await store.deleteCollection(namespace, {}, {}, WRITE);
    } catch (error) {
      // As upstream: hold on to the error and go on with the other resources.
      outcome.deleteErrors.push(error instanceof Error ? error.message : String(error));
    }
    const { items } = await store.list(namespace, {});
    if (items.length === 0) continue;
    outcome.remainingByResource.set(`${store.def.resource}.${store.def.group}`, items.length);
    for (const item of items) {
      for (const finalizer of item.object.metadata.finalizers ?? []) outcome.remainingByFinalizer.set(finalizer, (outcome.remainingByFinalizer.get(finalizer) ?? 0) + 1);
    }
  }
  return outcome;
}

/** Write the pass's conditions through `status` when they changed (upstream updates status every pass). */
async function recordConditions(namespaces: Store, name: string, outcome: DeletionOutcome): Promise<void> {
  try {
    await namespaces.update('', name, (current) => {
      const ns = structuredClone(current) as NamespaceObject;
      const conditions = updatedConditions(ns.status?.conditions ?? [], outcome, new Date());
      // Unchanged: write nothing; returning the object as read makes the update a no-op.
      if (conditions) ns.status = { ...ns.status, conditions };
      return ns;
    }, { ...WRITE, subresource: 'status' });
  } catch (error) {
    // As upstream: a failed status update is logged, the deletion goes on.
    if (!(isStatusError(error) && error.code === 404)) console.error(`kplane: namespace controller: couldn't update status condition for namespace "${name}":`, error instanceof Error ? error.message : error);
  }
}
