// One request against a namespace's quotas (upstream plugin/pkg/admission/resourcequota CheckRequest, 1.25): the
// quotas that track the object's resources and match its scopes must let it in (its constraints met, usage known
// for what they limit, usage within hard limits after the request's delta); the outcome is the quotas' running
// usage with the delta charged, or the reason for a 403 in upstream's words.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { quotaMatches, type QuotaEvaluator, type QuotaOperation } from '../../quota/evaluator.js';
import {
  addLists, exceededNames, isZeroList, maskList, negativeNames, parseResourceList, prettyPrint, prettyPrintNames, subtractNonNegative, type ResourceList,
} from '../../quota/resource-list.js';

/** A quota as admission works on it: the object read, its hard limits, and its usage with this batch's charges. */
export interface QuotaState {
  readonly quota: Readonly<ResourceQuota>;
  readonly hard: ResourceList;
  readonly used: ResourceList;
}

/** A quota's state as read (status.hard and status.used parsed). */
export const quotaState = (quota: Readonly<ResourceQuota>): QuotaState => ({ quota, hard: parseResourceList(quota.status?.hard), used: parseResourceList(quota.status?.used) });

/** What one request asks of quota. */
export interface QuotaRequest {
  operation: QuotaOperation;
  object: Readonly<KubeObject>;
  oldObject?: Readonly<KubeObject> | undefined;
  /** Epoch ms, for pods past their grace period. */
  now: number;
}

/** The quotas after the request (the same array when it changes nothing), or why it is refused. */
export type CheckResult = { readonly states: readonly QuotaState[] } | { readonly forbidden: string };

/** hasUsageStats: status.used has every limited resource among `restricted`. */
function hasUsageStats(state: QuotaState, restricted: ReadonlySet<string>): boolean {
  const used = state.quota.status?.used ?? {};
  return Object.keys(state.quota.status?.hard ?? {}).every((name) => !restricted.has(name) || used[name] !== undefined);
}

/** The request's usage delta: its object's usage, less the old object's on an update. */
function deltaUsage(evaluator: QuotaEvaluator, request: QuotaRequest): ResourceList | string {
  const usage = evaluator.usage(request.object, request.now);
  const negative = negativeNames(usage);
  if (negative.length > 0) return `quota usage is negative for resource(s): ${prettyPrintNames(negative)}`;
  // Charged in full when the old object has no resourceVersion (a create on update), as upstream.
  if (request.operation === 'UPDATE' && request.oldObject?.metadata.resourceVersion) {
    return subtractNonNegative(usage, evaluator.usage(request.oldObject, request.now));
  }
  return usage;
}

/** CheckRequest (without the admission configuration's limited resources, which kube-apiserver leaves empty by default). */
export function checkRequest(states: readonly QuotaState[], evaluator: QuotaEvaluator, request: QuotaRequest): CheckResult {
  if (!evaluator.handles(request.operation)) return { states };
  const interesting: number[] = [];
  for (const [index, state] of states.entries()) {
    if (!quotaMatches(state.quota, request.object, evaluator)) continue;
    const name = state.quota.metadata.name ?? '';
    const restricted = evaluator.matchingResources([...state.hard.keys()]);
    const unmet = evaluator.constraints(restricted, request.object);
    if (unmet !== undefined) return { forbidden: `failed quota: ${name}: ${unmet}` };
    if (!hasUsageStats(state, new Set(restricted))) return { forbidden: `status unknown for quota: ${name}, resources: ${prettyPrintNames(restricted)}` };
    interesting.push(index);
  }
  const delta = deltaUsage(evaluator, request);
  if (typeof delta === 'string') return { forbidden: delta };
  if (isZeroList(delta) || interesting.length === 0) return { states };
  const out = [...states];
  for (const index of interesting) {
    const state = out[index] as QuotaState;
    const requested = maskList(delta, state.hard.keys());
    const used = addLists(state.used, requested);
    const exceeded = exceededNames(maskList(used, requested.keys()), state.hard);
    if (exceeded.length > 0) {
      const shown = (list: ResourceList): string => prettyPrint(maskList(list, exceeded));
      return { forbidden: `exceeded quota: ${state.quota.metadata.name ?? ''}, requested: ${shown(requested)}, used: ${shown(state.used)}, limited: ${shown(state.hard)}` };
    }
    out[index] = { ...state, used };
  }
  return { states: out };
}
