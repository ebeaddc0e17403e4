// Namespace controller (3-resources: deleting a namespace removes everything in it): for a namespace
// marked Terminating, delete every namespaced object in it, wait until none remain, then clear the
// `kubernetes` finalizer through `finalize` and delete the namespace for good. Each pass records what it
// found in the namespace's status conditions (deletion-conditions.ts), as upstream's controller does.
// It runs as `system:serviceaccount:kube-system:namespace-controller`, through the API like any client.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { WorkQueue } from '../work-queue.js';
import { isNotFound } from '../status-errors.js';
import { updatedConditions, type DeletionOutcome, type NamespaceCondition } from './deletion-conditions.js';
import { errorMessage } from '../../errors/error-message.js';

const FINALIZER = 'kubernetes';
/** How soon to look again while objects with finalizers of their own still remain. */
const REMAINING_CONTENT_RECHECK_MS = 1000;

interface NamespaceObject extends KubeObject {
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: NamespaceCondition[] };
}

/** A resource as discovery describes it: upstream deletes by collection where the verb is served. */
export interface NamespacedResource extends ResourceRef {
  readonly verbs: readonly string[];
}

export interface NamespaceControllerDeps {
  namespaces: ResourceRef;
  /** Every namespaced resource, one per storage (versions sharing a storage appear once), with its verbs. */
  namespaced: () => readonly NamespacedResource[];
}

/** The controller contract, defined in controllers/controller.ts (re-exported for existing importers). */
export type { Controller };

export function namespaceController(context: ControllerContext, deps: NamespaceControllerDeps): Controller {
  const namespaces = context.clients.resource(deps.namespaces);
  const queue: WorkQueue = new WorkQueue((name) => reconcile(context, deps, namespaces, name, queue));
  // Every terminating namespace the informer shows (a relist shows them all again).
  const informer = context.informers.informerFor(deps.namespaces);
  const enqueue = (ns: KubeObject): void => {
    if (ns.metadata.deletionTimestamp) queue.add(ns.metadata.name ?? '');
  };
  let running = false;
  return {
    name: 'namespace',
    async start() {
      running = true;
      informer.addHandlers({ onAdd: enqueue, onUpdate: (_old, ns) => enqueue(ns) });
    },
    stop() {
      queue.stop();
      running = false;
    },
    check() {
      if (!running || (informer.hasSynced && !informer.watching)) throw new Error('namespace controller is not watching');
    },
  };
}

async function reconcile(context: ControllerContext, deps: NamespaceControllerDeps, namespaces: ResourceClient, name: string, queue: WorkQueue): Promise<void> {
  const ns = (await namespaces.getIfExists('', name)) as NamespaceObject | undefined;
  if (!ns?.metadata.deletionTimestamp) return;
  const outcome = await deleteContent(context, deps.namespaced(), name);
  await recordConditions(namespaces, name, outcome);
  const remaining = [...outcome.remainingByResource.values()].reduce((a, b) => a + b, 0);
  if (remaining > 0 || outcome.deleteErrors.length > 0) {
    queue.addAfter(name, REMAINING_CONTENT_RECHECK_MS);
    return;
  }
  if ((ns.spec?.finalizers ?? []).includes(FINALIZER)) {
    await namespaces.update('', name, (current) => {
      const next = current as NamespaceObject;
      next.spec = { ...next.spec, finalizers: (next.spec?.finalizers ?? []).filter((f) => f !== FINALIZER) };
      return next;
    }, { subresource: 'finalize' });
  }
  await namespaces.delete('', name).catch((error: unknown) => {
    if (!isNotFound(error)) throw error;
  });
}

/** Delete every object in the namespace; what could not be deleted and what is still present (held by finalizers). */
async function deleteContent(context: ControllerContext, resources: readonly NamespacedResource[], namespace: string): Promise<DeletionOutcome> {
  const outcome: DeletionOutcome = { deleteErrors: [], remainingByResource: new Map(), remainingByFinalizer: new Map() };
  for (const ref of resources) {
    if (!ref.verbs.includes('list')) continue;
    const client = context.clients.resource(ref);
    try {
      // Upstream deleteAllContentForGroupVersionResource: by collection when served (services are not), else one by one.
      if (ref.verbs.includes('deletecollection')) await client.deleteCollection(namespace);
      else if (ref.verbs.includes('delete')) await deleteEach(client, namespace);
    } catch (error) {
      // As upstream: hold on to the error and go on with the other resources.
      outcome.deleteErrors.push(errorMessage(error));
    }
    const { items } = await client.list(namespace);
    if (items.length === 0) continue;
    outcome.remainingByResource.set(`${ref.resource}.${ref.group}`, items.length);
    for (const item of items) {
      for (const finalizer of item.metadata.finalizers ?? []) outcome.remainingByFinalizer.set(finalizer, (outcome.remainingByFinalizer.get(finalizer) ?? 0) + 1);
    }
  }
  return outcome;
}

async function deleteEach(client: ResourceClient, namespace: string): Promise<void> {
  const { items } = await client.list(namespace);
  for (const item of items) {
    await client.delete(namespace, item.metadata.name ?? '').catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}

/** Write the pass's conditions through `status` when they changed (upstream updates status every pass). */
async function recordConditions(namespaces: ResourceClient, name: string, outcome: DeletionOutcome): Promise<void> {
  try {
    await namespaces.update('', name, (current) => {
      const ns = current as NamespaceObject;
      const conditions = updatedConditions(ns.status?.conditions ?? [], outcome, new Date());
      // Unchanged: nothing to write.
      if (!conditions) return undefined;
      ns.status = { ...ns.status, conditions };
      return ns;
    }, { subresource: 'status' });
  } catch (error) {
    // As upstream: a failed status update is logged, the deletion goes on.
    if (!isNotFound(error)) console.error(`kplane: namespace controller: couldn't update status condition for namespace "${name}":`, error instanceof Error ? error.message : error);
  }
}
