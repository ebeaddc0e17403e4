// The API Priority and Fairness configuration controller (kube-apiserver's own): keeps the 1.25 bootstrap
// FlowSchemas and PriorityLevelConfigurations (ensure.ts) and the FlowSchemas' Dangling condition
// (dangling.ts). Upstream checks every minute; we also check after every change of either kind, so a
// deleted mandatory object comes back at once. It reads kube-apiserver's shared informers of the
// flowcontrol v1beta2 kinds (the storage version) and writes as `system:apiserver`, with upstream's
// producer and consumer field managers. Enforcement of priority and fairness is not done here.
import {
  mandatoryFlowSchemas,
  mandatoryPriorityLevelConfigurations,
  suggestedFlowSchemas,
  suggestedPriorityLevelConfigurations,
} from '../../apis/flowcontrol/v1beta2/bootstrap.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { followed, queueController, type Followed, type QueueWatch } from '../queue-controller.js';
import { updateDanglingConditions } from './dangling.js';
import { ensureObject, removeUnwanted } from './ensure.js';

export const APF_CONFIGURATION = 'apf-configuration';

/** Upstream's period between two checks of the configuration. */
export const RESYNC_PERIOD_MS = 60_000;
const KEY = 'configuration';

export interface APFConfigurationDeps {
  /** The flowcontrol.apiserver.k8s.io/v1beta2 resources (the storage version). */
  flowSchemas: ResourceRef;
  priorityLevels: ResourceRef;
}

/** The two kinds as the controller follows them. */
export interface APFConfiguration {
  flowSchemas: Followed;
  priorityLevels: Followed;
}

export const apfConfiguration = (context: ControllerContext, deps: APFConfigurationDeps): APFConfiguration => ({
  flowSchemas: followed(context, deps.flowSchemas),
  priorityLevels: followed(context, deps.priorityLevels),
});

/** One pass: priority levels first (flow schemas reference them), then flow schemas, then their status. */
export async function ensureAPFConfiguration(config: APFConfiguration): Promise<void> {
  await Promise.all([config.priorityLevels.informer.synced(), config.flowSchemas.informer.synced()]);
  await ensureKind(config.priorityLevels, mandatoryPriorityLevelConfigurations(), suggestedPriorityLevelConfigurations());
  await ensureKind(config.flowSchemas, mandatoryFlowSchemas(), suggestedFlowSchemas());
  await updateDanglingConditions(config.flowSchemas, config.priorityLevels);
}

async function ensureKind(kind: Followed, mandatory: readonly KubeObject[], suggested: readonly KubeObject[]): Promise<void> {
  for (const obj of suggested) await ensureObject(kind, obj, false);
  for (const obj of mandatory) await ensureObject(kind, obj, true);
  await removeUnwanted(kind, new Set([...mandatory, ...suggested].map((o) => o.metadata.name ?? '')));
}

export function apfConfigurationController(context: ControllerContext, deps: APFConfigurationDeps): Controller {
  const config = apfConfiguration(context, deps);
  const watch = (kind: Followed): QueueWatch => ({ informer: kind.informer, onObject: (_obj, _type, queue) => queue.add(KEY) });
  let timer: NodeJS.Timeout | undefined;
  return queueController(APF_CONFIGURATION, [watch(config.priorityLevels), watch(config.flowSchemas)], () => ensureAPFConfiguration(config), {
    start(queue) {
      queue.add(KEY);
      timer = setInterval(() => queue.add(KEY), RESYNC_PERIOD_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  });
}
