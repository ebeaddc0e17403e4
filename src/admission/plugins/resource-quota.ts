// ResourceQuota (2-access-control: admission plugins; upstream plugin/pkg/admission/resourcequota, on by default in
// 1.25): creates and updates of namespaced objects are held to the namespace's ResourceQuotas. A request that
// fits is charged to the quotas that track it (their `status.used` raised through the status subresource, with
// the read resourceVersion as precondition, as kube-apiserver's loopback client does; not for dry runs) before
// it proceeds; one that does not is a 403 in upstream's words. The resourcequota controller recomputes usage
// from the objects themselves, so a charge whose write later fails is given back at its next sync.
//
// As upstream's quota evaluator, the requests of one namespace are worked on in turn, in batches: the quotas
// are read once per batch, each request checked against the usage the earlier ones charged, and each changed
// quota written once. A write that loses to another writer (the controller, another replica) makes the batch
// read the quotas again and check once more, three times at most. A namespace without quotas costs a look-up
// in the watch cache (and a consistent read every 30 seconds when it finds none).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { internalError, unknownError } from '../../errors/status-error.js';
import type { QuotaEvaluator } from '../../quota/evaluator.js';
import { equalLists, formatResourceList } from '../../quota/resource-list.js';
import { coreEvaluators, isIgnoredResource, QuotaRegistry } from '../../quota/registry.js';
import { admissionForbidden } from '../forbidden.js';
import { withinTime } from '../../async/within-time.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { QuotaAccessor, type QuotaStore } from './resource-quota-access.js';
import { checkRequest, quotaState, type QuotaState } from './resource-quota-check.js';
import type { LimitedResource } from './resource-quota-config.js';

/** How many times a batch reads the quotas again after losing a status write. */
const RETRIES = 3;
/** How long a request waits for its batch (upstream's 10 s). */
const EVALUATION_TIMEOUT_MS = 10_000;

/** One request waiting for its batch: `pending` until decided (upstream's admissionWaiter, default deny). */
interface Waiter {
  readonly attributes: AdmissionAttributes;
  readonly object: KubeObject;
  readonly evaluator: QuotaEvaluator;
  result: 'pending' | 'admitted' | Error;
}

export interface ResourceQuotaOptions {
  /** The clock (epoch ms). */
  now?: () => number;
  /** The admission configuration's limited resources (resource-quota-config.ts); none by default. */
  limitedResources?: readonly LimitedResource[];
}

/** What one batch is checked with. */
interface BatchContext {
  readonly accessor: QuotaAccessor;
  readonly limited: readonly LimitedResource[];
  readonly now: () => number;
}

export function resourceQuotaAdmission(store: QuotaStore, options: ResourceQuotaOptions = {}): AdmissionPlugin {
  const now = options.now ?? Date.now;
  const limited = options.limitedResources ?? [];
  const registry = new QuotaRegistry(coreEvaluators());
  const accessor = new QuotaAccessor(store, now);
  const context: BatchContext = { accessor, limited, now };
  const batches = new NamespaceBatches((namespace, waiters) => checkAttributes(context, namespace, waiters));
  return {
    name: 'ResourceQuota',
    async validate(a) {
      // Subresources, cluster-scoped objects (and so namespaces themselves) and events are never quota'd.
      if (a.subresource || !a.def.namespaced || !a.namespace || !a.object || isIgnoredResource(a.def.group, a.def.resource)) return;
      const evaluator = registry.getOrCount(a.def.group, a.def.resource);
      if (!evaluator.handles(a.operation)) return;
      // Without limited resources a namespace without quotas admits everything (upstream's checkAttributes).
      if (limited.length === 0 && (accessor.knownEmpty(a.namespace) || (await accessor.getQuotas(a.namespace)).length === 0)) return;
      const waiter: Waiter = { attributes: a, object: a.object, evaluator, result: 'pending' };
      await withinTime(batches.submit(a.namespace, waiter), EVALUATION_TIMEOUT_MS, () => {
        throw internalError('resource quota evaluates timeout');
      });
      if (waiter.result === 'admitted') return;
      throw waiter.result === 'pending' ? unknownError('DEFAULT DENY') : waiter.result;
    },
  };
}

/** The waiting requests of each namespace, worked on one batch at a time per namespace. */
class NamespaceBatches {
  readonly #waiting = new Map<string, { waiters: Waiter[]; done: Promise<void>; resolve: () => void }>();
  readonly #busy = new Set<string>();

