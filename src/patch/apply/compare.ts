// What changed between two versions of an object (upstream TypedValue.Compare): leaves that were
// added, removed or modified, plus granular maps and list items that appeared (added) or went away
// (removed) as a whole. A writer owns what it added or modified; other owners lose it.
import { type ApplyType, asObject, fieldType, resolveType } from './apply-type.js';
import { emptySet, insertKeyedPath, isEmptySet, recursiveDifference, type FieldSet } from './field-set.js';
import { indexListItems } from './list-items.js';
import { fieldElement, type PathElement } from './path-element.js';

/** The path walked so far and its elements' serialized forms. */
interface Cursor {
  path: PathElement[];
  keys: string[];
}

function push(at: Cursor, pe: PathElement, key: string): void {
  at.path.push(pe);
  at.keys.push(key);
}

function pop(at: Cursor): void {
  at.path.pop();
  at.keys.pop();
}

/** The three sets of a comparison. */
export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** Compares `lhs` (before) with `rhs` (after); `undefined` stands for an absent value. */
export function compareObjects(lhs: unknown, rhs: unknown, type: ApplyType): Comparison {
  const c: Comparison = { added: emptySet(), modified: emptySet(), removed: emptySet() };
  walk(lhs, rhs, type, { path: [], keys: [] }, c);
  return c;
}

/** True when nothing changed. */
export function isSame(c: Comparison): boolean {
  return isEmptySet(c.added) && isEmptySet(c.modified) && isEmptySet(c.removed);
}

/** The comparison without `fields` and what lies below them (upstream ExcludeFields). */
export function excludeFields(c: Comparison, fields: FieldSet | undefined): Comparison {
  if (!fields || isEmptySet(fields)) return c;
  return { added: recursiveDifference(c.added, fields), modified: recursiveDifference(c.modified, fields), removed: recursiveDifference(c.removed, fields) };
}

function walk(lhs: unknown, rhs: unknown, declared: ApplyType, path: Cursor, c: Comparison): void {
  const lt = lhs === undefined ? undefined : resolveType(declared, lhs);
  const rt = rhs === undefined ? undefined : resolveType(declared, rhs);
  const t = rt ?? lt;
  // A free-form value that changed shape is one modified leaf.
  if (!t || (lt && rt && lt !== rt) || t.kind === 'scalar') return leaf(lhs, rhs, path, c);
  if (t.kind === 'list') {
    const l = Array.isArray(lhs) ? lhs : undefined;
    const r = Array.isArray(rhs) ? rhs : undefined;
    // Both empty or null: a leaf, keeping the empty/null distinction (upstream emptyPromoteToLeaf).
    if (t.relation === 'atomic' || ((l?.length ?? 0) === 0 && (r?.length ?? 0) === 0)) return leaf(lhs, rhs, path, c);
    const left = indexListItems(t, l);
    const right = indexListItems(t, r);
    for (const item of left.order) {
      push(path, item.pe, item.key);
      walk(item.value, right.byKey.get(item.key)?.value, t.item, path, c);
      pop(path);
    }
    for (const item of right.order) {
      if (left.byKey.has(item.key)) continue;
      push(path, item.pe, item.key);
      walk(undefined, item.value, t.item, path, c);
      pop(path);
    }
    return afterItems(lhs, rhs, path, c);
  }
  const l = asObject(lhs);
  const r = asObject(rhs);
  if (t.atomic || (isEmptyObject(l) && isEmptyObject(r))) return leaf(lhs, rhs, path, c);
  for (const name of Object.keys(l ?? {})) {
    if ((l as Record<string, unknown>)[name] === undefined) continue;
    push(path, fieldElement(name), `f:${name}`);
    walk((l as Record<string, unknown>)[name], r?.[name], fieldType(t, name), path, c);
    pop(path);
  }
  for (const name of Object.keys(r ?? {})) {
    if ((r as Record<string, unknown>)[name] === undefined || (l !== undefined && l[name] !== undefined)) continue;
    push(path, fieldElement(name), `f:${name}`);
    walk(undefined, (r as Record<string, unknown>)[name], fieldType(t, name), path, c);
    pop(path);
  }
  afterItems(lhs, rhs, path, c);
}

/** True for no object, or one without a defined value. */
export function isEmptyObject(o: Record<string, unknown> | undefined): boolean {
  if (!o) return true;
  for (const key in o) if (o[key] !== undefined) return false;
  return true;
}

function leaf(lhs: unknown, rhs: unknown, at: Cursor, c: Comparison): void {
  if (lhs === undefined) insertKeyedPath(c.added, at.path, at.keys);
  else if (rhs === undefined) insertKeyedPath(c.removed, at.path, at.keys);
  else if (!jsonEqual(lhs, rhs)) insertKeyedPath(c.modified, at.path, at.keys);
}

/** Upstream's post-item hook: a granular map or list that appeared or disappeared as a whole. */
function afterItems(lhs: unknown, rhs: unknown, at: Cursor, c: Comparison): void {
  if (lhs === undefined) insertKeyedPath(c.added, at.path, at.keys);
  else if (rhs === undefined) insertKeyedPath(c.removed, at.path, at.keys);
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const key in ao) {
    if (ao[key] === undefined) continue;
    count++;
    if (!jsonEqual(ao[key], bo[key])) return false;
  }
  for (const key in bo) if (bo[key] !== undefined) count--;
  return count === 0;
}
