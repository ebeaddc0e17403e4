// The garbage collector's graph of owners and dependents, by uid (upstream GraphBuilder's uidToNode and its
// processGraphChanges, 1.25). It keeps no copy of any object: a node is a uid, where the object lives
// (resource index, namespace, name; namespace names shared between nodes), a few
// flags, and its edges. Only objects that take part are nodes: those with ownerReferences, those deleting
// with a garbage-collection finalizer, and the owners referenced (a *virtual* node until the object is
// observed or verified by a live lookup). Every change returns the work it calls for, as upstream's
// builder fills its attemptToDelete and attemptToOrphan queues.
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import { FOREGROUND_FINALIZER, ORPHAN_FINALIZER } from '../../registry/store/gc-finalizers.js';
import { uidKey, uidOfKey } from './uid-key.js';

const OBSERVED = 1;
const BEING_DELETED = 2;
const DELETING_DEPENDENTS = 4;
const ORPHANING = 8;
/**
 * A node's state is one small integer: bits 0-15 the blockOwnerDeletion mask (owners past the 16th count
 * as blocking: erring on the side of waiting), bits 16-19 the flags, bits 20-30 the resource index + 1
 * (2047: the index is kept aside, for tables of more than 2,045 resources).
 */
const MASK_BITS = 16;
const MASK = (1 << MASK_BITS) - 1;
const FLAGS_SHIFT = 16;
const FLAGS = 0xf << FLAGS_SHIFT;
const RESOURCE_SHIFT = 20;
const RESOURCE_ASIDE = 2047;
const NO_OWNERS: readonly GraphNode[] = [];
const blocksAt = (mask: number, i: number): boolean => i >= MASK_BITS || (mask & (1 << i)) !== 0;

/**
 * The dependents of the nodes that have some, kept aside: most nodes are dependents without dependents
 * of their own, and a field on every node for them would cost 8 bytes a node.
 */
const dependentsOf = new WeakMap<GraphNode, Set<GraphNode>>();
/** Resource indexes too large for a node's state. */
const resourcesAside = new WeakMap<GraphNode, number>();

/**
 * One object of the graph. Its size matters (one per tracked object, 100,000s of them): the uid is kept
 * packed (uid-key.ts), the mask, flags and resource index share one field, dependents are kept aside:
 * ~200 bytes a tracked object with its map entries (bench `gc.memory`).
 */
export class GraphNode {
  /** The packed uid (uidKey), also the node's key in the graph. */
  readonly key: string;
  private state = 0;
  /** The owners; one owner (the common case) is held without an array, which saves ~30 bytes a node. */
  private ownerSlot: GraphNode | readonly GraphNode[] = NO_OWNERS;

  constructor(
    uid: string,
    /** Index of the object's resource in the collector's resource table; -1 when its kind is not served. */
    resource: number,
    public namespace: string,
    public name: string,
  ) {
    this.key = uidKey(uid);
    this.resource = resource;
  }

  get uid(): string {
    return uidOfKey(this.key);
  }

  /** Index of the object's resource in the collector's resource table; -1 when its kind is not served. */
  get resource(): number {
    const stored = this.state >>> RESOURCE_SHIFT;
    return stored === RESOURCE_ASIDE ? (resourcesAside.get(this) ?? -1) : stored - 1;
  }
  set resource(resource: number) {
    const stored = resource + 1 < RESOURCE_ASIDE ? resource + 1 : RESOURCE_ASIDE;
    if (stored === RESOURCE_ASIDE) resourcesAside.set(this, resource);
    this.state = (this.state & (MASK | FLAGS)) | (stored << RESOURCE_SHIFT);
  }

  get flags(): number {
    return (this.state & FLAGS) >>> FLAGS_SHIFT;
  }
  set flags(flags: number) {
    this.state = (this.state & ~FLAGS) | ((flags << FLAGS_SHIFT) & FLAGS);
  }

  /** Bit i set: the reference to owners[i] has blockOwnerDeletion. */
  get blockMask(): number {
    return this.state & MASK;
  }
  set blockMask(mask: number) {
    this.state = (this.state & ~MASK) | (mask & MASK);
  }

  get dependents(): Set<GraphNode> | undefined {
    return dependentsOf.get(this);
  }
  set dependents(dependents: Set<GraphNode> | undefined) {
    if (dependents === undefined) dependentsOf.delete(this);
    else dependentsOf.set(this, dependents);
  }