  constructor(private readonly work: (namespace: string, waiters: Waiter[]) => Promise<void>) {}

  /** Adds a request to its namespace's next batch; resolves once that batch is decided. */
  submit(namespace: string, waiter: Waiter): Promise<void> {
    let batch = this.#waiting.get(namespace);
    if (!batch) {
      let resolve!: () => void;
      const done = new Promise<void>((r) => (resolve = r));
      this.#waiting.set(namespace, (batch = { waiters: [], done, resolve }));
    }
    batch.waiters.push(waiter);
    if (!this.#busy.has(namespace)) void this.#drain(namespace);
    return batch.done;
  }

  async #drain(namespace: string): Promise<void> {
    this.#busy.add(namespace);
    try {
      for (let batch = this.#waiting.get(namespace); batch; batch = this.#waiting.get(namespace)) {
        this.#waiting.delete(namespace);
        try {
          await this.work(namespace, batch.waiters);
        } catch (error) {
          for (const waiter of batch.waiters) if (waiter.result === 'pending') waiter.result = asError(error);
        }
        batch.resolve();
      }
    } finally {
      this.#busy.delete(namespace);
    }
  }
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** checkAttributes: the batch against the namespace's quotas (none: admitted, unless resources are limited). */
async function checkAttributes(context: BatchContext, namespace: string, waiters: Waiter[]): Promise<void> {
  const quotas = await context.accessor.getQuotas(namespace);
  if (quotas.length === 0 && context.limited.length === 0) {
    for (const waiter of waiters) waiter.result = 'admitted';
    return;
  }
  await checkQuotas(context, namespace, quotas.map(quotaState), waiters, RETRIES);
}

/**
 * checkQuotas: each request against the usage the batch's earlier ones charged; then one status write per
 * changed quota. Requests whose quotas were all written are admitted; after a lost write, the quotas that failed
 * are read again and the batch checked against them alone. A request refused once stays refused (upstream
 * checks it again, and a retry against the other quotas could let it through).
 */
async function checkQuotas(context: BatchContext, namespace: string, states: readonly QuotaState[], waiters: Waiter[], retries: number): Promise<void> {
  const { accessor, limited, now } = context;
  const original = states;
  let changed = false;
  for (const waiter of waiters) {
    if (waiter.result instanceof Error) continue;
    const a = waiter.attributes;
    const result = checkRequest(states, waiter.evaluator, { operation: a.operation, object: waiter.object, oldObject: a.oldObject, now: now() }, limited);
    if ('forbidden' in result) {
      waiter.result = admissionForbidden(a, result.forbidden);
      continue;
    }
    if ('error' in result) {
      // A plain error upstream: the response is a 500 without a reason, its message as is.
      waiter.result = unknownError(result.error);
      continue;
    }
    if (a.dryRun) {
      waiter.result = 'admitted';
      continue;
    }
    if (result.states === states || result.states.every((s, i) => equalLists(s.used, (states[i] as QuotaState).used))) waiter.result = 'admitted';
    else changed = true;
    states = result.states;
  }
  if (!changed) return;

  const writes = states.map((state, i) => (equalLists(state.used, (original[i] as QuotaState).used) ? undefined : state));
  const failed: QuotaState[] = [];
  let lastError: unknown;
  await Promise.all(writes.map(async (state) => {
    if (!state) return;
    try {
      await accessor.updateStatus(withUsage(state));
    } catch (error) {
      failed.push(state);
      lastError = error;
    }
  }));
  const settle = (result: Waiter['result']): void => {
    for (const waiter of waiters) if (waiter.result === 'pending') waiter.result = result;
  };
  if (failed.length === 0) return settle('admitted');
  if (retries <= 0) return settle(asError(lastError));
  let fresh: Readonly<ResourceQuota>[];
  try {
    fresh = await accessor.getQuotas(namespace);
  } catch {
    return settle(asError(lastError));
  }
  const names = new Set(failed.map((state) => state.quota.metadata.name));
  const again = fresh.filter((quota) => names.has(quota.metadata.name)).map(quotaState);
  await checkQuotas(context, namespace, again, waiters, retries - 1);
}

/** The quota to write: as read, with the batch's usage. */
function withUsage(state: QuotaState): ResourceQuota {
  const quota = state.quota;
  return { ...quota, metadata: { ...quota.metadata }, status: { ...quota.status, used: formatResourceList(state.used) } } as ResourceQuota;
}
