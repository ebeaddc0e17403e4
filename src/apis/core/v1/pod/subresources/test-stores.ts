// Test support: generic stores of some definitions over one memory backend, and the access a
// subresource gets to them (what the resource router gives it).
import { admissionChain } from '../../../../../admission/chain.js';
import { keyScheme } from '../../../../../registry/keys.js';
import type { ResourceDefinition } from '../../../../../registry/resource-definition.js';
import { createStore, type Store } from '../../../../../registry/store/index.js';
import { parseStored, storedJsonWithRevision } from '../../../../../registry/store/codec.js';
import type { SubresourceAccess } from '../../../../../registry/subresource.js';
import { Cacher } from '../../../../../storage/cacher/index.js';
import { createMemoryBackend } from '../../../../../storage/memory/index.js';

export interface MemoryStores {
  stores: Store[];
  /** The access of a subresource of the first definition's store. */
  access: SubresourceAccess;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One store per definition; `access.parent` is the first one's. */
export function memoryStores(defs: readonly ResourceDefinition[]): MemoryStores {
  const backend = createMemoryBackend();
  const cachers: Cacher[] = [];
  const stores = defs.map((def) => {
    const keys = keyScheme('/registry', def.resource, def.namespaced);
    const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
    cachers.push(cacher);
    return createStore(def, { storage: { backend, keys, cacher }, admission: admissionChain([]) });
  });
  const parent = stores[0];
  if (!parent) throw new Error('memoryStores: no definitions');
  return {
    stores,
    access: { parent, storeFor: (group, resource) => stores.find((s) => s.def.group === group && s.def.resource === resource) },
    async start() {
      for (const cacher of cachers) await cacher.start();
    },
    async stop() {
      for (const cacher of cachers) cacher.stop();
      await backend.close();
    },
  };
}
