// The Local APIServices controller: at start (each leadership term) it syncs the Local APIServices with
// the served group-versions (local-apiservices.ts), and again on every `change` event of `servedSetChanges`;
// it keeps every local APIService's Available condition True with reason Local, as kube-aggregator's
// availability controller does (a local API is served by this very server).
import { localAvailableCondition, type APIService, type APIServiceCondition } from '../../apis/apiregistration/v1/apiservice.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { syncLocalAPIServices, type GroupVersion } from './local-apiservices.js';

/** The work-queue key of a full sync (APIService names contain a dot, so they never collide with it). */
const SYNC_KEY = 'sync';

export interface LocalAPIServicesDeps {
  apiServices: Store;
  /** What the server serves now; read at every sync. */
  servedGroupVersions: () => readonly GroupVersion[];
  /** Emits `change` when the served set changed (CRDs, runtime config), to sync again. */
  servedSetChanges?: EventTarget;
}

/** Whether a local APIService already says Available/True/Local. */
function isLocallyAvailable(obj: Readonly<KubeObject>): boolean {
  const want = localAvailableCondition(new Date(0));
  const have = (obj as APIService).status?.conditions?.find((c) => c.type === 'Available');
  return have?.status === want.status && have.reason === want.reason && have.message === want.message;
}

/** upstream SetAPIServiceCondition: replace the Available condition; the transition time moves only with the status. */
function withLocalAvailable(apiService: APIService): APIService {
  const next = structuredClone(apiService);
  const conditions: APIServiceCondition[] = next.status?.conditions ?? [];
  const condition = localAvailableCondition(new Date());
  const i = conditions.findIndex((c) => c.type === condition.type);
  if (i < 0) conditions.push(condition);
  else conditions[i] = { ...condition, lastTransitionTime: conditions[i]!.status === condition.status ? conditions[i]!.lastTransitionTime : condition.lastTransitionTime };
  next.status = { ...next.status, conditions };
  return next;
}

async function markAvailable(store: Store, name: string): Promise<void> {
  try {
    await store.update('', name, (current) => {
      if (!current || (current as APIService).spec?.service || isLocallyAvailable(current)) return structuredClone(current as KubeObject);
      return withLocalAvailable(current as APIService);
    }, { dryRun: false, fieldManager: 'kube-apiserver', subresource: 'status' });
  } catch (error) {
    if (!(isStatusError(error) && error.code === 404)) throw error;
  }
}

export function localAPIServicesController(deps: LocalAPIServicesDeps): Controller {
  const abort = new AbortController();
  const queue = new WorkQueue((key) => (key === SYNC_KEY ? syncLocalAPIServices(deps.apiServices, deps.servedGroupVersions()) : markAvailable(deps.apiServices, key)));
  const resync = (): void => queue.add(SYNC_KEY);
  let watching = false;
  return {
    name: 'local-apiservices',
    async start() {
      watching = true;
      deps.servedSetChanges?.addEventListener('change', resync);
      resync();
      void followWatch(deps.apiServices, {
        name: 'local-apiservices',
        signal: abort.signal,
        onWatching: (w) => (watching = w),
        onObject: (obj, type) => {
          if (type !== 'DELETED' && !(obj as APIService).spec?.service && !isLocallyAvailable(obj)) queue.add(obj.metadata.name ?? '');
        },
      });
    },
    stop() {
      deps.servedSetChanges?.removeEventListener('change', resync);
      abort.abort();
      queue.stop();
      watching = false;
    },
    check() {
      if (!watching) throw new Error('local-apiservices controller is not watching');
    },
  };
}
