// What quota knows of one group-resource (upstream pkg/quota/v1 Evaluator, 1.25): which operations may change
// usage, which quota resource names it tracks, how an object matches a quota's scopes, what an object must
// declare, and what it uses. Shared by the ResourceQuota admission plugin and the resourcequota controller.
// Also upstream's generic pieces: the object count evaluator (`count/<resource>.<group>`, for any resource),
// a quota's scope requirements, Matches, and scope selectors as labels.Requirement reads them.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { ResourceQuota } from '../apis/core/v1/schemas.generated.js';
import { countOf, type ResourceList } from './resource-list.js';

/** The admission operations an evaluator may handle. */
export type QuotaOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** One scope requirement of a quota (corev1.ScopedResourceSelectorRequirement). */
export interface ScopeRequirement {
  readonly scopeName: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

export interface QuotaEvaluator {
  readonly group: string;
  readonly resource: string;
  /** Handles: whether an operation on the resource may change usage (subresources never reach it). */
  handles(operation: QuotaOperation): boolean;
  /** MatchingResources: the names among `names` this evaluator tracks. */
  matchingResources(names: readonly string[]): string[];
  /** The evaluator's MatchesScopeFunc; the generic one matches no scope. */
  matchesScope(requirement: ScopeRequirement, object: Readonly<KubeObject>): boolean;
  /**
   * MatchingScopes: the requirements among `requirements` the object is within, or why one of them cannot be
   * evaluated (a selector labels.NewRequirement refuses). Evaluators without scopes match none.
   */
  matchingScopes(object: Readonly<KubeObject>, requirements: readonly ScopeRequirement[]): ScopeRequirement[] | { readonly error: string };
  /**
   * UncoveredQuotaScopes: the `limited` requirements (of the admission configuration's matchScopes) that no
   * requirement of `matched` (the quotas' scopes the object is within) names the scope of. None for evaluators
   * without scopes.
   */
  uncoveredScopes(limited: readonly ScopeRequirement[], matched: readonly ScopeRequirement[]): ScopeRequirement[];
  /** Constraints: why the object may not be admitted under a quota of `required` (upstream's error text), if it may not. */
  constraints(required: readonly string[], object: Readonly<KubeObject>): string | undefined;
  /** Usage: what the object uses, at `now` (epoch ms; pods past their grace period use nothing). */
  usage(object: Readonly<KubeObject>, now: number): ResourceList;
  /**
   * For an object count evaluator, the names it counts: its usage in a namespace is the number of objects
   * there (the controller counts them without keeping the objects).
   */
  readonly countedNames?: readonly string[];
}

/** The scope functions of an evaluator without scopes (generic.MatchesNoScopeFunc; MatchingScopes and UncoveredQuotaScopes answer none). */
export const WITHOUT_SCOPES: Pick<QuotaEvaluator, 'matchesScope' | 'matchingScopes' | 'uncoveredScopes'> = Object.freeze({
  matchesScope: () => false,
  matchingScopes: () => [],
  uncoveredScopes: () => [],
});

/** generic.ObjectCountQuotaResourceNameFor: `count/<resource>` in the core group, `count/<resource>.<group>` elsewhere. */
export const objectCountResourceName = (group: string, resource: string): string => (group ? `count/${resource}.${group}` : `count/${resource}`);

/** generic.NewObjectCountEvaluator: one of each object, on create; `alias` is a legacy name counted alike (`configmaps`). */
export function objectCountEvaluator(group: string, resource: string, alias?: string): QuotaEvaluator {
  const names = [objectCountResourceName(group, resource), ...(alias ? [alias] : [])];
  const tracked = new Set(names);
  return {
    group,
    resource,
    countedNames: names,
    handles: (operation) => operation === 'CREATE',
    matchingResources: (input) => intersection(input, tracked),
    ...WITHOUT_SCOPES,
    constraints: () => undefined,
    usage: () => new Map(names.map((name) => [name, countOf(1)])),
  };
}

/** quota.Intersection: the names of `input` in `tracked`, each once. */
export function intersection(input: readonly string[], tracked: ReadonlySet<string>): string[] {
  return [...new Set(input)].filter((name) => tracked.has(name));
}

/** getScopeSelectorsFromQuota: each of `spec.scopes` as an Exists requirement, then the scope selector's expressions. */
export function scopeRequirements(quota: Readonly<ResourceQuota>): ScopeRequirement[] {
  const requirements: ScopeRequirement[] = (quota.spec?.scopes ?? []).map((scopeName) => ({ scopeName, operator: 'Exists' }));
  for (const expression of quota.spec?.scopeSelector?.matchExpressions ?? []) {
    requirements.push({ scopeName: expression.scopeName ?? '', operator: expression.operator ?? '', ...(expression.values ? { values: expression.values } : {}) });
  }
  return requirements;
}

/**
 * generic.Matches: the quota tracks (in `status.hard`, what the controller has taken up) at least one resource of
 * the evaluator, and the object is within every scope requirement of the quota.
 */
export function quotaMatches(quota: Readonly<ResourceQuota>, object: Readonly<KubeObject>, evaluator: QuotaEvaluator): boolean {
  if (evaluator.matchingResources(Object.keys(quota.status?.hard ?? {})).length === 0) return false;
  return scopeRequirements(quota).every((requirement) => evaluator.matchesScope(requirement, object));
}

/**
 * helper.ScopedResourceSelectorRequirementsAsSelector applied to a label set of one key (the scope's name) that
 * `value` gives when set: In, NotIn, Exists, DoesNotExist as label selectors read them; another operator
 * matches nothing (upstream fails the match; validation refuses such a quota).
 */
export function scopeValueMatches(requirement: ScopeRequirement, value: string | undefined): boolean {
  const values = requirement.values ?? [];
  switch (requirement.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    default:
      return false;
  }
}