  get owners(): readonly GraphNode[] {
    return this.ownerSlot instanceof GraphNode ? [this.ownerSlot] : this.ownerSlot;
  }
  set owners(owners: readonly GraphNode[]) {
    this.ownerSlot = owners.length === 0 ? NO_OWNERS : owners.length === 1 ? owners[0]! : owners;
  }

  get observed(): boolean {
    return (this.flags & OBSERVED) !== 0;
  }
  get beingDeleted(): boolean {
    return (this.flags & BEING_DELETED) !== 0;
  }
  /** Deleting with the foregroundDeletion finalizer: waits for its blocking dependents. */
  get deletingDependents(): boolean {
    return (this.flags & DELETING_DEPENDENTS) !== 0;
  }
  get orphaning(): boolean {
    return (this.flags & ORPHANING) !== 0;
  }
  /** Whether this node's reference to `owner` has blockOwnerDeletion. */
  blocks(owner: GraphNode): boolean {
    const i = this.owners.indexOf(owner);
    return i >= 0 && blocksAt(this.blockMask, i);
  }
  /** Dependents whose reference to this node blocks its deletion (upstream blockingDependents). */
  blockingDependents(): GraphNode[] {
    return [...(this.dependents ?? [])].filter((d) => d.blocks(this));
  }
}

/** What a change to the graph calls for: nodes to look at for deletion, owners to orphan. */
export interface GraphWork {
  attemptToDelete: GraphNode[];
  attemptToOrphan: GraphNode[];
}

/** Where a reference's kind lives: its resource index (-1 when not served) and whether it is namespaced. */
export type ResolveKind = (apiVersion: string, kind: string) => { resource: number; namespaced: boolean };

const flagsOf = (obj: Readonly<KubeObject>): number => {
  const meta = obj.metadata;
  if (!meta.deletionTimestamp) return OBSERVED;
  const finalizers = meta.finalizers ?? [];
  return OBSERVED | BEING_DELETED | (finalizers.includes(FOREGROUND_FINALIZER) ? DELETING_DEPENDENTS : 0) | (finalizers.includes(ORPHAN_FINALIZER) ? ORPHANING : 0);
};

const maskOf = (refs: readonly OwnerReference[]): number =>
  refs.reduce((mask, ref, i) => (ref.blockOwnerDeletion === true && i < MASK_BITS ? mask | (1 << i) : mask), 0);


/** The dependency graph. */
export class DependencyGraph {
  private readonly nodes = new Map<string, GraphNode>();
  /** One string per namespace name: every object parsed from the cache brings its own copy (~20 B a node). */
  private readonly namespaces = new Map<string, string>();

  constructor(private readonly resolve: ResolveKind) {}

  /** The shared copy of a namespace name. */
  private intern(namespace: string): string {
    const shared = this.namespaces.get(namespace);
    if (shared !== undefined) return shared;
    this.namespaces.set(namespace, namespace);
    return namespace;
  }

  /** The node of `uid`, if tracked. */
  get(uid: string): GraphNode | undefined {
    return this.nodes.get(uidKey(uid));
  }

  /** Number of tracked nodes. */
  get size(): number {
    return this.nodes.size;
  }

  /** Every tracked node (for a relist of one resource). */
  all(): IterableIterator<GraphNode> {
    return this.nodes.values();
  }

  /** An object added or modified in `resource` (upstream processGraphChanges for add and update events). */
  observe(obj: Readonly<KubeObject>, resource: number): GraphWork {
    const work: GraphWork = { attemptToDelete: [], attemptToOrphan: [] };
    const meta = obj.metadata;
    const uid = meta.uid ?? '';
    const refs = meta.ownerReferences ?? [];
    const flags = flagsOf(obj);
    let node = this.nodes.get(uidKey(uid));
    if (!node) {
      if (refs.length === 0 && (flags & (DELETING_DEPENDENTS | ORPHANING)) === 0) return work;
      node = new GraphNode(uid, resource, this.intern(meta.namespace ?? ''), meta.name ?? '');
      this.nodes.set(node.key, node);
    }
    const before = node.flags;
    node.resource = resource;
    node.namespace = this.intern(meta.namespace ?? '');
    node.name = meta.name ?? '';
    node.flags = flags;
    this.updateOwners(node, refs, work);
    // Transitions (upstream processTransitions): the owner starts waiting for, or orphaning, its dependents.
    if (node.deletingDependents && (before & DELETING_DEPENDENTS) === 0) work.attemptToDelete.push(...(node.dependents ?? []), node);
    if (node.orphaning && (before & ORPHANING) === 0) work.attemptToOrphan.push(node);
    this.prune(node);
    return work;
  }

