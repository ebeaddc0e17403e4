// The `fieldsV1` form of a field set (metav1.FieldsV1), as upstream serializes it: one JSON object
// per node, keys the serialized path elements in element order, `{}` for a member without
// children, and `".": {}` first in a node that is itself a member and also has children.
import {
  type FieldSet,
  descend,
  emptySet,
  sortedChildren,
  sortedMembers,
} from './field-set.js';
import { FieldPathError, compareElements, deserializeElement, serializeElement, type PathElement } from './path-element.js';

/** The FieldsV1 JSON of a set. */
export function setToFieldsV1(set: FieldSet): Record<string, unknown> {
  return emitNode(set, false);
}

function emitNode(set: FieldSet, includeSelf: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const members = sortedMembers(set);
  const children = sortedChildren(set);
  if (includeSelf && (members.length > 0 || children.length > 0)) out['.'] = {};
  let mi = 0;
  let ci = 0;
  while (mi < members.length || ci < children.length) {
    const m = members[mi];
    const c = children[ci];
    const order = m && c ? compareElements(m, c.pe) : m ? -1 : 1;
    if (order < 0) {
      out[serializeElement(m as PathElement)] = {};
      mi++;
    } else {
      const child = c as { pe: PathElement; set: FieldSet };
      out[serializeElement(child.pe)] = emitNode(child.set, order === 0);
      if (order === 0) mi++;
      ci++;
    }
  }
  return out;
}

/**
 * Parses FieldsV1 JSON into a set (upstream Set.FromJSON). Keys of unknown element types are
 * skipped as upstream does; malformed keys or non-object values throw FieldPathError.
 */
export function fieldsV1ToSet(fields: unknown): FieldSet {
  return readFieldsV1(fields).set;
}

/** The set, and whether `fields` is exactly what setToFieldsV1 writes for it (then reusable as is). */
export function readFieldsV1(fields: unknown): { set: FieldSet; canonical: boolean } {
  const set = emptySet();
  if (fields === undefined || fields === null) return { set, canonical: false };
  const state = { canonical: true };
  readNode(fields, set, state);
  return { set, canonical: state.canonical };
}

/** Reads one node into `into` (the parent's child set); true when the node is also a member. */
function readNode(node: unknown, into: FieldSet, state: { canonical: boolean }): boolean {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) throw new FieldPathError('fieldsV1 must be a JSON object of path elements');
  let isMember = false;
  let hasChildren = false;
  let previous: PathElement | undefined;
  let index = 0;
  for (const key in node) {
    const position = index++;
    if (key === '.') {
      isMember = true;
      if (position !== 0) state.canonical = false;
      continue;
    }
    const pe = deserializeElement(key);
    if (!pe) {
      state.canonical = false;
      continue;
    }
    hasChildren = true;
    // Field keys are canonical as written; keys holding JSON are re-serialized to be comparable.
    const id = pe.kind === 'field' ? key : serializeElement(pe);
    if (id !== key || (previous && compareElements(previous, pe) >= 0)) state.canonical = false;
    previous = pe;
    const value = (node as Record<string, unknown>)[key];
    // Leaves (`{}`) are most keys: no child set for them.
    if (isEmptyObject(value)) {
      into.members.set(id, pe);
      continue;
    }
    const child = emptySet();
    if (readNode(value, child, state)) into.members.set(id, pe);
    if (child.members.size > 0 || child.children.size > 0) mergeChild(into, id, pe, child);
  }
  // A lone "." is written `{}`.
  if (isMember && !hasChildren) state.canonical = false;
  return isMember || !hasChildren;
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const _key in value) return false;
  return true;
}

function mergeChild(into: FieldSet, id: string, pe: PathElement, child: FieldSet): void {
  if (!into.children.has(id)) {
    into.children.set(id, { pe, set: child });
    return;
  }
  const target = descend(into, pe);
  for (const [k, v] of child.members) target.members.set(k, v);
  for (const [k, v] of child.children) target.children.set(k, v);
}
