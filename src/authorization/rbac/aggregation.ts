// The rules of an aggregated ClusterRole (upstream pkg/controller/clusterroleaggregation syncClusterRole):
// for each of its clusterRoleSelectors in order, the ClusterRoles the selector matches, sorted by name and
// leaving out the role itself, contribute their rules in order; a rule already taken (semantically equal:
// empty and absent lists alike) is not taken again.
import type { ClusterRole, PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import { labelSelectorFromObject } from '../../registry/selectors/label-selector-object.js';

const FIELDS = ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs'] as const;

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((v, i) => v === b?.[i]);

/** equality.Semantic.DeepEqual of two PolicyRules. */
export const sameRule = (a: PolicyRule, b: PolicyRule): boolean => FIELDS.every((f) => sameList(a[f], b[f]));

/** A key equal for exactly the rules sameRule finds equal (empty and absent lists alike). */
const ruleKey = (rule: PolicyRule): string => JSON.stringify(FIELDS.map((f) => rule[f] ?? []));

/** Whether two rule lists are semantically equal (in order). */
export const sameRules = (a: readonly PolicyRule[] | undefined, b: readonly PolicyRule[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((r, i) => sameRule(r, b![i]!));

/**
 * The rules `role` aggregates from `all` (every ClusterRole). Throws a 400 StatusError when a selector
 * is invalid (the controller retries, as upstream's does on its conversion error).
 */
export function aggregatedRules(role: Readonly<ClusterRole>, all: readonly Readonly<ClusterRole>[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  // The rules taken so far, by key: the admin, edit and view roles aggregate hundreds of rules, and comparing
  // each with every one taken cost ~10 ms of every start (the bootstrap policy is reconciled at start).
  const taken = new Set<string>();
  const byName = [...all].sort((a, b) => ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : (a.metadata.name ?? '') > (b.metadata.name ?? '') ? 1 : 0));
  for (const selectorObject of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const selector = labelSelectorFromObject(selectorObject);
    for (const candidate of byName) {
      if (candidate.metadata.name === role.metadata.name || !selector.matches(candidate.metadata.labels)) continue;
      for (const rule of candidate.rules ?? []) {
        const key = ruleKey(rule);
        if (taken.has(key)) continue;
        taken.add(key);
        rules.push(structuredClone(rule));
      }
    }
  }
  return rules;
}
