// Builds the served stores: one StorageResource (backend prefix + watch cache) per storage path,
// shared by every definition stored there, and one generic store per definition.
import type { KubeObject } from '../apis/meta/v1/types.js';
import { admissionChain } from '../admission/chain.js';
import { namespaceLifecycle } from '../admission/plugins/namespace-lifecycle.js';
import { isStatusError } from '../errors/status-error.js';
import { keyScheme, resourcePath } from '../registry/keys.js';
import { namespaceDeleteHook } from '../registry/namespaces/namespace-delete.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import { createStore, type Store, type StorageResource } from '../registry/store/index.js';
import { parseStored } from '../registry/store/codec.js';
import { Cacher } from '../storage/cacher/index.js';
import type { Backend } from '../storage/interface.js';

export interface ServedStores {
  stores: Store[];
  storages: Map<string, StorageResource>;
  storageOf(store: Store): StorageResource;
  /** The store of the core/v1 namespaces resource. */
  namespaces: Store;
  /** One store per storage path among namespaced kinds (for the namespace controller). */
  namespacedByStorage(): Store[];
}

export function buildStores(backend: Backend, storagePrefix: string, definitions: readonly ResourceDefinition[]): ServedStores {
  const storages = new Map<string, StorageResource>();
  const storageOf = (def: ResourceDefinition): StorageResource => {
    const path = resourcePath(def);
    let storage = storages.get(path);
    if (!storage) {
      const keys = keyScheme(storagePrefix, path, def.namespaced);
      const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, onError: (e) => console.error(`kplane: cache ${path}:`, e) });
      storage = { backend, keys, cacher, ...(def.storage?.ttlSeconds ? { ttlSeconds: def.storage.ttlSeconds } : {}) };
      storages.set(path, storage);
    }
    return storage;
  };

  let namespaces: Store | undefined;
  const getNamespace = async (name: string): Promise<KubeObject | undefined> => {
    try {
      return (await namespaces!.get('', name)).object as KubeObject;
    } catch (error) {
      if (isStatusError(error) && error.code === 404) return undefined;
      throw error;
    }
  };
  const admission = admissionChain([namespaceLifecycle(getNamespace)]);

  const storageByStore = new Map<Store, StorageResource>();
  const stores = definitions.map((def) => {
    const isNamespace = def.group === '' && def.resource === 'namespaces';
    const storage = storageOf(def);
    const store = createStore(def, { storage, admission, ...(isNamespace ? { deleteHook: namespaceDeleteHook } : {}) });
    storageByStore.set(store, storage);
    if (isNamespace) namespaces = store;
    return store;
  });
  if (!namespaces) throw new Error('kplane: the namespaces resource must be served');
  return {
    stores,
    storages,
    namespaces,
    storageOf: (store) => storageByStore.get(store)!,
    namespacedByStorage() {
      const byPath = new Map<string, Store>();
      for (const s of stores) if (s.def.namespaced && !byPath.has(resourcePath(s.def))) byPath.set(resourcePath(s.def), s);
      return [...byPath.values()];
    },
  };
}
