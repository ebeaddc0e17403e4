// The garbage collector (kube-controller-manager's `garbagecollector`, 1.25): watches every served resource,
// keeps the graph of owners and dependents (graph.ts), and acts on its work: deletes dependents whose owners
// are all gone, removes the foregroundDeletion finalizer once an owner's blocking dependents are gone, and
// orphans dependents before removing the `orphan` finalizer. Every decision starts from a live lookup of the
// object and of each owner (upstream attemptToDeleteItem), so a lagging watch never makes it act wrongly.
import { setMaxListeners } from 'node:events';
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import { isStatusError, notFound } from '../../errors/status-error.js';
import type { ResourceRegistry } from '../../registry/served-resources.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../registry/store/gc-finalizers.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { controllerManagerWrite } from '../controller.js';
import { WorkQueue } from '../work-queue.js';
import { decide, referenceState, type ClassifiedReference, type Decision } from './decisions.js';
import { DependencyGraph, type GraphNode, type GraphWork } from './graph.js';
import { ResourceTable } from './resources.js';
import { followResource } from './follow-resource.js';
import { storeListerWatcher } from '../../registry/store-lister-watcher.js';
import { invalidNamespaceEvent, ownerInOtherNamespace } from './invalid-namespace.js';

/** Writes are made as kube-controller-manager's: its user agent names the field manager. */
const WRITE = controllerManagerWrite('generic-garbage-collector');

export interface GarbageCollectorDeps {
  /** The served stores at start. */
  stores: readonly Store[];
  /** Follows the served set as it changes (resources added later are watched too). */
  registry?: ResourceRegistry;
  /** Counts a failed list or watch of a resource (upstream GarbageCollectorResourcesSyncError). */
  onSyncError?(): void;
}

