// The resourcequota controller (kube-controller-manager's `resourcequota`, upstream pkg/controller/resourcequota,
// 1.25): keeps each ResourceQuota's `status.hard` equal to `spec.hard` and its `status.used` measured from the
// namespace's objects (quota/usage.ts), writing status through its own client as
// `system:serviceaccount:kube-system:resourcequota-controller`. A quota is synced when it is added or its
// `spec.hard` changes (first, on a queue of its own, when its status lacks what it limits), on a full resync
// every five minutes (`--resource-quota-sync-period`), and when usage may have gone down (monitors.ts: deletes,
// pods turning terminal, service type changes), which gives back what admission charged.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import type { ResourceRef } from '../../client/resource-client.js';
import { objectCountEvaluator, type QuotaEvaluator } from '../../quota/evaluator.js';
import { coreEvaluators, QuotaRegistry } from '../../quota/registry.js';
import { equalLists, formatResourceList, maskList, parseResourceList } from '../../quota/resource-list.js';
import { calculateUsage, trackingEvaluators, type UsageSource } from '../../quota/usage.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { isConflict, isNotFound } from '../status-errors.js';
import { WorkQueue } from '../work-queue.js';
import { QuotaMonitors, type Monitor } from './monitors.js';

/** `--concurrent-resource-quota-syncs`. */
const CONCURRENT_SYNCS = 5;
/** `--resource-quota-sync-period`. */
export const DEFAULT_RESYNC_PERIOD_MS = 5 * 60_000;
/** How long a sync waits for a resource first followed to be listed before leaving its usage as it was. */
const MONITOR_SYNC_TIMEOUT_MS = 10_000;
/** A status write that lost to another writer (admission charging a request) is tried again this soon. */
const CONFLICT_RETRY_MS = 50;

export interface ResourceQuotaControllerDeps {
  resourceQuotas: ResourceRef;
  /** The served resources (their objects are counted as `count/<resource>.<group>`). */
  definitions(): readonly ResourceDefinition[];
  /** Full resync period; default five minutes. */
  resyncPeriodMs?: number;
}

const keyOf = (quota: Readonly<KubeObject>): string => `${quota.metadata.namespace ?? ''}/${quota.metadata.name ?? ''}`;

