// The repair pass at start (upstream ipallocator/controller and portallocator/controller Repair):
// every cluster IP and node port the stored services hold is marked in the stored ranges. It only
// marks, never frees: a value allocated by another replica for a service not yet written must stay
// taken (upstream frees such leaks only after several passes; kplane leaves them).
import { familyOf } from './ip-range.js';
import { needsHealthCheck, nodePortsOf, type Service } from '../../../apis/core/v1/service/index.js';
import type { Store } from '../../store/index.js';
import type { ServiceAllocators } from './service-allocators.js';

/** Marks the values of every stored service; returns how many services were read. */
export async function repairServiceRanges(services: Store, allocators: ServiceAllocators): Promise<number> {
  const { items } = await services.list('', {});
  const list = items.map((i) => i.object as Service);
  for (const family of allocators.families) {
    const allocator = allocators.allocator(family)!;
    const offsets = list.flatMap((svc) => (svc.spec?.clusterIPs ?? []).filter((ip) => familyOf(ip) === family)).map((ip) => allocator.range.offsetOf(ip));
    await allocator.stored.run((bitmap) => offsets.forEach((o) => o !== undefined && bitmap.allocate(o)));
  }
  const ports = list.flatMap((svc) => [...nodePortsOf(svc), ...(needsHealthCheck(svc) && svc.spec?.healthCheckNodePort ? [svc.spec.healthCheckNodePort] : [])]);
  const range = allocators.ports.range;
  await allocators.ports.stored.run((bitmap) => ports.forEach((p) => {
    const offset = range.offsetOf(p);
    if (offset !== undefined) bitmap.allocate(offset);
  }));
  return list.length;
}
