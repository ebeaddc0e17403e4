// The FieldsV1 of a create in one walk (the field manager's fast path): the writer of a new object owns
// every field the comparison with the empty object finds, and that set is known without comparing.
// This walk gives exactly what setToFieldsV1 gives for the set runUpdate computes from no ownership:
// - below the root, a value that appears is a member, a granular map or list also holds its entries
//   (`".": {}` first), scalars, atomic and empty lists and maps are leaves (compare.ts);
// - root fields that the empty view holds as `{}` (metadata, spec, status) are compared with `{}`:
//   not members themselves, leaves only when they differ from `{}`;
// - `ignored` drops paths with everything below them (recursiveDifference), `strip` drops exact
//   paths only (difference), nodes left empty go; what is dropped is walked all the same;
// - keys are in upstream element order: field names in Go string order, list items by element.
// List items are indexed as the comparison indexes them, so the same values throw ApplyTypeError.
import { type ApplyType, type MapType, asObject, fieldType, resolveType } from './apply-type.js';
import { isEmptyObject, jsonEqual } from './compare.js';
import type { FieldSet } from './field-set.js';
import { indexListItems, propertyName, type IndexedItem } from './list-items.js';
import { compareElements } from './path-element.js';
import { sortGoStrings, sortSmall } from '../../schema/go-strings.js';

type Fields = Record<string, unknown>;


/**
 * FieldsV1 of the paths a create of `obj` gives its writer, `obj` and `live` being the field
 * manager's comparable views of the new object and of no object; `{}` when nothing is owned.
 */
export function createdFieldsV1(type: MapType, live: Fields, obj: Fields, ignored: FieldSet | undefined, strip: FieldSet): Fields {
  const out: Fields = {};
  for (const name of definedKeys(obj)) {
    const key = fieldKey(name);
    const value = obj[name];
    const declared = fieldType(type, name);
    const before = live[name];
    // Reset fields are compared all the same: their values throw where the comparison would.
    if (ignored?.members.has(key)) {
      if (before !== undefined) fromLive(value, before, declared, true, undefined, undefined);
      else added(value, declared, true, undefined, undefined);
      continue;
    }
    const member = !strip.members.has(key);
    const ignoredBelow = ignored?.children.get(key)?.set;
    const stripBelow = strip.children.get(key)?.set;
    const node = before !== undefined ? fromLive(value, before, declared, member, ignoredBelow, stripBelow) : added(value, declared, member, ignoredBelow, stripBelow);
    if (node) out[key] = node;
  }
  return out;
}

/**
 * A field the empty view already holds (`{}` for a root struct, or the kind's zero value: a template's
 * metadata, `creationTimestamp: null`): owned where it differs (compare.ts with that lhs); not a member.
 */
function fromLive(value: unknown, before: unknown, declared: ApplyType, member: boolean, ignored: FieldSet | undefined, strip: FieldSet | undefined): Fields | undefined {
  const t = resolveType(declared, value);
  if (t !== resolveType(declared, before) || t.kind === 'scalar') return changedLeaf(value, before, member);
  if (t.kind === 'list') {
    if (t.relation === 'atomic' || !Array.isArray(value) || value.length === 0 || (Array.isArray(before) && before.length > 0)) return changedLeaf(value, before, member);
    return listNode(value, t, false, ignored, strip);
  }
  const object = asObject(value);
  const old = asObject(before);
  // Both empty: a leaf (compare.ts); an emptied struct only loses fields, which a create owns none of.
  if (t.atomic || (isEmptyObject(object) && isEmptyObject(old))) return changedLeaf(value, before, member);
  if (isEmptyObject(old)) return mapNode(object as Fields, t, false, ignored, strip);
  return mapNodeFrom((object ?? {}) as Fields, old as Fields, t, ignored, strip);
}

function changedLeaf(value: unknown, before: unknown, member: boolean): Fields | undefined {
  return member && !jsonEqual(before, value) ? {} : undefined;
}

