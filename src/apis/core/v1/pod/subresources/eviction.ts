// Evicting a pod (upstream EvictionREST.Create, 1.25): POST a policy/v1 Eviction to `pods/<name>/eviction`
// deletes the pod with the eviction's DeleteOptions, once its PodDisruptionBudgets allow it
// (eviction-budgets.ts). A pod that is Pending, Succeeded, Failed or already being deleted is deleted
// without looking at budgets.
import { badRequest, isStatusError } from '../../../../../errors/status-error.js';
import type { DeleteOptions, KubeObject } from '../../../../meta/v1/types.js';
import type { Store } from '../../../../../registry/store/index.js';
import type { SubresourceAccess, ViewSubresource, ViewWriteOptions } from '../../../../../registry/subresource.js';
import { EvictionSchema, type Eviction } from '../../../../policy/v1/schemas.generated.js';
import type { Pod } from '../../schemas.generated.js';
import { createdSuccess } from './binding.js';
import { budgetBeingProcessed, checkBudgets } from './eviction-budgets.js';

/** upstream EvictionsRetry: how often a delete that lost a race is tried again. */
const EVICTION_ATTEMPTS = 20;

/** upstream canIgnorePDB: disruption already happened, or the pod never ran. */
const canIgnoreBudgets = (pod: Pod): boolean => ['Succeeded', 'Failed', 'Pending'].includes(pod.status?.phase ?? '') || Boolean(pod.metadata.deletionTimestamp);

/** upstream shouldEnforceResourceVersion: terminal pods are deleted whatever their version. */
const enforceResourceVersion = (pod: Pod): boolean => !['Succeeded', 'Failed'].includes(pod.status?.phase ?? '') && !pod.metadata.deletionTimestamp;

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

/**
 * Reads the pod and, when its budgets need no check, deletes it at once (retried on conflicts unless the
 * client gave a resourceVersion): the pod when budgets must be checked, undefined once it is deleted.
 */
async function podToCheck(pods: Store, namespace: string, name: string, options: DeleteOptions, write: ViewWriteOptions): Promise<Pod | undefined> {
  const retry = !options.preconditions?.resourceVersion;
  for (let attempt = 1; ; attempt++) {
    try {
      const pod = (await pods.get(namespace, name)).object as Pod;
      if (!canIgnoreBudgets(pod)) return pod;
      const deleteOptions = enforceResourceVersion(pod) && retry ? withResourceVersion(options, pod) : options;
      await pods.delete(namespace, name, deleteOptions, { ...write, dryRun: isDryRun(deleteOptions) });
      return undefined;
    } catch (error) {
      if (!retry || attempt >= EVICTION_ATTEMPTS || !isStatusError(error) || error.code !== 409) throw error;
    }
  }
}

/** POST an Eviction: 201 with a Success Status once the pod is deleted (or its graceful deletion started). */
async function evict(access: SubresourceAccess, namespace: string, name: string, obj: KubeObject, write: ViewWriteOptions): Promise<{ code: number; object: KubeObject }> {
  const eviction = obj as Eviction;
  if ((eviction.metadata.name ?? '') !== name) throw badRequest('name in URL does not match name in Eviction object');
  const options = deleteOptionsOf(eviction, write.dryRun);
  const pod = await podToCheck(access.parent, namespace, name, options, write);
  if (!pod) return { code: 201, object: createdSuccess() };
  const verdict = await checkBudgets(access, pod, isDryRun(options));
  if ('refusal' in verdict) return { code: typeof verdict.refusal['code'] === 'number' ? verdict.refusal['code'] : 500, object: verdict.refusal };
  // An unready pod evicted without a decrement must still be unready when deleted: its resourceVersion holds.
  const clientVersion = Boolean(options.preconditions?.resourceVersion);
  const deleteOptions = verdict.enforceVersion ? { ...options, preconditions: { ...options.preconditions, resourceVersion: pod.metadata.resourceVersion ?? '' } } : options;
  try {
    await access.parent.delete(namespace, name, deleteOptions, { ...write, dryRun: isDryRun(deleteOptions) });
  } catch (error) {
    if (verdict.enforceVersion && !clientVersion && isStatusError(error) && error.code === 409) throw budgetBeingProcessed(verdict.budget ?? '');
    throw error;
  }
  return { code: 201, object: createdSuccess() };
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
