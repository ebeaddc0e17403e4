// Reading an object that may not exist, for callers that act on absence (controllers, start-up reconcilers).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import { sharedDecoded } from '../../storage/cacher/index.js';
import type { StoredItem, Store } from './types.js';

/** `read` of the item `namespace/name` of `store`, or undefined when it does not exist. */
async function readIfExists<T>(store: Store, namespace: string, name: string, read: (item: StoredItem) => T, resourceVersion?: string): Promise<T | undefined> {
  try {
    return read(await store.get(namespace, name, resourceVersion));
  } catch (error) {
    if (isStatusError(error) && error.code === 404) return undefined;
    throw error;
  }
}

/** The object `namespace/name` of `store` (the caller's copy), or undefined when it does not exist. */
export function getIfExists(store: Store, namespace: string, name: string): Promise<KubeObject | undefined> {
  return readIfExists(store, namespace, name, (item): KubeObject => item.object);
}

/**
 * getIfExists for readers that only read (admission's look-ups on every pod create): the cached state is
 * decoded once and shared, instead of once per call (cacher's sharedDecoded). `resourceVersion` as for a GET
 * (`0`: the watch cache as it is; unset: a consistent read).
 */
export function sharedIfExists(store: Store, namespace: string, name: string, resourceVersion?: string): Promise<Readonly<KubeObject> | undefined> {
  return readIfExists(store, namespace, name, sharedDecoded, resourceVersion);
}
