// The checks behind /livez, /readyz and /healthz: storage reachable, caches synced, controllers started.
import type { Backend } from '../storage/interface.js';
import type { HealthCheck } from './health.js';
import type { ServedStores } from './stores.js';

export interface HealthChecks {
  livez: HealthCheck[];
  readyz: HealthCheck[];
  healthz: HealthCheck[];
}

export function healthChecks(backend: Backend, served: ServedStores, controllers: readonly { name: string; check(): void }[]): HealthChecks {
  const ping: HealthCheck = { name: 'ping', check: () => undefined };
  const log: HealthCheck = { name: 'log', check: () => undefined };
  // Upstream names the storage check `etcd`; ours carries the backend's name.
  const storage: HealthCheck = { name: backend.name, check: () => backend.check() };
  const started: HealthCheck[] = controllers.map((c) => ({ name: `poststarthook/start-${c.name}-controller`, check: () => c.check() }));
  const cachesSynced: HealthCheck = {
    name: 'informer-sync',
    check: () => {
      const unsynced = [...served.storages.values()].filter((s) => !s.cacher.synced);
      if (unsynced.length > 0) throw new Error(`${unsynced.length} caches not synced`);
    },
  };
  return {
    livez: [ping, log, storage, ...started],
    readyz: [ping, log, storage, cachesSynced, ...started],
    healthz: [ping, log, storage, ...started],
  };
}
