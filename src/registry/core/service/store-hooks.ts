// The services store's hooks (upstream service storage's BeginCreate / BeginUpdate / AfterDelete):
// allocation runs after mutating admission and before validation, is committed once the write holds
// and reverted when it fails; a service that left storage gives its cluster IPs and node ports back.
import { normalizeClusterIPs, patchAllocatedValues, type Service } from '../../../apis/core/v1/service/index.js';
import type { StoreHooks } from '../../store/index.js';
import type { ServiceAllocators } from './service-allocators.js';

export function serviceStoreHooks(allocators: ServiceAllocators): StoreHooks {
  return {
    beginCreate(obj, options) {
      const svc = obj as Service;
      normalizeClusterIPs(svc, undefined);
      return allocators.allocateCreate(svc, options.dryRun);
    },
    beginUpdate(obj, old, options) {
      const svc = obj as Service;
      // Values the client left out are patched back from the stored object (idempotent apply and replace).
      patchAllocatedValues(svc, old as Service);
      normalizeClusterIPs(svc, old as Service);
      return allocators.allocateUpdate(svc, old as Service, options.dryRun);
    },
    afterDelete: (obj) => allocators.release(obj as Service),
  };
}
