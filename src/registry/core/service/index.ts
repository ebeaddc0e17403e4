// Service cluster IP and node port allocation (upstream pkg/registry/core/service: ipallocator,
// portallocator, allocator/storage, and the service REST layer's allocation hooks). The ranges are
// bitmaps stored as RangeAllocation objects under `<prefix>/ranges/`, changed by compare-and-swap, so
// every replica on one store shares them.
import type { Backend } from '../../../storage/interface.js';
import { serviceStoreHooks } from './store-hooks.js';
import { ServiceIPRange } from './ip-range.js';
import { DEFAULT_NODE_PORT_RANGE, PortRange } from './port-range.js';
import { IPAllocator, PortAllocator } from './range-allocators.js';
import { RangeRepair, REPAIR_INTERVAL_MS } from './repair.js';
import { ServiceAllocators } from './service-allocators.js';

export { serviceStoreHooks, RangeRepair, REPAIR_INTERVAL_MS, ServiceAllocators, ServiceIPRange, PortRange, DEFAULT_NODE_PORT_RANGE };
export { rangeKey, AllocationError, IPAllocator, PortAllocator } from './range-allocators.js';
export type { IPFamily } from './ip-range.js';

/** kube-apiserver's default `--service-cluster-ip-range`. */
export const DEFAULT_SERVICE_CLUSTER_IP_RANGE = '10.0.0.0/24';

/** `--service-cluster-ip-range` and `--service-node-port-range`. */
export interface ServiceRangeOptions {
  /** One CIDR, or two of different families separated by a comma (dual-stack). */
  serviceClusterIPRange?: string;
  serviceNodePortRange?: string;
}

/** The allocators of one server over `backend`; throws on ranges kube-apiserver would refuse. */
export function createServiceAllocators(backend: Backend, storagePrefix: string, options: ServiceRangeOptions = {}): ServiceAllocators {
  const cidrs = (options.serviceClusterIPRange ?? DEFAULT_SERVICE_CLUSTER_IP_RANGE).split(',').map((s) => s.trim());
  const ranges = cidrs.map((c) => ServiceIPRange.parse(c));
  if (ranges.length > 2 || (ranges.length === 2 && ranges[0]!.family === ranges[1]!.family))
    throw new Error('--service-cluster-ip-range: may be one CIDR or two of different IP families');
  // Only the primary range is stored under `serviceips` (upstream keeps the secondary under `secondaryserviceips`).
  const ips = ranges.map((r, i) => new IPAllocator(backend, storagePrefix, r, i === 0 ? 'serviceips' : 'secondaryserviceips'));
  const ports = new PortAllocator(backend, storagePrefix, PortRange.parse(options.serviceNodePortRange ?? DEFAULT_NODE_PORT_RANGE));
  return new ServiceAllocators(ips, ports);
}
