// Sets of field paths (structured-merge-diff `fieldpath.Set`): a tree where each node holds the path
// elements that end there (members) and the subtrees below (children), both keyed by the element's
// serialized form, which is its identity. A path can be both a member and a parent (a map that one
// manager created and whose keys another one set). Operations return new sets and may share
// subtrees with their inputs: a set is never changed once built.
import { compareElements, serializeElement, type Path, type PathElement } from './path-element.js';

/** One subtree: the element that leads to it and the paths below it. */
export interface ChildNode {
  readonly pe: PathElement;
  readonly set: FieldSet;
}

/** A set of field paths. */
export interface FieldSet {
  readonly members: Map<string, PathElement>;
  readonly children: Map<string, ChildNode>;
}

/** A new empty set. */
export function emptySet(): FieldSet {
  return { members: new Map(), children: new Map() };
}

/** The shared empty set (never to be inserted into). */
export const EMPTY_SET: FieldSet = emptySet();

/** Adds `path` to a set under construction; the empty path (the whole object) is not tracked. */
export function insertPath(set: FieldSet, path: Path): void {
  if (path.length === 0) return;
  let node = set;
  for (let i = 0; i < path.length - 1; i++) node = descend(node, path[i] as PathElement);
  const last = path[path.length - 1] as PathElement;
  node.members.set(serializeElement(last), last);
}

/**
 * Adds `path` whose elements' serialized forms are `keys` (walkers keep both, so that no element is
 * serialized twice); construction only.
 */
export function insertKeyedPath(set: FieldSet, path: Path, keys: readonly string[]): void {
  if (path.length === 0) return;
  let node = set;
  for (let i = 0; i < path.length - 1; i++) {
    const key = keys[i] as string;
    let child = node.children.get(key);
    if (!child) {
      child = { pe: path[i] as PathElement, set: emptySet() };
      node.children.set(key, child);
    }
    node = child.set;
  }
  node.members.set(keys[path.length - 1] as string, path[path.length - 1] as PathElement);
}

/** The child set under `pe`, created when missing (construction only). */
export function descend(set: FieldSet, pe: PathElement): FieldSet {
  const key = serializeElement(pe);
  let child = set.children.get(key);
  if (!child) {
    child = { pe, set: emptySet() };
    set.children.set(key, child);
  }
  return child.set;
}

/** A set built from paths. */
export function setOf(...paths: Path[]): FieldSet {
  const set = emptySet();
  for (const path of paths) insertPath(set, path);
  return set;
}

/** True when `path` is in the set. */
export function hasPath(set: FieldSet, path: Path): boolean {
  if (path.length === 0) return false;
  let node: FieldSet | undefined = set;
  for (let i = 0; i < path.length - 1 && node; i++) node = node.children.get(serializeElement(path[i] as PathElement))?.set;
  return node !== undefined && node.members.has(serializeElement(path[path.length - 1] as PathElement));
}

/** The paths below `pe`, relative to it (upstream WithPrefix). */
export function childSet(set: FieldSet, pe: PathElement): FieldSet {
  return set.children.get(serializeElement(pe))?.set ?? EMPTY_SET;
}

/** True when the set holds no path. */
export function isEmptySet(set: FieldSet): boolean {
  if (set.members.size > 0) return false;
  for (const child of set.children.values()) if (!isEmptySet(child.set)) return false;
  return true;
}

/** Paths in either set. */
export function union(a: FieldSet, b: FieldSet): FieldSet {
  if (isEmptySet(b)) return a;
  if (isEmptySet(a)) return b;
  const out: FieldSet = { members: new Map(a.members), children: new Map(a.children) };
  for (const [key, pe] of b.members) out.members.set(key, pe);
  for (const [key, child] of b.children) {
    const mine = a.children.get(key);
    out.children.set(key, mine ? { pe: mine.pe, set: union(mine.set, child.set) } : child);
  }
  return out;
}

/** Paths in both sets. */
export function intersection(a: FieldSet, b: FieldSet): FieldSet {
  const out = emptySet();
  for (const [key, pe] of a.members) if (b.members.has(key)) out.members.set(key, pe);
  for (const [key, child] of a.children) {
    const other = b.children.get(key);
    if (!other) continue;
    const both = intersection(child.set, other.set);
    if (!isEmptySet(both)) out.children.set(key, { pe: child.pe, set: both });
  }
  return out;
}

/** Paths of `a` not in `b`; a parent stays when only its children are removed, and vice versa. */
export function difference(a: FieldSet, b: FieldSet): FieldSet {
  if (isEmptySet(b)) return a;
  const out = emptySet();
  for (const [key, pe] of a.members) if (!b.members.has(key)) out.members.set(key, pe);
  for (const [key, child] of a.children) {
    const other = b.children.get(key);
    const rest = other ? difference(child.set, other.set) : child.set;
    if (!isEmptySet(rest)) out.children.set(key, other ? { pe: child.pe, set: rest } : child);
  }
  return out;
}

/** Paths of `a` that are neither in `b` nor below a path of `b` (upstream RecursiveDifference). */
export function recursiveDifference(a: FieldSet, b: FieldSet): FieldSet {
  if (isEmptySet(b)) return a;
  const out = emptySet();
  for (const [key, pe] of a.members) if (!b.members.has(key)) out.members.set(key, pe);
  for (const [key, child] of a.children) {
    if (b.members.has(key)) continue;
    const other = b.children.get(key);
    const rest = other ? recursiveDifference(child.set, other.set) : child.set;
    if (!isEmptySet(rest)) out.children.set(key, other ? { pe: child.pe, set: rest } : child);
  }
  return out;
}

/** True when both sets hold the same paths. */
export function setsEqual(a: FieldSet, b: FieldSet): boolean {
  if (a === b) return true;
  if (a.members.size !== b.members.size) return false;
  for (const key of a.members.keys()) if (!b.members.has(key)) return false;
  const nonEmpty = (s: FieldSet) => [...s.children].filter(([, c]) => !isEmptySet(c.set));
  const ac = nonEmpty(a);
  const bc = nonEmpty(b);
  if (ac.length !== bc.length) return false;
  for (const [key, child] of ac) {
    const other = b.children.get(key);
    if (!other || !setsEqual(child.set, other.set)) return false;
  }
  return true;
}

/** Members of a node in upstream order. */
export function sortedMembers(set: FieldSet): PathElement[] {
  return [...set.members.values()].sort(compareElements);
}

/** Children of a node in upstream order. */
export function sortedChildren(set: FieldSet): ChildNode[] {
  return [...set.children.values()].sort((x, y) => compareElements(x.pe, y.pe));
}

/** Every path, in upstream Set.Iterate order: a node's members first, then each child subtree. */
export function iteratePaths(set: FieldSet, visit: (path: Path) => void, prefix: PathElement[] = []): void {
  for (const pe of sortedMembers(set)) visit([...prefix, pe]);
  for (const child of sortedChildren(set)) {
    prefix.push(child.pe);
    iteratePaths(child.set, visit, prefix);
    prefix.pop();
  }
}

/** All paths as an array (tests, conflicts). */
export function listPaths(set: FieldSet): Path[] {
  const out: Path[] = [];
  iteratePaths(set, (path) => out.push(path));
  return out;
}
