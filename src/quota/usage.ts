// A quota's usage as the resourcequota controller measures it (upstream quota.CalculateUsage and
// generic.CalculateUsageStats, 1.25): for each evaluator tracking one of the quota's hard resources, the usage of
// the namespace's objects within the quota's scopes, summed, and kept to the resources the quota limits.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { ResourceQuota } from '../apis/core/v1/schemas.generated.js';
import { intersection, scopeRequirements, type QuotaEvaluator, type ScopeRequirement } from './evaluator.js';
import { addLists, addQuantity, countOf, maskList, ZERO, type ResourceList } from './resource-list.js';

/** Where an evaluator's objects are read from (the controller's informers). */
export interface UsageSource {
  /** The namespace's objects (for evaluators with usage of their own). */
  objects(namespace: string): readonly Readonly<KubeObject>[];
  /** How many objects the namespace holds (for object count evaluators). */
  count(namespace: string): number;
}

/** The evaluators that track at least one of `names`. */
export const trackingEvaluators = (names: readonly string[], evaluators: readonly QuotaEvaluator[]): QuotaEvaluator[] =>
  evaluators.filter((evaluator) => evaluator.matchingResources(names).length > 0);

/** UsageStats: zero for each of `resources`, plus the usage of every object within all `scopes`. */
export function usageStats(
  evaluator: QuotaEvaluator, namespace: string, scopes: readonly ScopeRequirement[], resources: readonly string[], source: UsageSource, now: number,
): ResourceList {
  let used: ResourceList = new Map(resources.map((name) => [name, ZERO]));
  if (evaluator.countedNames) {
    // generic.MatchesNoScopeFunc: an object count is never within a scope.
    const count = scopes.length === 0 ? source.count(namespace) : 0;
    if (count > 0) for (const name of evaluator.countedNames) used.set(name, addQuantity(used.get(name) ?? ZERO, countOf(count)));
    return used;
  }
  for (const object of source.objects(namespace)) {
    if (scopes.every((scope) => evaluator.matchesScope(scope, object))) used = addLists(used, evaluator.usage(object, now));
  }
  return used;
}

/**
 * CalculateUsage: the usage of the quota's namespace, kept to the hard resources some evaluator tracks. An
 * evaluator without a source (`sourceOf` answers undefined: its objects could not be read) leaves its resources
 * out, to be kept at what status said (upstream excludes the resources whose calculation failed).
 */
export function calculateUsage(
  quota: Readonly<ResourceQuota>, evaluators: readonly QuotaEvaluator[], sourceOf: (evaluator: QuotaEvaluator) => UsageSource | undefined, now: number,
): ResourceList {
  const namespace = quota.metadata.namespace ?? '';
  const hard = Object.keys(quota.spec?.hard ?? {});
  let matched = intersection(hard, new Set(evaluators.flatMap((evaluator) => evaluator.matchingResources(hard))));
  const scopes = scopeRequirements(quota);
  let usage: ResourceList = new Map();
  for (const evaluator of evaluators) {
    const resources = evaluator.matchingResources(matched);
    if (resources.length === 0) continue;
    const source = sourceOf(evaluator);
    if (!source) {
      matched = matched.filter((name) => !resources.includes(name));
      continue;
    }
    usage = addLists(usage, usageStats(evaluator, namespace, scopes, resources, source, now));
  }
  return maskList(usage, matched);
}
