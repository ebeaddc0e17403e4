// The API Priority and Fairness configuration controller: keeps the 1.25 bootstrap FlowSchemas and
// PriorityLevelConfigurations (ensure.ts) and the FlowSchemas' Dangling condition (dangling.ts). Upstream
// checks every minute; we also check after every change of either kind, so a deleted mandatory object
// comes back at once. Enforcement of priority and fairness is not done here.
import {
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  suggestedFlowSchemas,
  suggestedPriorityLevelConfigurations,
} from '../../apis/flowcontrol/v1beta2/bootstrap.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Store } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { followWatch } from '../follow-watch.js';
import { WorkQueue } from '../work-queue.js';
import { updateDanglingConditions } from './dangling.js';
import { ensureObject, removeUnwanted } from './ensure.js';

/** Upstream's period between two checks of the configuration. */
export const RESYNC_PERIOD_MS = 60_000;
const KEY = 'configuration';

export interface APFConfigurationDeps {
  /** The flowcontrol.apiserver.k8s.io/v1beta2 stores (the storage version). */
  flowSchemas: Store;
  priorityLevels: Store;
}

/** One pass: priority levels first (flow schemas reference them), then flow schemas, then their status. */
export async function ensureAPFConfiguration(deps: APFConfigurationDeps): Promise<void> {
  await ensureKind(deps.priorityLevels, mandatoryPriorityLevelConfigurations(), suggestedPriorityLevelConfigurations());
  await ensureKind(deps.flowSchemas, mandatoryFlowSchemas(), suggestedFlowSchemas());
  await updateDanglingConditions(deps.flowSchemas, deps.priorityLevels);
}

async function ensureKind(store: Store, mandatory: readonly KubeObject[], suggested: readonly KubeObject[]): Promise<void> {
  for (const obj of suggested) await ensureObject(store, obj, false);
  for (const obj of mandatory) await ensureObject(store, obj, true);
  await removeUnwanted(store, new Set([...mandatory, ...suggested].map((o) => o.metadata.name ?? '')));
}

export function apfConfigurationController(deps: APFConfigurationDeps): Controller {
  const abort = new AbortController();
  const queue = new WorkQueue(() => ensureAPFConfiguration(deps));
  const watching = new Map<Store, boolean>();
  let timer: NodeJS.Timeout | undefined;
  const follow = (store: Store): void => {
    watching.set(store, true);
    void followWatch(store, { name: 'apf-configuration', signal: abort.signal, onWatching: (w) => watching.set(store, w), onObject: () => queue.add(KEY) });
  };
  return {
    name: 'apf-configuration',
    async start() {
      queue.add(KEY);
      follow(deps.priorityLevels);
      follow(deps.flowSchemas);
      timer = setInterval(() => queue.add(KEY), RESYNC_PERIOD_MS);
      timer.unref();
    },
    stop() {
      abort.abort();
      queue.stop();
      clearInterval(timer);
      watching.clear();
    },
    check() {
      if (watching.size === 0 || [...watching.values()].includes(false)) throw new Error('apf-configuration controller is not watching');
    },
  };
}
