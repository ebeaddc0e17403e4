// The APIService controller (kube-apiserver's own, as its autoregister and availability controllers): at
// start (each leadership term) it syncs the Local APIServices with the served group-versions
// (local-apiservices.ts), and again whenever the served set changes; it keeps every APIService's Available
// condition as far as this server can tell (availability.ts), re-checking the APIServices backed by a
// service when services change. It reads kube-apiserver's shared APIService and Service informers and
// writes as `system:apiserver` (field manager `kube-apiserver`, after its user agent).
import type { APIService } from '../../apis/apiregistration/v1/apiservice.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController, type QueueWatch } from '../queue-controller.js';
import type { WorkQueue } from '../work-queue.js';
import { updateAvailability } from './availability.js';
import { syncLocalAPIServices, type GroupVersion } from './local-apiservices.js';

export const LOCAL_APISERVICES = 'local-apiservices';

// Work-queue keys besides APIService names (which always contain a dot, so never collide with these):
// a full sync, and a re-check of every service-backed APIService.
const SYNC_KEY = 'sync';
const SERVICES_KEY = 'services';

export interface LocalAPIServicesDeps {
  apiServices: ResourceRef;
  /** Core v1 services, when served (without them no service exists). */
  services?: ResourceRef;
  /** What the server serves now; read at every sync. */
  servedGroupVersions: () => readonly GroupVersion[];
  /** Subscribes to changes of the served set (CRDs, aggregation), to sync again; returns the unsubscribe. */
  onServedSetChange?: (listener: () => void) => () => void;
}

export function localAPIServicesController(context: ControllerContext, deps: LocalAPIServicesDeps): Controller {
  const apiServices = followed(context, deps.apiServices);
  const services = deps.services && followed(context, deps.services);
  const watches: QueueWatch[] = [{ informer: apiServices.informer, onObject: (obj, type, queue) => type !== 'DELETED' && queue.add(obj.metadata.name ?? '') }];
  if (services) watches.push({ informer: services.informer, onObject: (_obj, _type, queue) => queue.add(SERVICES_KEY) });

  const listed = (): Readonly<APIService>[] => apiServices.informer.list() as unknown as Readonly<APIService>[];
  const reconcile = async (key: string, queue: WorkQueue): Promise<void> => {
    await apiServices.informer.synced();
    // A full sync (rare: at start and when the served set changes) lists what the server has: the cache may
    // not have seen the writes of the previous sync yet, and nothing would sync again after it catches up.
    if (key === SYNC_KEY) return syncLocalAPIServices(apiServices.client, (await apiServices.client.list('')).items as unknown as APIService[], deps.servedGroupVersions());
    if (key !== SERVICES_KEY) return updateAvailability(apiServices, services, key);
    for (const obj of listed()) if (obj.spec?.service) queue.add(obj.metadata.name ?? '');
  };
  let unsubscribe: (() => void) | undefined;
  return queueController(LOCAL_APISERVICES, watches, reconcile, {
    start(queue) {
      unsubscribe = deps.onServedSetChange?.(() => queue.add(SYNC_KEY));
      queue.add(SYNC_KEY);
    },
    stop() {
      unsubscribe?.();
    },
  });
}