/** The garbage collector controller. */
export function garbageCollectorController(deps: GarbageCollectorDeps): Controller & { readonly graph: DependencyGraph } {
  const abort = new AbortController();
  setMaxListeners(0, abort.signal); // one watch per served resource listens on it
  const table = new ResourceTable();
  const graph = new DependencyGraph(table.resolve);
  const open = new Set<number>();
  const queue: WorkQueue = new WorkQueue((key) => (key.startsWith('o/') ? attemptToOrphan(key.slice(2)) : attemptToDelete(key.slice(2))));
  const enqueue = (work: GraphWork): void => {
    for (const node of work.attemptToDelete) queue.add(`d/${node.uid}`);
    for (const node of work.attemptToOrphan) queue.add(`o/${node.uid}`);
  };
  const watch = (stores: readonly Store[]): void => {
    for (const entry of table.update(stores)) {
      const index = table.entries.indexOf(entry);
      void followResource(storeListerWatcher(entry.store), {
        signal: abort.signal,
        onWatching: (watching) => (watching ? open.add(index) : open.delete(index)),
        ...(deps.onSyncError ? { onSyncError: deps.onSyncError } : {}),
        onObject: (obj, type) => enqueue(type === 'DELETED' ? graph.remove(obj.metadata.uid ?? '') : graph.observe(obj, index)),
        onRelisted: (seen) => {
          for (const node of [...graph.all()]) if (node.observed && node.resource === index && !seen.has(node.uid)) enqueue(graph.remove(node.uid));
        },
      });
    }
  };
  let stopListening: (() => void) | undefined;

  async function lookup(resource: number, namespace: string, name: string): Promise<Readonly<KubeObject> | undefined> {
    const store = table.store(resource);
    if (!store) return undefined;
    try {
      return (await store.get(namespace, name)).object;
    } catch (error) {
      if (isStatusError(error) && error.code === 404) return undefined;
      throw error;
    }
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
    const state = referenceState(ref.uid, await lookup(resource, namespace, ref.name));
    if (state !== 'dangling' && graph.get(ref.uid)?.dependents?.has(node) !== true) graph.relink(node, ref.uid, resource, namespace, ref.name);
    if (state === 'dangling' && namespaced) await reportInvalidNamespace(node, latest, resource, ref);
    return { uid: ref.uid, state };
  }

  /** The owner lives in another namespace: a Warning event on the dependent, as upstream records it. */
  async function reportInvalidNamespace(node: GraphNode, latest: Readonly<KubeObject>, ownerResource: number, ref: OwnerReference): Promise<void> {
    const owners = table.store(ownerResource);
    const events = table.store(table.resolve('v1', 'Event').resource);
    const own = table.store(node.resource)?.def;
    if (!owners || !events || !own || !(await ownerInOtherNamespace(owners, ref, node.namespace))) return;
    const event = invalidNamespaceEvent(latest, own.group ? `${own.group}/${own.version}` : own.version, own.kind, ref, new Date());
    await events.create(node.namespace, event, WRITE).catch((error: unknown) => console.error('kplane: garbagecollector: recording an event:', error instanceof Error ? error.message : error));
  }

  async function act(node: GraphNode, decision: Decision): Promise<void> {
    if (decision.action === 'none') return;
    if (decision.action === 'removeReferences') {
      const drop = new Set(decision.uids);
      return updateMeta(node, (meta) => withList(meta, 'ownerReferences', (meta.ownerReferences ?? []).filter((r) => !drop.has(r.uid))));
    }
    // A cycle of foreground deletions would wait forever: this one stops blocking its owners first (upstream).
    if (decision.unblockFirst) await updateMeta(node, (meta) => ({ ...meta, ownerReferences: (meta.ownerReferences ?? []).map((r) => (r.blockOwnerDeletion ? { ...r, blockOwnerDeletion: false } : r)) }));
    await ignoringGone(table.store(node.resource)?.delete(node.namespace, node.name, { preconditions: { uid: node.uid }, propagationPolicy: decision.policy }, WRITE));
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
    await Promise.all([...(node.dependents ?? [])].map((dependent) => updateMeta(dependent, (meta) => withList(meta, 'ownerReferences', (meta.ownerReferences ?? []).filter((r) => r.uid !== uid)))));
    await removeFinalizer(node, ORPHAN_FINALIZER);
  }

  function removeFinalizer(node: GraphNode, finalizer: string): Promise<void> {
    return updateMeta(node, (meta) => withList(meta, 'finalizers', (meta.finalizers ?? []).filter((f) => f !== finalizer)));
  }

  /** Read-modify-write of the node's metadata, on the object of the node's uid only; gone is done. */
  async function updateMeta(node: GraphNode, change: (meta: KubeObject['metadata']) => KubeObject['metadata']): Promise<void> {
    const store = table.store(node.resource);
    await ignoringGone(store?.update(node.namespace, node.name, (current) => {
      if (!current) throw notFound(store.groupResource, node.name); // never create what is gone
      const obj = structuredClone(current) as KubeObject;
      return obj.metadata.uid === node.uid ? { ...obj, metadata: change(obj.metadata) } : obj;
    }, WRITE));
  }

  return {
    name: 'garbagecollector',
    graph,
    async start() {
      watch(deps.stores);
      stopListening = deps.registry?.onChange((current) => watch(current.stores));
    },
    stop() {
      stopListening?.();
      abort.abort();
      queue.stop();
    },
    check() {
      if (abort.signal.aborted || open.size < table.entries.length) throw new Error('garbage collector is not watching every resource');
    },
  };
}

type Meta = KubeObject['metadata'];

/** `meta` with the list `key` replaced; an empty list is left out, as Go's omitempty writes it. */
function withList<K extends 'ownerReferences' | 'finalizers'>(meta: Meta, key: K, list: NonNullable<Meta[K]>): Meta {
  const next = { ...meta, [key]: list };
  if (list.length === 0) delete next[key];
  return next;
}

/** A write on an object that is gone, or whose uid precondition failed, has nothing left to do. */
async function ignoringGone(write: Promise<unknown> | undefined): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (isStatusError(error) && (error.code === 404 || error.code === 409)) return;
    throw error;
  }
}
