// One request against a namespace's quotas (upstream plugin/pkg/admission/resourcequota CheckRequest, 1.25): the
// quotas that track the object's resources and match its scopes must let it in (its constraints met, usage known
// for what they limit, usage within hard limits after the request's delta), and what the admission configuration
// limits must be covered by one of them; the outcome is the quotas' running usage with the delta charged, or the
// reason for a refusal in upstream's words (a 403, or the plain error upstream answers with a 500).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { quotaMatches, scopeRequirements, type QuotaEvaluator, type QuotaOperation, type ScopeRequirement } from '../../quota/evaluator.js';
import {
  addLists, exceededNames, isZeroList, maskList, negativeNames, parseResourceList, prettyPrint, prettyPrintNames, subtractNonNegative, type ResourceList,
} from '../../quota/resource-list.js';
import { formatScopeRequirements } from '../../quota/scope-selectors.js';
import type { LimitedResource } from './resource-quota-config.js';

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

/**
 * The quotas after the request (the same array when it changes nothing), or why it is refused: `forbidden` for
 * upstream's admission.NewForbidden (403), `error` for the plain errors upstream returns (a 500 without reason).
 */
export type CheckResult = { readonly states: readonly QuotaState[] } | { readonly forbidden: string } | { readonly error: string };

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

/** getMatchedLimitedScopes: the configuration's matchScopes (of every limited resource, as upstream) the object is within. */
function limitedScopes(evaluator: QuotaEvaluator, object: Readonly<KubeObject>, limited: readonly LimitedResource[]): ScopeRequirement[] | undefined {
  const scopes: ScopeRequirement[] = [];
  for (const resource of limited) {
    const matched = evaluator.matchingScopes(object, resource.matchScopes);
    if ('error' in matched) return undefined;
    scopes.push(...matched);
  }
  return scopes;
}

/**
 * limitedByDefault over the limited resources of the request's group-resource: the names the object consumes
 * (a positive usage) that contain one of their `matchContains`.
 */
function limitedNames(evaluator: QuotaEvaluator, request: QuotaRequest, limited: readonly LimitedResource[]): Set<string> {
  const names = new Set<string>();
  const mine = limited.filter((l) => l.apiGroup === evaluator.group && l.resource === evaluator.resource);
  if (mine.length === 0) return names;
  const usage = evaluator.usage(request.object, request.now);
  for (const resource of mine) {
    for (const [name, q] of usage) if (q.nanos > 0n && resource.matchContains.some((part) => name.includes(part))) names.add(name);
  }
  return names;
}

/** CheckRequest: the request against the quotas and the admission configuration's limited resources. */
export function checkRequest(states: readonly QuotaState[], evaluator: QuotaEvaluator, request: QuotaRequest, limited: readonly LimitedResource[] = []): CheckResult {
  if (!evaluator.handles(request.operation)) return { states };
  // A configured scope that cannot be evaluated lets the request through (upstream returns the quotas unchanged).
  const scopesLimited = limitedScopes(evaluator, request.object, limited);
  if (!scopesLimited) return { states };
  const namesLimited = limitedNames(evaluator, request, limited);
  const interesting: number[] = [];
  const restrictedNames = new Set<string>();
  const restrictedScopes: ScopeRequirement[] = [];
  for (const [index, state] of states.entries()) {
    const name = state.quota.metadata.name ?? '';
    // Every quota's scopes the object is within cover limited scopes, whether or not the quota tracks the object.
    const scopes = evaluator.matchingScopes(request.object, scopeRequirements(state.quota));
    if ('error' in scopes) return { error: `error matching scopes of quota ${name}, err: ${scopes.error}` };
    restrictedScopes.push(...scopes);
    if (!quotaMatches(state.quota, request.object, evaluator)) continue;
    const restricted = evaluator.matchingResources([...state.hard.keys()]);
    const unmet = evaluator.constraints(restricted, request.object);
    if (unmet !== undefined) return { forbidden: `failed quota: ${name}: ${unmet}` };
    if (!hasUsageStats(state, new Set(restricted))) return { forbidden: `status unknown for quota: ${name}, resources: ${prettyPrintNames(restricted)}` };
    interesting.push(index);
    for (const resource of restricted) restrictedNames.add(resource);
  }
  const delta = deltaUsage(evaluator, request);
  if (typeof delta === 'string') return { forbidden: delta };
  if (isZeroList(delta)) return { states };
  const uncovered = [...namesLimited].filter((name) => !restrictedNames.has(name));
  if (uncovered.length > 0) return { forbidden: `insufficient quota to consume: ${prettyPrintNames(uncovered)}` };
  const uncoveredScopes = evaluator.uncoveredScopes(scopesLimited, restrictedScopes);
  if (uncoveredScopes.length > 0) return { error: `insufficient quota to match these scopes: ${formatScopeRequirements(uncoveredScopes)}` };
  if (interesting.length === 0) return { states };
  return charge(states, interesting, delta);
}

/** The delta charged to each interesting quota, or the first whose hard limits it would exceed. */
function charge(states: readonly QuotaState[], interesting: readonly number[], delta: ResourceList): CheckResult {
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
