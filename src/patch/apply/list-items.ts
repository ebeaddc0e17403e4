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
  for (const key of t.keys) fields.push([key, keyFieldValue(t, object, key)]);
  return keyElement(fields);
}

function keyFieldValue(t: ListType, object: Record<string, unknown>, key: string): unknown {
  if (object[key] !== undefined) return object[key];
  if (t.keyDefaults.has(key)) return t.keyDefaults.get(key);
  throw new ApplyTypeError(`associative list with keys has an element that omits key field ${JSON.stringify(key)} (and doesn't have default value)`);
}

/** An item's element and its `fieldsV1` key. */
interface NamedElement {
  readonly pe: PathElement;
  readonly key: string;
}

// The items of a list-map are named by the same few key values on every write (a container `web`, a port
// 8080/TCP): their elements are kept per list type, by key values (one Map level per key field), so that a
// key is built, hashed and made a property name once rather than per item and write (~10 µs of a Pod create).
// Bounded: a list type's cache is emptied when it holds MAX_CACHED_ELEMENTS.
interface ElementCache {
  size: number;
  root: Map<unknown, unknown>;
}
const elementCaches = new WeakMap<ListType, ElementCache>();
const MAX_CACHED_ELEMENTS = 4096;

const isKeyScalar = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The element of a list-map item, from the cache when its key values are scalars. */
function namedKeyedItem(t: ListType, item: unknown): NamedElement {
  const object = asObject(item);
  if (object === undefined) return uncached(keyedItemElement(t, item));
  const cache = elementCache(t);
  let level = cache.root;
  const last = t.keys.length - 1;
  for (let i = 0; i < last; i++) {
    const value = keyFieldValue(t, object, t.keys[i] as string);
    if (!isKeyScalar(value)) return uncached(keyedItemElement(t, item));
    let next = level.get(value) as Map<unknown, unknown> | undefined;
    if (next === undefined) level.set(value, (next = new Map()));
    level = next;
  }
  const value = keyFieldValue(t, object, t.keys[last] as string);
  if (!isKeyScalar(value)) return uncached(keyedItemElement(t, item));
  let element = level.get(value) as NamedElement | undefined;
  if (element === undefined) {
    level.set(value, (element = named(keyedItemElement(t, item))));
    cache.size++;
  }
  return element;
}

function elementCache(t: ListType): ElementCache {
  let cache = elementCaches.get(t);
  if (cache === undefined || cache.size >= MAX_CACHED_ELEMENTS) {
    cache = { size: 0, root: new Map<unknown, unknown>() };
    elementCaches.set(t, cache);
  }
  return cache;
}

function named(pe: PathElement): NamedElement {
  return { pe, key: propertyName(serializeElement(pe)) };
}

function uncached(pe: PathElement): NamedElement {
  return { pe, key: serializeElement(pe) };
}

/** `name` as V8 keeps property names (internalized): stored as an object key, it is not looked up again. */
export function propertyName(name: string): string {
  return Object.keys({ [name]: true })[0] as string;
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
    const { pe, key } = t.relation === 'map' ? namedKeyedItem(t, value) : uncached(listItemElement(t, value, index));
    if (byKey.has(key)) throw new ApplyTypeError(`duplicate entries for key ${elementString(pe)}`);
    const item = { pe, key, value };
    byKey.set(key, item);
    order.push(item);
  }
  return { order, byKey };
}
