// The PodDisruptionBudget check of an eviction (upstream 1.25 EvictionREST: getPodDisruptionBudgets and
// checkAndDecrement). The pod's budgets are listed in its namespace; more than one is a 500 Status, none
// lets the eviction go ahead. A budget whose status lags its generation, or that allows no disruption,
// refuses with 429; otherwise `disruptionsAllowed` is decremented and the pod recorded in
// `status.disruptedPods` through the budget's status (a conflict re-reads the budget and tries again).
// As in 1.25 (not later releases), an empty budget selector matches no pod here.
import { forbidden, isStatusError, StatusError, type Status } from '../../../../../errors/status-error.js';
import type { KubeObject } from '../../../../meta/v1/types.js';
import type { Condition } from '../../../../meta/v1/schemas.generated.js';
import { nowTimestamp } from '../../../../meta/v1/time.js';
import type { Store } from '../../../../../registry/store/index.js';
import type { SubresourceAccess } from '../../../../../registry/subresource.js';
import { labelSelectorFromObject } from '../../../../../registry/selectors/label-selector-object.js';
import type { PodDisruptionBudget } from '../../../../policy/v1/schemas.generated.js';
import type { Pod } from '../../schemas.generated.js';

/** upstream MaxDisruptedPodSize: evictions approved but not yet seen by the disruption controller. */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** upstream EvictionsRetry steps: how often a budget update that lost a race is tried again. */
const BUDGET_ATTEMPTS = 20;

const REFUSAL = "Cannot evict pod as it would violate the pod's disruption budget.";

/** What the budgets say: go ahead (the delete must then hold the pod's resourceVersion when `enforceVersion`), or answer `refusal`. */
export type BudgetVerdict = { refusal: KubeObject } | { budget?: string; enforceVersion: boolean };

/** upstream NewTooManyRequests with a DisruptionBudget cause; a zero retry time is left out, as Go's omitempty does. */
function tooManyRequests(cause: string, retryAfterSeconds: number): StatusError {
  return new StatusError(429, 'TooManyRequests', REFUSAL, {
    causes: [{ reason: 'DisruptionBudget', message: cause }],
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  });
}

/** upstream createTooManyRequestsError: the budget is still being processed by its controller. */
export const budgetBeingProcessed = (name: string): StatusError => tooManyRequests(`The disruption budget ${name} is still being processed by the server.`, 10);

/** The 500 Status upstream answers (as an object, not an error) for a pod under several budgets. */
function severalBudgets(): Status {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 };
}

const budgetForbidden = (name: string, why: string): StatusError =>
  forbidden(`poddisruptionbudget.policy "${name}" is forbidden: ${why}`, { name, group: 'policy', kind: 'poddisruptionbudget' });

/** upstream getPodDisruptionBudgets: budgets of the pod's namespace whose non-empty, valid selector matches its labels. */
export async function budgetsOf(budgets: Store, pod: Pod): Promise<PodDisruptionBudget[]> {
  const namespace = pod.metadata.namespace ?? '';
  const { items } = await budgets.list(namespace, {});
  return items
    .map((item) => item.object as PodDisruptionBudget)
    .filter((pdb) => {
      try {
        const selector = labelSelectorFromObject(pdb.spec?.selector);
        return !selector.empty && selector.matches(pod.metadata.labels);
      } catch {
        return false; // an invalid selector matches no pod
      }
    });
}

/** upstream IsPodReady: the Ready condition is True. */
const isPodReady = (pod: Pod): boolean => (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');

/** upstream UpdateDisruptionAllowedCondition once no disruption is left (apimachinery SetStatusCondition). */
function markNoDisruptionAllowed(pdb: PodDisruptionBudget, now: Date): void {
  const status = pdb.status!;
  const conditions: Condition[] = status.conditions ?? [];
  const next = { type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: status.observedGeneration ?? 0 };
  const existing = conditions.find((c) => c.type === next.type);
  if (!existing) conditions.push({ ...next, lastTransitionTime: nowTimestamp(now) });
  else {
    if (existing.status !== next.status) existing.lastTransitionTime = nowTimestamp(now);
    Object.assign(existing, next);
  }
  status.conditions = conditions;
}

/** upstream checkAndDecrement: refuse, or take one disruption and record the pod (not when dry run). */
async function checkAndDecrement(budgets: Store, pdb: PodDisruptionBudget, podName: string, dryRun: boolean): Promise<void> {
  const name = pdb.metadata.name ?? '';
  const status = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  if ((status.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) throw budgetBeingProcessed(name);
  if (status.disruptionsAllowed < 0) throw budgetForbidden(name, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    throw budgetForbidden(name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (status.disruptionsAllowed === 0) {
    throw tooManyRequests(`The disruption budget ${name} needs ${status.desiredHealthy} healthy pods and has ${status.currentHealthy} currently`, 0);
  }
  if (dryRun) return;
  const now = new Date();
  await budgets.update(
    pdb.metadata.namespace ?? '',
    name,
    () => {
      // The budget as read: its resourceVersion makes a concurrent change a conflict.
      const next = structuredClone(pdb);
      next.status = { ...status, disruptionsAllowed: status.disruptionsAllowed - 1, disruptedPods: { ...status.disruptedPods, [podName]: nowTimestamp(now) } };
      if (next.status.disruptionsAllowed === 0) markNoDisruptionAllowed(next, now);
      return next;
    },
    { dryRun: false, subresource: 'status' },
  );
}

/** Retries checkAndDecrement on conflicts, each time on the budget as it is now (upstream RetryOnConflict). */
async function decrementWithRetries(budgets: Store, pdb: PodDisruptionBudget, podName: string, dryRun: boolean): Promise<void> {
  let budget = pdb;
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkAndDecrement(budgets, budget, podName, dryRun);
    } catch (error) {
      if (!isStatusError(error) || error.code !== 409 || attempt >= BUDGET_ATTEMPTS) throw error;
      budget = (await budgets.get(budget.metadata.namespace ?? '', budget.metadata.name ?? '')).object as PodDisruptionBudget;
    }
  }
}

/**
 * Whether the budgets covering `pod` let it be evicted now. Without a PodDisruptionBudget store (the
 * policy group not served) there is no budget and every eviction goes ahead.
 */
export async function checkBudgets(access: SubresourceAccess, pod: Pod, dryRun: boolean): Promise<BudgetVerdict> {
  const budgets = access.storeFor('policy', 'poddisruptionbudgets');
  if (!budgets) return { enforceVersion: false };
  const matching = await budgetsOf(budgets, pod);
  if (matching.length > 1) return { refusal: severalBudgets() as unknown as KubeObject };
  const [pdb] = matching;
  if (!pdb) return { enforceVersion: false };
  const name = pdb.metadata.name ?? '';
  const status = pdb.status;
  // An unready pod does not count as healthy: with enough healthy pods it goes without a decrement,
  // provided it is still unready when deleted (the delete holds its resourceVersion).
  if (!isPodReady(pod) && status && status.currentHealthy >= status.desiredHealthy && status.desiredHealthy > 0) return { budget: name, enforceVersion: true };
  await decrementWithRetries(budgets, pdb, pod.metadata.name ?? '', dryRun);
  return { budget: name, enforceVersion: false };
}