/** A struct both views hold: its fields against the zero value's, those the zero value lacks as added. */
function mapNodeFrom(object: Fields, before: Fields, t: MapType, ignored: FieldSet | undefined, strip: FieldSet | undefined): Fields | undefined {
  const out: Fields = {};
  let entries = 0;
  for (const name of definedKeys(object)) {
    const key = fieldKey(name);
    const ignore = ignored?.members.has(key) === true;
    const member = !strip?.members.has(key);
    const ignoredBelow = ignore ? undefined : ignored?.children.get(key)?.set;
    const stripBelow = strip?.children.get(key)?.set;
    const declared = fieldType(t, name);
    const node = before[name] !== undefined ? fromLive(object[name], before[name], declared, member, ignoredBelow, stripBelow) : added(object[name], declared, member, ignoredBelow, stripBelow);
    if (!node || ignore) continue;
    out[key] = node;
    entries++;
  }
  return finish(out, entries, false);
}

/** A value that appeared: a member (unless stripped), with its entries when a granular map or list. */
function added(value: unknown, declared: ApplyType, member: boolean, ignored: FieldSet | undefined, strip: FieldSet | undefined): Fields | undefined {
  const t = resolveType(declared, value);
  if (t.kind === 'scalar') return member ? {} : undefined;
  if (t.kind === 'list') {
    if (t.relation === 'atomic' || !Array.isArray(value) || value.length === 0) return member ? {} : undefined;
    return listNode(value, t, member, ignored, strip);
  }
  const object = asObject(value);
  if (t.atomic || isEmptyObject(object)) return member ? {} : undefined;
  return mapNode(object as Fields, t, member, ignored, strip);
}

function mapNode(object: Fields, t: MapType, member: boolean, ignored: FieldSet | undefined, strip: FieldSet | undefined): Fields | undefined {
  const out: Fields = member ? { '.': {} } : {};
  let entries = 0;
  for (const name of definedKeys(object)) {
    const key = fieldKey(name);
    const ignore = ignored?.members.has(key) === true;
    const node = added(object[name], fieldType(t, name), !strip?.members.has(key), ignore ? undefined : ignored?.children.get(key)?.set, strip?.children.get(key)?.set);
    if (!node || ignore) continue;
    out[key] = node;
    entries++;
  }
  return finish(out, entries, member);
}

function listNode(list: readonly unknown[], t: Extract<ApplyType, { kind: 'list' }>, member: boolean, ignored: FieldSet | undefined, strip: FieldSet | undefined): Fields | undefined {
  const items = indexListItems(t, list).order;
  if (items.length > 1) sortSmall(items, byElement);
  const out: Fields = member ? { '.': {} } : {};
  let entries = 0;
  for (const item of items) {
    const ignore = ignored?.members.has(item.key) === true;
    const node = added(item.value, t.item, !strip?.members.has(item.key), ignore ? undefined : ignored?.children.get(item.key)?.set, strip?.children.get(item.key)?.set);
    if (!node || ignore) continue;
    out[item.key] = node;
    entries++;
  }
  return finish(out, entries, member);
}

function byElement(a: IndexedItem, b: IndexedItem): number {
  return compareElements(a.pe, b.pe);
}

/** A node with `entries` children: a member alone is `{}`, a non-member without children goes. */
function finish(out: Fields, entries: number, member: boolean): Fields | undefined {
  if (entries > 0) return out;
  return member ? {} : undefined;
}

// Field keys once built, as property names: a new string would be hashed and looked up again.
const fieldKeys = new Map<string, string>();
const MAX_FIELD_KEYS = 4096;

function fieldKey(name: string): string {
  let key = fieldKeys.get(name);
  if (key === undefined) {
    if (fieldKeys.size >= MAX_FIELD_KEYS) fieldKeys.clear();
    key = propertyName(`f:${name}`);
    fieldKeys.set(name, key);
  }
  return key;
}

/** Keys with a defined value, in Go string order (the order of field elements). */
function definedKeys(object: Fields): string[] {
  const keys = Object.keys(object);
  let defined = 0;
  for (const key of keys) if (object[key] !== undefined) keys[defined++] = key;
  if (defined < keys.length) keys.length = defined;
  return sortGoStrings(keys);
}
