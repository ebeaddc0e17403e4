// The current objects of one resource prefix: a map for gets and their key order for ordered, narrowed lists.
import type { CachedObject } from './cached-object.js';
import type { ObjectPredicate } from './cache-event.js';
import { prefixEnd } from '../key-range.js';
import { KeyOrder } from '../key-order.js';

/**
 * Whether `key` is selected by `keyPrefix`. Storage prefixes end with '/', keys never do, so a `keyPrefix`
 * without a trailing '/' names exactly one key (a single-object watch must not match `name-2` for `name`).
 */
export function keyMatches(key: string, keyPrefix: string): boolean {
  return keyPrefix.endsWith('/') ? key.startsWith(keyPrefix) : key === keyPrefix;
}

/** Current state: key -> object, with prefix listing in ascending key order. */
export class CacheStore {
  readonly #objects = new Map<string, CachedObject>();
  readonly #exists = (key: string): boolean => this.#objects.has(key);
  #keys = new KeyOrder([], this.#exists);

  get size(): number {
    return this.#objects.size;
  }

  get(key: string): CachedObject | undefined {
    return this.#objects.get(key);
  }

  /** Stores the object's new state; returns the one it replaces. */
  put(object: CachedObject): CachedObject | undefined {
    const prev = this.#objects.get(object.key);
    this.#objects.set(object.key, object);
    if (prev === undefined) this.#keys.add(object.key);
    return prev;
  }

  /** Removes a key; returns the state it had. */
  delete(key: string): CachedObject | undefined {
    const prev = this.#objects.get(key);
    if (prev !== undefined) {
      this.#objects.delete(key);
      this.#keys.remove(key);
    }
    return prev;
  }

  /** Replaces the whole state (after a list). */
  replace(objects: readonly CachedObject[]): void {
    this.#objects.clear();
    for (const object of objects) this.#objects.set(object.key, object);
    this.#keys = new KeyOrder(this.#objects.keys(), this.#exists);
  }

  /** Objects selected by `keyPrefix` (see keyMatches) that pass `predicate`, ascending by key. */
  list(keyPrefix: string, predicate?: ObjectPredicate): CachedObject[] {
    if (!keyPrefix.endsWith('/')) {
      const one = this.#objects.get(keyPrefix);
      return one !== undefined && (predicate === undefined || predicate(one)) ? [one] : [];
    }
    const items: CachedObject[] = [];
    for (const key of this.#keys.range(keyPrefix, prefixEnd(keyPrefix))) {
      const object = this.#objects.get(key) as CachedObject;
      if (predicate === undefined || predicate(object)) items.push(object);
    }
    return items;
  }
}
