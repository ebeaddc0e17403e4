// The garbage collector (kube-controller-manager's `garbagecollector`, 1.25): watches every served resource,
// keeps the graph of owners and dependents (graph.ts), and acts on its work: deletes dependents whose owners
// are all gone, removes the foregroundDeletion finalizer once an owner's blocking dependents are gone, and
// orphans dependents before removing the `orphan` finalizer. Every decision starts from a live lookup of the
// object and of each owner (upstream attemptToDeleteItem), so a lagging watch never makes it act wrongly.
// It runs as `system:serviceaccount:kube-system:generic-garbage-collector`, through the API like any client:
// it follows each resource's metadata (PartialObjectMetadata) through the shared informers' reflectors and
// reads and writes through its clients.
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { ResourceRegistry } from '../../registry/served-resources.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../registry/store/gc-finalizers.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { WorkQueue } from '../work-queue.js';
import { isGoneOrChanged } from '../status-errors.js';
import { decide, referenceState, type ClassifiedReference, type Decision } from './decisions.js';
import { DependencyGraph, type GraphNode, type GraphWork } from './graph.js';
import { ResourceTable } from './resources.js';
import { AbsentOwners } from './absent-owners.js';
import { resourceFollower } from './follow-resource.js';
import { invalidNamespaceEvent, ownerInOtherNamespace } from './invalid-namespace.js';
import { patchMetadataList } from './patch-metadata.js';

/**
 * The graph reads objects' metadata only: the collector follows resources as upstream's does, through metadata
 * informers; and never their managedFields, which are most of a frame's bytes.
 */
const METADATA_ONLY = { metadataOnly: true, omitManagedFields: true };

/** Items worked on at once, and requests of one orphaning at once (kube-controller-manager's --concurrent-gc-syncs). */
const CONCURRENT_GC_SYNCS = 20;

export interface GarbageCollectorDeps {
  /** The served resources at start. */
  definitions: readonly ResourceDefinition[];
  /** Follows the served set as it changes (resources added later are watched too). */
  registry?: ResourceRegistry;
  /** Counts a failed list or watch of a resource (upstream GarbageCollectorResourcesSyncError). */
  onSyncError?(): void;
}

