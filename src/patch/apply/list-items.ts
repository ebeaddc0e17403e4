// How an item of a granular list is named in a field path (upstream listItemToPathElement): a
// list-map item by its key fields (`k:{"name":"x"}`), a set item by its value (`v:"x"`).
import { ApplyTypeError, asObject, type ListType } from './apply-type.js';
import { elementString, keyElement, serializeElement, type KeyField, type PathElement } from './path-element.js';

/** The path element of one item of a `map` or `set` list. */
export function listItemElement(t: ListType, item: unknown, index: number): PathElement {
  if (t.relation === 'map') return keyedItemElement(t, item);
  if (t.relation === 'set') {
    if (Array.isArray(item)) throw new ApplyTypeError('associative list without keys has an element that\'s a list type');
    if (asObject(item)) throw new ApplyTypeError('associative list without keys has an element that\'s a map type');
    return { kind: 'value', value: item };
  }
  return { kind: 'index', index };
}

function keyedItemElement(t: ListType, item: unknown): PathElement {
  if (item === null) throw new ApplyTypeError('associative list with keys may not have a null element');
  const object = asObject(item);
  if (!object) throw new ApplyTypeError('associative list with keys may not have non-map elements');
  const fields: KeyField[] = [];
  for (const key of t.keys) {
    if (object[key] !== undefined) fields.push([key, object[key]]);
    else if (t.keyDefaults.has(key)) fields.push([key, t.keyDefaults.get(key)]);
    else throw new ApplyTypeError(`associative list with keys has an element that omits key field ${JSON.stringify(key)} (and doesn't have default value)`);
  }
  return keyElement(fields);
}

/** One indexed item: its element, identity and value. */
export interface IndexedItem {
  pe: PathElement;
  key: string;
  value: unknown;
}

/**
 * The items of a granular list in order, by identity. Duplicate keys are an error, as in
 * structured-merge-diff v4 (upstream then drops managedFields on updates and fails applies).
 */
export function indexListItems(t: ListType, list: readonly unknown[] | undefined): { order: IndexedItem[]; byKey: Map<string, IndexedItem> } {
  const order: IndexedItem[] = [];
  const byKey = new Map<string, IndexedItem>();
  if (list === undefined) return { order, byKey };
  for (let index = 0; index < list.length; index++) {
    const value = list[index];
    const pe = listItemElement(t, value, index);
    const key = serializeElement(pe);
    if (byKey.has(key)) throw new ApplyTypeError(`duplicate entries for key ${elementString(pe)}`);
    const item = { pe, key, value };
    byKey.set(key, item);
    order.push(item);
  }
  return { order, byKey };
}