  /**
   * The object of `uid` is gone (a watch's DELETED, a relist without it, or a live lookup that did not find
   * it: upstream's virtual delete event): its dependents are looked at, and owners waiting for it look again.
   */
  remove(uid: string): GraphWork {
    const work: GraphWork = { attemptToDelete: [], attemptToOrphan: [] };
    const node = this.nodes.get(uidKey(uid));
    if (!node) return work;
    this.nodes.delete(node.key);
    for (const owner of node.owners) {
      owner.dependents?.delete(node);
      if (owner.deletingDependents) work.attemptToDelete.push(owner);
      this.prune(owner);
    }
    work.attemptToDelete.push(...(node.dependents ?? []));
    return work;
  }

  /** A live lookup found the object of a virtual node: it is observed, at these coordinates. */
  markObserved(node: GraphNode, resource: number, namespace: string, name: string): void {
    node.flags |= OBSERVED;
    node.resource = resource;
    node.namespace = this.intern(namespace);
    node.name = name;
  }

  /**
   * Links `dependent` to the owner `uid` its live object references and a live lookup found at these
   * coordinates, when the graph lost that edge (the owner's node was removed on a virtual delete whose
   * coordinates other dependents disagreed with; upstream keeps such nodes through partitionDependents).
   */
  relink(dependent: GraphNode, uid: string, resource: number, namespace: string, name: string): void {
    if (this.nodes.get(dependent.key) !== dependent) return;
    let owner = this.nodes.get(uidKey(uid));
    if (!owner) {
      owner = new GraphNode(uid, resource, this.intern(namespace), name);
      this.nodes.set(owner.key, owner);
    }
    if (!owner.observed) this.markObserved(owner, resource, namespace, name);
    (owner.dependents ??= new Set()).add(dependent);
    const stale = dependent.owners.findIndex((o) => o.key === owner.key);
    if (stale >= 0 && dependent.owners[stale] !== owner) dependent.owners = dependent.owners.map((o, i) => (i === stale ? owner : o));
  }

  /** Diffs the node's owners with `refs` (upstream referencesDiffs, addDependentToOwners, removeDependentFromOwners). */
  private updateOwners(node: GraphNode, refs: readonly OwnerReference[], work: GraphWork): void {
    const mask = maskOf(refs);
    const oldOwners = node.owners;
    const keys = refs.map((r) => uidKey(r.uid));
    const unchanged = oldOwners.length === refs.length && keys.every((k, i) => oldOwners[i]?.key === k);
    if (unchanged && mask === node.blockMask) return;
    const next = refs.map((ref, i) => oldOwners.find((o) => o.key === keys[i]) ?? this.ownerNode(node, ref, work));
    // An owner no longer blocked by this node may finish its foreground deletion (addUnblockedOwnersToDeleteQueue).
    for (const owner of oldOwners) {
      const at = next.indexOf(owner);
      if (node.blocks(owner) && !(at >= 0 && blocksAt(mask, at)) && owner.deletingDependents) work.attemptToDelete.push(owner);
    }
    node.owners = next;
    node.blockMask = mask;
    for (const owner of oldOwners) {
      if (next.includes(owner)) continue;
      owner.dependents?.delete(node);
      this.prune(owner);
    }
  }

  /** The owner node a new reference points to: a virtual one, verified by a lookup, when not tracked yet. */
  private ownerNode(dependent: GraphNode, ref: OwnerReference, work: GraphWork): GraphNode {
    let owner = this.nodes.get(uidKey(ref.uid));
    if (!owner) {
      const { resource, namespaced } = this.resolve(ref.apiVersion, ref.kind);
      owner = new GraphNode(ref.uid, resource, namespaced ? dependent.namespace : '', ref.name);
      this.nodes.set(owner.key, owner);
      work.attemptToDelete.push(owner);
    } else if (owner.observed && owner.namespace !== '' && owner.namespace !== dependent.namespace) {
      // The owner is namespaced elsewhere: the reference is invalid, the dependent is looked at (upstream).
      work.attemptToDelete.push(dependent);
    }
    (owner.dependents ??= new Set()).add(dependent);
    return owner;
  }

  /** Drops a node that no longer takes part: no owners, no dependents, no finalizer work pending. */
  private prune(node: GraphNode): void {
    if (node.dependents?.size === 0) node.dependents = undefined;
    if (node.owners.length > 0 || node.dependents || node.deletingDependents || node.orphaning) return;
    if (this.nodes.get(node.key) === node) this.nodes.delete(node.key);
  }
}
