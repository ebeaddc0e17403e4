// The APIService controller: at start (each leadership term) it syncs the Local APIServices with the
// served group-versions (local-apiservices.ts), and again whenever the served set changes;
// it keeps every APIService's Available condition as far as this server can tell (availability.ts),
// re-checking the APIServices backed by a service when services change.
import type { APIService } from '../../apis/apiregistration/v1/apiservice.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { updateAvailability } from './availability.js';
import { syncLocalAPIServices, type GroupVersion } from './local-apiservices.js';

// Work-queue keys besides APIService names (which always contain a dot, so never collide with these):
// a full sync, and a re-check of every service-backed APIService.
const SYNC_KEY = 'sync';
const SERVICES_KEY = 'services';

export interface LocalAPIServicesDeps {
  apiServices: Store;
  /** The core v1 services store, when served (without it no service exists). */
  services?: Store;
  /** What the server serves now; read at every sync. */
  servedGroupVersions: () => readonly GroupVersion[];
  /** Subscribes to changes of the served set (CRDs, aggregation), to sync again; returns the unsubscribe. */
  onServedSetChange?: (listener: () => void) => () => void;
}

export function localAPIServicesController(deps: LocalAPIServicesDeps): Controller {
  const abort = new AbortController();
  const recheckServiceBacked = async (): Promise<void> => {
    for (const item of (await deps.apiServices.list('', {})).items) if ((item.object as APIService).spec?.service) queue.add(item.object.metadata.name ?? '');
  };
  const queue: WorkQueue = new WorkQueue((key) => {
    if (key === SYNC_KEY) return syncLocalAPIServices(deps.apiServices, deps.servedGroupVersions());
    if (key === SERVICES_KEY) return recheckServiceBacked();
    return updateAvailability(deps.apiServices, deps.services, key);
  });
  const resync = (): void => queue.add(SYNC_KEY);
  let unsubscribe: (() => void) | undefined;
  const watching = new Map<Store, boolean>();
  const follow = (store: Store, onObject: (obj: Readonly<KubeObject>, type: string) => void): void => {
    watching.set(store, true);
    void followWatch(store, { name: 'local-apiservices', signal: abort.signal, onWatching: (w) => watching.set(store, w), onObject });
  };
  return {
    name: 'local-apiservices',
    async start() {
      unsubscribe = deps.onServedSetChange?.(resync);
      resync();
      follow(deps.apiServices, (obj, type) => {
        if (type !== 'DELETED') queue.add(obj.metadata.name ?? '');
      });
      if (deps.services) follow(deps.services, () => queue.add(SERVICES_KEY));
    },
    stop() {
      unsubscribe?.();
      abort.abort();
      queue.stop();
      watching.clear();
    },
    check() {
      if (watching.size === 0 || [...watching.values()].includes(false)) throw new Error('local-apiservices controller is not watching');
    },
  };
}