/** Semantic equality of two resource maps (apiequality.Semantic: values compared as quantities, nil as empty). */
const sameQuantities = (a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean => equalLists(parseResourceList(a), parseResourceList(b));

export function resourceQuotaController(context: ControllerContext, deps: ResourceQuotaControllerDeps): Controller {
  const quotas = context.informers.informerFor(deps.resourceQuotas);
  const client = context.clients.resource(deps.resourceQuotas);
  let running = false;
  let resync: NodeJS.Timeout | undefined;
  const registry = new QuotaRegistry(coreEvaluators());
  /** The evaluators: the core ones, and an object count of each other quotable served resource (the monitor's Sync). */
  const evaluators = (): QuotaEvaluator[] => {
    for (const def of monitors.quotable()) if (!registry.get(def.group, def.resource)) registry.getOrCount(def.group, def.resource);
    return registry.list();
  };

  /** replenishQuota: the namespace's quotas that track the resource are synced again. */
  const replenish = (group: string, resource: string, namespace: string): void => {
    if (!running) return;
    const evaluator = registry.get(group, resource) ?? objectCountEvaluator(group, resource);
    for (const quota of quotas.list(namespace)) {
      if (evaluator.matchingResources(Object.keys((quota as ResourceQuota).status?.hard ?? {})).length > 0) queue.add(keyOf(quota));
    }
  };
  const monitors = new QuotaMonitors(context, deps.definitions, replenish);

  /** addQuota: a quota whose status lacks what it limits goes first. */
  const addQuota = (object: Readonly<KubeObject>): void => {
    const quota = object as ResourceQuota;
    const key = keyOf(quota);
    if (!sameQuantities(quota.spec?.hard, quota.status?.hard)) return missingUsage.add(key);
    const used = quota.status?.used ?? {};
    const untracked = Object.keys(quota.status?.hard ?? {}).filter((name) => used[name] === undefined);
    if (untracked.length > 0 && trackingEvaluators(untracked, registry.list()).length > 0) return missingUsage.add(key);
    queue.add(key);
  };

  /** The sources of the evaluators tracking a quota, once their resources are listed (undefined: not served, or not listed in time). */
  async function sourcesFor(tracking: readonly QuotaEvaluator[]): Promise<Map<QuotaEvaluator, Monitor | undefined>> {
    const sources = new Map<QuotaEvaluator, Monitor | undefined>();
    await Promise.all(tracking.map(async (evaluator) => {
      const monitor = monitors.monitor(evaluator);
      if (monitor && !monitor.hasSynced) await Promise.race([monitor.synced(), new Promise((resolve) => setTimeout(resolve, MONITOR_SYNC_TIMEOUT_MS).unref())]);
      sources.set(evaluator, monitor?.hasSynced ? monitor : undefined);
    }));
    return sources;
  }

  /** syncResourceQuota. */
  async function syncQuota(quota: Readonly<ResourceQuota>, retry: () => void): Promise<void> {
    const hard = parseResourceList(quota.spec?.hard);
    const tracking = trackingEvaluators([...hard.keys()], evaluators());
    const sources = await sourcesFor(tracking);
    const usage = calculateUsage(quota, tracking, (evaluator): UsageSource | undefined => sources.get(evaluator), Date.now());
    const used = parseResourceList(quota.status?.used);
    for (const [name, q] of usage) used.set(name, q);
    const status = { hard: formatResourceList(hard), used: formatResourceList(maskList(used, hard.keys())) };
    const dirty = !sameQuantities(quota.spec?.hard, quota.status?.hard) || !quota.status?.hard || !quota.status.used || !sameQuantities(status.used, quota.status.used);
    if (dirty) {
      try {
        await client.replace(quota.metadata.namespace ?? '', { ...quota, status } as KubeObject, { subresource: 'status' });
      } catch (error) {
        if (isNotFound(error)) return;
        if (!isConflict(error)) throw error;
        return retry();
      }
    }
    const unlisted = tracking.filter((evaluator) => monitors.monitor(evaluator) && !sources.get(evaluator));
    if (unlisted.length > 0) throw new Error(`resource quota ${keyOf(quota)}: ${unlisted.map((e) => (e.group ? `${e.resource}.${e.group}` : e.resource)).join(', ')} not listed yet`);
  }

  const sync = (from: () => WorkQueue) => async (key: string): Promise<void> => {
    const [namespace = '', name = ''] = key.split('/');
    const quota = quotas.get(namespace, name);
    if (quota) await syncQuota(quota as ResourceQuota, () => from().addAfter(key, CONFLICT_RETRY_MS));
  };
  const queue: WorkQueue = new WorkQueue(sync(() => queue), CONCURRENT_SYNCS);
  const missingUsage: WorkQueue = new WorkQueue(sync(() => missingUsage), CONCURRENT_SYNCS);

  return {
    name: 'resourcequota',
    async start() {
      running = true;
      // An informer keeps its handlers: after stop they do nothing.
      quotas.addHandlers({
        onAdd: (quota) => running && addQuota(quota),
        // Only spec.hard changes ask for a sync: status writes (this controller's, admission's) do not.
        onUpdate: (old, quota) => running && !sameQuantities((old as ResourceQuota).spec?.hard, (quota as ResourceQuota).spec?.hard) && addQuota(quota),
        onDelete: (quota) => running && queue.add(keyOf(quota)),
      });
      resync = setInterval(() => {
        for (const quota of quotas.list()) queue.add(keyOf(quota));
      }, deps.resyncPeriodMs ?? DEFAULT_RESYNC_PERIOD_MS);
      resync.unref();
    },
    stop() {
      running = false;
      clearInterval(resync);
      queue.stop();
      missingUsage.stop();
      monitors.stop();
    },
    check() {
      if (!running || (quotas.hasSynced && !quotas.watching) || !monitors.watching) throw new Error('resourcequota controller is not watching');
    },
  };
}
