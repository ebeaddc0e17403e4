// The services store: the generic store with cluster IP and node port allocation around its writes
// (upstream service storage's BeginCreate / BeginUpdate / AfterDelete hooks). Allocation runs before
// the generic create or update (so before validation, as upstream) and is committed once the write
// holds, reverted when it fails; a delete gives the service's values back.
import { normalizeClusterIPs, patchAllocatedValues, type Service } from '../../../apis/core/v1/service/index.js';
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import { isStatusError } from '../../../errors/status-error.js';
import { generateName } from '../../object-meta-fields.js';
import { toStatusFromStorage } from '../../storage-errors.js';
import { deleteListed, type Store, type UpdateFn, type WriteOptions } from '../../store/index.js';
import type { ServiceAllocators } from './service-allocators.js';
import type { Transaction } from './transaction.js';

/** Allocation errors other than Status errors (an unreachable store) answer as storage errors do. */
async function translated<T>(store: Store, name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isStatusError(error)) throw error;
    throw toStatusFromStorage(error, store.groupResource, name);
  }
}

/** Wraps the generic services store so its writes allocate and release cluster IPs and node ports. */
export function allocatingServiceStore(store: Store, allocators: ServiceAllocators): Store {
  const beginCreate = (svc: Service, options: WriteOptions): Promise<Transaction> => {
    store.def.defaults?.(svc);
    normalizeClusterIPs(svc, undefined);
    return translated(store, svc.metadata.name ?? '', () => allocators.allocateCreate(svc, options.dryRun));
  };
  const beginUpdate = (svc: Service, old: Service, options: WriteOptions): Promise<Transaction> => {
    store.def.defaults?.(svc);
    patchAllocatedValues(svc, old);
    normalizeClusterIPs(svc, old);
    return translated(store, svc.metadata.name ?? '', () => allocators.allocateUpdate(svc, old, options.dryRun));
  };
  const finish = async <T>(txn: () => Transaction | undefined, write: () => Promise<T>): Promise<T> => {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await txn()?.revert();
      throw error;
    }
    await txn()?.commit();
    return result;
  };

  const services: Store = {
    ...store,
    async create(namespace, obj, options) {
      const svc = obj as Service;
      if (!svc.metadata.name && svc.metadata.generateName) svc.metadata.name = generateName(svc.metadata.generateName);
      const txn = await beginCreate(svc, options);
      return finish(() => txn, () => store.create(namespace, svc, options));
    },

    async update(namespace, name, fn, options) {
      let txn: Transaction | undefined;
      // `fn` runs again when the write loses a race: what the previous attempt took goes back first.
      const allocating: UpdateFn = async (current) => {
        const previous = txn;
        txn = undefined;
        await previous?.revert();
        const obj = (await fn(current)) as Service;
        if (current) txn = await beginUpdate(obj, structuredClone(current) as Service, options);
        else if (options.apply) txn = await beginCreate(obj, options);
        return obj as KubeObject;
      };
      // A subresource write (status) changes no allocated field.
      const result = await finish(() => txn, () => store.update(namespace, name, options.subresource ? fn : allocating, options));
      // The update removed the last finalizer of a deleting service: the store deleted it, so its values go back.
      const meta = result.object.metadata;
      if (meta.deletionTimestamp && (meta.finalizers ?? []).length === 0 && !options.dryRun)
        await translated(store, name, () => allocators.release(result.object as Service));
      return result;
    },

    async delete(namespace, name, options, write) {
      const result = await store.delete(namespace, name, options, write);
      if (result.deleted && !write.dryRun) await translated(store, name, () => allocators.release(result.object as Service));
      return result;
    },

    deleteCollection: (namespace, list, options, write) => deleteListed(services, namespace, list, options, write),
  };
  return services;
}
