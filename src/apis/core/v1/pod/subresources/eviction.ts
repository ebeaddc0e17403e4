// Evicting a pod (upstream EvictionREST.Create, 1.25): POST a policy/v1 Eviction to `pods/<name>/eviction`
// deletes the pod with the eviction's DeleteOptions, once its PodDisruptionBudgets allow it. A pod that
// is Pending, Succeeded, Failed or already being deleted is deleted without looking at budgets.
import { badRequest, isStatusError } from '../../../../../errors/status-error.js';
import type { DeleteOptions, KubeObject } from '../../../../meta/v1/types.js';
import type { Store } from '../../../../../registry/store/index.js';
import type { SubresourceAccess, ViewSubresource, ViewWriteOptions } from '../../../../../registry/subresource.js';
import { EvictionSchema, type Eviction } from '../../../../policy/v1/schemas.generated.js';
import type { Pod } from '../../schemas.generated.js';
import { createdSuccess } from './binding.js';

/** upstream EvictionsRetry: how often a delete that lost a race is tried again. */
const EVICTION_ATTEMPTS = 20;

/** upstream canIgnorePDB: disruption already happened, or the pod never ran. */
const canIgnoreBudgets = (pod: Pod): boolean => ['Succeeded', 'Failed', 'Pending'].includes(pod.status?.phase ?? '') || Boolean(pod.metadata.deletionTimestamp);

/** upstream shouldEnforceResourceVersion: terminal pods are deleted whatever their version. */
const enforceResourceVersion = (pod: Pod): boolean => !['Succeeded', 'Failed'].includes(pod.status?.phase ?? '');

/**
 * Whether the PodDisruptionBudgets covering `pod` allow evicting it now: undefined to go ahead, or the
 * Status to answer instead (429 when a budget allows no disruption). Budgets arrive with the policy
 * group; until `poddisruptionbudgets` is served there is no budget, and every eviction is allowed.
 */
export async function budgetsAllowEviction(access: SubresourceAccess, _pod: Pod): Promise<KubeObject | undefined> {
  const budgets = access.storeFor('policy', 'poddisruptionbudgets');
  if (!budgets) return undefined;
  // The policy group brings the budget check (upstream checkAndDecrement) here.
  return undefined;
}

/** upstream propagateDryRun: the eviction's DeleteOptions, dry run when either the eviction or the request says so. */
function deleteOptionsOf(eviction: Eviction, dryRun: boolean): DeleteOptions {
  const options = { ...(eviction.deleteOptions as DeleteOptions | undefined) };
  if (dryRun && !(options.dryRun ?? []).length) options.dryRun = ['All'];
  return options;
}

const isDryRun = (options: DeleteOptions): boolean => (options.dryRun ?? []).length > 0;

/** The DeleteOptions with the pod's resourceVersion as precondition, unless the client gave one. */
function withResourceVersion(options: DeleteOptions, pod: Pod): DeleteOptions {
  if (options.preconditions?.resourceVersion) return options;
  return { ...options, preconditions: { ...options.preconditions, resourceVersion: pod.metadata.resourceVersion ?? '' } };
}

/** One attempt: read the pod, check budgets where they apply, delete. */
async function evictOnce(access: SubresourceAccess, namespace: string, name: string, options: DeleteOptions, write: ViewWriteOptions): Promise<KubeObject> {
  const pods: Store = access.parent;
  const pod = (await pods.get(namespace, name)).object as Pod;
  let deleteOptions = options;
  if (canIgnoreBudgets(pod)) {
    if (enforceResourceVersion(pod)) deleteOptions = withResourceVersion(options, pod);
  } else {
    const refusal = await budgetsAllowEviction(access, pod);
    if (refusal) return refusal;
  }
  await pods.delete(namespace, name, deleteOptions, { ...write, dryRun: isDryRun(deleteOptions) });
  return createdSuccess();
}

/** POST an Eviction: 201 with a Success Status once the pod is deleted (or its graceful deletion started). */
async function evict(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject, write: ViewWriteOptions): Promise<{ code: number; object: KubeObject }> {
  const eviction = obj as Eviction;
  if ((eviction.metadata.name ?? '') !== name) throw badRequest('name in URL does not match name in Eviction object');
  const options = deleteOptionsOf(eviction, write.dryRun);
  // A client's own resourceVersion precondition is not retried: its conflict is the answer.
  const retry = !options.preconditions?.resourceVersion;
  for (let attempt = 1; ; attempt++) {
    try {
      const object = await evictOnce(access, namespace, name, options, write);
      return { code: typeof object['code'] === 'number' ? object['code'] : 201, object };
    } catch (error) {
      if (!retry || attempt >= EVICTION_ATTEMPTS || !isStatusError(error) || error.code !== 409) throw error;
    }
  }
}

/** `pods/<name>/eviction`: POST a policy/v1 Eviction. */
export const evictionSubresource: ViewSubresource = {
  type: 'view',
  name: 'eviction',
  verbs: ['create'],
  kind: { group: 'policy', version: 'v1', kind: 'Eviction' },
  schema: EvictionSchema,
  definitionName: 'io.k8s.api.policy.v1.Eviction',
  create: evict,
};
