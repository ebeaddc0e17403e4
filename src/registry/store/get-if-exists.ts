// Reading an object that may not exist, for callers that act on absence (controllers, start-up reconcilers).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import { sharedDecoded } from '../../storage/cacher/index.js';
import type { Store } from './types.js';

/** The object `namespace/name` of `store`, or undefined when it does not exist. */
export async function getIfExists(store: Store, namespace: string, name: string): Promise<KubeObject | undefined> {
  try {
    return (await store.get(namespace, name)).object;
  } catch (error) {
    if (isStatusError(error) && error.code === 404) return undefined;
    throw error;
  }
}

/**
 * getIfExists for readers that only read (admission's look-ups on every pod create): the cached state is
 * decoded once and shared, instead of once per call (cacher's sharedDecoded).
 */
export async function sharedIfExists(store: Store, namespace: string, name: string): Promise<Readonly<KubeObject> | undefined> {
  try {
    return sharedDecoded(await store.get(namespace, name));
  } catch (error) {
    if (isStatusError(error) && error.code === 404) return undefined;
    throw error;
  }
}
