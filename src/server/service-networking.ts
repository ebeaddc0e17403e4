// Service networking of one server, assembled in one place for startServer(): the cluster IP and node
// port allocators (hooks of the services store), their repair (a pass at start, then every 3 minutes), and
// the `kubernetes` service with its endpoint reconciler.
import type { ClientSet } from '../client/client-set.js';
import { createServiceAllocators, RangeRepair, REPAIR_INTERVAL_MS, serviceStoreHooks, type ServiceRangeOptions } from '../registry/core/service/index.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { Store } from '../registry/store/index.js';
import type { Backend } from '../storage/interface.js';
import { defaultAdvertiseAddress, startKubernetesService, type EndpointReconcilerType } from './kubernetes-service.js';
import type { ServedStores } from './stores.js';

export interface ServiceNetworkingOptions extends ServiceRangeOptions {
  /** `--advertise-address`; default as kube-apiserver: the bind address, or the host's address for loopback. */
  advertiseAddress?: string;
  bindAddress?: string;
  /** `--endpoint-reconciler-type`: how the `kubernetes` Endpoints are kept (default lease). */
  endpointReconcilerType?: EndpointReconcilerType;
  /** `--apiserver-count`, for the master-count reconciler (default 1). */
  apiserverCount?: number;
}

const storeOf = (served: ServedStores, group: string, resource: string): Store | undefined =>
  served.stores.find((s) => s.def.group === group && s.def.resource === resource);

/** Allocators over `backend`; throws on ranges kube-apiserver refuses (bad CIDR or port range). */
export function serviceNetworking(backend: Backend, storagePrefix: string, options: ServiceNetworkingOptions) {
  const allocators = createServiceAllocators(backend, storagePrefix, options);
  const primary = allocators.allocator(allocators.families[0]!)!;
  const hooks = serviceStoreHooks(allocators);
  const repair = new RangeRepair(allocators);
  return {
    /** For buildStores: the services store allocates and releases. */
    hooksFor: (def: ResourceDefinition) => (def.group === '' && def.resource === 'services' ? hooks : undefined),
    /** After the caches started: mark what stored services hold (leaks are counted, and freed by later passes). */
    async repair(served: ServedStores): Promise<void> {
      const services = storeOf(served, '', 'services');
      if (services) await repair.run(services);
    },
    /** The passes every 3 minutes after (upstream's repair controllers' interval); `stop()` ends them, after a running one. */
    startRepairs(served: ServedStores, intervalMs = REPAIR_INTERVAL_MS): { stop(): Promise<void> } {
      const services = storeOf(served, '', 'services');
      if (!services) return { stop: async () => {} };
      const timer = setInterval(() => {
        repair.run(services).catch((error: unknown) => console.error('kplane: service allocation repair:', error instanceof Error ? error.message : error));
      }, intervalMs);
      timer.unref();
      return {
        stop: () => {
          clearInterval(timer);
          return repair.idle();
        },
      };
    },
    /**
     * Once listening: the `kubernetes` service (first address of the range) and this replica's endpoint,
     * written through `clients` (kube-apiserver's loopback identity) in the background; `stop()` ends them.
     */
    startKubernetesService(served: ServedStores, securePort: number, clients: ClientSet) {
      const [services, endpoints] = [storeOf(served, '', 'services'), storeOf(served, '', 'endpoints')];
      if (!services || !endpoints) return { stop: async () => {} };
      const endpointSlices = storeOf(served, 'discovery.k8s.io', 'endpointslices');
      return startKubernetesService({
        backend,
        storagePrefix,
        services: clients.resource(services.def),
        endpoints: clients.resource(endpoints.def),
        ...(endpointSlices ? { endpointSlices: clients.resource(endpointSlices.def) } : {}),
        serviceIP: primary.range.ipAt(0),
        securePort,
        advertiseAddress: options.advertiseAddress ?? defaultAdvertiseAddress(options.bindAddress),
        ...(options.endpointReconcilerType ? { endpointReconcilerType: options.endpointReconcilerType } : {}),
        ...(options.apiserverCount ? { apiserverCount: options.apiserverCount } : {}),
      });
    },
  };
}