/** The garbage collector controller. */
export function garbageCollectorController(context: ControllerContext, deps: GarbageCollectorDeps): Controller & { readonly graph: DependencyGraph } {
  let running = false;
  const unsubscribe: (() => void)[] = [];
  const table = new ResourceTable();
  const graph = new DependencyGraph(table.resolve);
  const absent = new AbsentOwners();
  /** The resources listed and followed since their last failure. */
  const open = new Set<number>();
  const queue: WorkQueue = new WorkQueue((key) => (key.startsWith('o/') ? attemptToOrphan(key.slice(2)) : attemptToDelete(key.slice(2))), CONCURRENT_GC_SYNCS);
  const enqueue = (work: GraphWork): void => {
    for (const node of work.attemptToDelete) queue.add(`d/${node.uid}`);
    for (const node of work.attemptToOrphan) queue.add(`o/${node.uid}`);
  };
  const watch = (definitions: readonly ResourceDefinition[]): void => {
    for (const entry of table.update(definitions)) {
      const index = table.entries.indexOf(entry);
      unsubscribe.push(context.informers.subscribe(entry.def, resourceFollower({
        // A relist another subscriber asked for is no failure: only a failed list or watch closes the resource.
        onWatching: (watching) => watching && open.add(index),
        onSyncError: () => {
          open.delete(index);
          deps.onSyncError?.();
        },
        onObject: (obj, type) => enqueue(type === 'DELETED' ? graph.remove(obj.metadata.uid ?? '') : graph.observe(obj, index)),
        onRelisted: (seen) => {
          for (const node of [...graph.all()]) if (node.observed && node.resource === index && !seen.has(node.uid)) enqueue(graph.remove(node.uid));
        },
      }), METADATA_ONLY));
    }
  };
  let stopListening: (() => void) | undefined;
  /** The collector's client of entry `index` of the table. */
  const client = (index: number): ResourceClient | undefined => {
    const def = table.def(index);
    return def && context.clients.resource(def);
  };

  async function lookup(resource: number, namespace: string, name: string): Promise<Readonly<KubeObject> | undefined> {
    return client(resource)?.getIfExists(namespace, name);
  }

  /** upstream attemptToDeleteItem. */
  async function attemptToDelete(uid: string): Promise<void> {
    const node = graph.get(uid);
    if (!node || node.resource < 0) return; // an owner of a kind not served is never verified, so never acted on
    if (node.beingDeleted && !node.deletingDependents) return; // its own finalizers decide now
    const latest = await lookup(node.resource, node.namespace, node.name);
    if (!latest || latest.metadata.uid !== uid) return enqueue(graph.remove(uid)); // upstream's virtual delete event
    if (!node.observed) graph.markObserved(node, node.resource, node.namespace, node.name);
    if (latest.metadata.deletionTimestamp && (latest.metadata.finalizers ?? []).includes(FOREGROUND_FINALIZER)) return processDeletingDependents(node);
    const refs = latest.metadata.ownerReferences ?? [];
    if (refs.length === 0) return;
    const classified = await Promise.all(refs.map((ref) => classify(node, latest, ref)));
    const dependents = [...(node.dependents ?? [])];
    const decision = decide(classified, latest.metadata.finalizers ?? [], { count: dependents.length, anyDeletingDependents: dependents.some((d) => d.deletingDependents) });
    await act(node, decision);
  }

  /** A reference's state after a live lookup by its own coordinates (upstream isDangling and classifyReferences). */
  async function classify(node: GraphNode, latest: Readonly<KubeObject>, ref: OwnerReference): Promise<ClassifiedReference> {
    const { resource, namespaced } = table.resolve(ref.apiVersion, ref.kind);
    if (resource < 0) return { uid: ref.uid, state: 'unresolved' };
    if (namespaced && node.namespace === '') return { uid: ref.uid, state: 'invalid' };
    const namespace = namespaced ? node.namespace : '';
    if (absent.has(namespace, ref.uid)) return { uid: ref.uid, state: 'dangling' };
    const state = referenceState(ref.uid, await lookup(resource, namespace, ref.name));
    if (state !== 'dangling' && graph.get(ref.uid)?.dependents?.has(node) !== true) graph.relink(node, ref.uid, resource, namespace, ref.name);
    // An owner in another namespace is not remembered: each of its dependents there gets its event.
    if (state === 'dangling' && !(namespaced && (await reportedInOtherNamespace(node, latest, resource, ref)))) absent.add(namespace, ref.uid);
    return { uid: ref.uid, state };
  }

  /** Whether the owner lives in another namespace; if so, a Warning event on the dependent, as upstream records it. */
  async function reportedInOtherNamespace(node: GraphNode, latest: Readonly<KubeObject>, ownerResource: number, ref: OwnerReference): Promise<boolean> {
    const owners = client(ownerResource);
    if (!owners || !(await ownerInOtherNamespace(owners, ref, node.namespace))) return false;
    const events = client(table.resolve('v1', 'Event').resource);
    const own = table.def(node.resource);
    if (!events || !own) return true;
    const event = invalidNamespaceEvent(latest, own.group ? `${own.group}/${own.version}` : own.version, own.kind, ref, new Date());
    await events.create(node.namespace, event).catch((error: unknown) => console.error('kplane: garbagecollector: recording an event:', error instanceof Error ? error.message : error));
    return true;
  }

  async function act(node: GraphNode, decision: Decision): Promise<void> {
    if (decision.action === 'none') return;
    if (decision.action === 'removeReferences') {
      const drop = new Set(decision.uids);
      return updateMeta(node, 'ownerReferences', (meta) => (meta.ownerReferences ?? []).filter((r) => !drop.has(r.uid)));
    }
    // A cycle of foreground deletions would wait forever: this one stops blocking its owners first (upstream).
    if (decision.unblockFirst) await updateMeta(node, 'ownerReferences', (meta) => (meta.ownerReferences ?? []).map((r) => (r.blockOwnerDeletion ? { ...r, blockOwnerDeletion: false } : r)));
    await ignoringGone(client(node.resource)?.delete(node.namespace, node.name, { preconditions: { uid: node.uid }, propagationPolicy: decision.policy }));
  }

  /** upstream processDeletingDependentsItem: the finalizer goes once no blocking dependent remains. */
  async function processDeletingDependents(node: GraphNode): Promise<void> {
    const blocking = node.blockingDependents();
    if (blocking.length === 0) return removeFinalizer(node, FOREGROUND_FINALIZER);
    for (const dependent of blocking) if (!dependent.deletingDependents) queue.add(`d/${dependent.uid}`);
  }

  /** upstream attemptToOrphanWorker: every dependent loses its reference, then the owner its `orphan` finalizer. */
  async function attemptToOrphan(uid: string): Promise<void> {
    const node = graph.get(uid);
    if (!node?.orphaning) return;
    await eachAtMost([...(node.dependents ?? [])], CONCURRENT_GC_SYNCS, (dependent) => updateMeta(dependent, 'ownerReferences', (meta) => (meta.ownerReferences ?? []).filter((r) => r.uid !== uid)));
    await removeFinalizer(node, ORPHAN_FINALIZER);
  }

  function removeFinalizer(node: GraphNode, finalizer: string): Promise<void> {
    return updateMeta(node, 'finalizers', (meta) => (meta.finalizers ?? []).filter((f) => f !== finalizer));
  }

  /** A new `key` list for the object of the node's uid (never another, never one re-created); gone is done. */
  function updateMeta<K extends 'ownerReferences' | 'finalizers'>(node: GraphNode, key: K, change: (meta: Readonly<KubeObject['metadata']>) => NonNullable<KubeObject['metadata'][K]>): Promise<void> {
    const resourceClient = client(node.resource);
    return resourceClient ? ignoringGone(patchMetadataList(resourceClient, node, key, change)) : Promise.resolve();
  }

  return {
    name: 'garbagecollector',
    graph,
    async start() {
      running = true;
      watch(deps.definitions);
      stopListening = deps.registry?.onChange((current) => watch(current.definitions));
    },
    stop() {
      running = false;
      stopListening?.();
      unsubscribe.splice(0).forEach((stop) => stop());
      queue.stop();
    },
    check() {
      if (!running || open.size < table.entries.length) throw new Error('garbage collector is not watching every resource');
    },
  };
}

/** Runs `work` on every item, `limit` at a time; rejects with the first failure once the others are done. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A write on an object that is gone, or whose uid precondition failed, has nothing left to do. */
async function ignoringGone(write: Promise<unknown> | undefined): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isGoneOrChanged(error)) throw error;
  }
}
