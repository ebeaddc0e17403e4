// The checks behind /livez, /readyz and /healthz: storage reachable, caches synced, controllers started.
import type { Backend } from '../storage/interface.js';
import type { HealthCheck } from './health.js';
import type { ServedStores } from './stores.js';
import { withinTime } from '../async/within-time.js';

/** kube-apiserver's `--etcd-healthcheck-timeout`: a store that does not answer in time is unhealthy. */
const STORAGE_CHECK_TIMEOUT_MS = 2_000;

/** The storage backend's check, bounded: one that does not answer within the timeout fails (the health checks and componentstatuses). */
export function checkStorage(backend: Backend): Promise<void> {
  return withinTime(backend.check(), STORAGE_CHECK_TIMEOUT_MS, () => {
    throw new Error(`${backend.name} did not answer within ${STORAGE_CHECK_TIMEOUT_MS} ms`);
  });
}

export interface HealthChecks {
  livez: HealthCheck[];
  readyz: HealthCheck[];
  healthz: HealthCheck[];
}

/** What the checks read of the server's lifecycle. */
export interface Lifecycle {
  /** Set when graceful termination starts: /readyz fails from then on (upstream's `shutdown` check). */
  readonly terminating: boolean;
  /** `--livez-grace-period`: until this time (epoch ms) /livez assumes unfinished post-start hooks will finish. */
  readonly livezGraceUntil: number;
}

/** What the checks read of a controller. */
export interface ControllerHealth {
  readonly name: string;
  check(): void;
}

/**
 * A kube-controller-manager controller as kube-apiserver's health reports it: upstream's kube-apiserver
 * reports none of them (they live in another process, whose failures, such as a policy that forbids them,
 * do not make the API server unready), so kplane's post-start hook of one passes once it has started.
 */
export function startedOnly(controller: ControllerHealth, started: () => boolean): ControllerHealth {
  return {
    name: controller.name,
    check: () => {
      // upstream postStartHookHealthz's error, which /readyz/poststarthook/<name> prints.
      if (!started()) throw new Error('not finished');
    },
  };
}

/** The checks of each health endpoint, in upstream's order. */
export function healthChecks(backend: Backend, served: ServedStores, controllers: readonly ControllerHealth[], lifecycle: Lifecycle): HealthChecks {
  const ping: HealthCheck = { name: 'ping', check: () => undefined };
  const log: HealthCheck = { name: 'log', check: () => undefined };
  // Upstream names the storage check `etcd`; ours carries the backend's name (`etcd` for the etcd backend).
  const storage: HealthCheck = { name: backend.name, check: () => checkStorage(backend) };
  const started: HealthCheck[] = controllers.map((c) => ({ name: `poststarthook/start-${c.name}-controller`, check: () => c.check() }));
  const cachesSynced: HealthCheck = {
    name: 'informer-sync',
    check: () => {
      const unsynced = [...served.storages.values()].filter((s) => !s.cacher.synced);
      if (unsynced.length > 0) throw new Error(`${unsynced.length} caches not synced`);
    },
  };
  const shutdown: HealthCheck = {
    name: 'shutdown',
    check: () => {
      if (lifecycle.terminating) throw new Error('process is shutting down');
    },
  };
  const startedOrGrace = started.map((hook) => ({ name: hook.name, check: () => (Date.now() < lifecycle.livezGraceUntil ? undefined : hook.check()) }));
  return {
    livez: [ping, log, storage, ...startedOrGrace],
    readyz: [ping, log, storage, cachesSynced, ...started, shutdown],
    healthz: [ping, log, storage, ...started],
  };
}
