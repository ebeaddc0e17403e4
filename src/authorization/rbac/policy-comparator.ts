// Whether one set of rules covers another (upstream rbac validation policy_comparator.go): the rules
// granted are broken down into single verb / group / resource / name tuples, and each must be covered by
// one rule the granting user holds. Used by escalation prevention; the uncovered tuples, compacted, are
// what the 403 lists.
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import { goQuotedList } from '../../registry/selectors/go-format.js';

const ALL = '*';

/** upstream BreakdownRule: one rule per verb, group, resource and name (and per verb and URL). */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const subrules: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        const names = rule.resourceNames ?? [];
        if (names.length === 0) subrules.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
        for (const name of names) subrules.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of rule.verbs) subrules.push({ nonResourceURLs: [url], verbs: [verb] });
  }
  return subrules;
}

const hasAll = (set: readonly string[], wanted: readonly string[]): boolean => wanted.every((w) => set.includes(w));

function resourcesCoverAll(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes(ALL) || hasAll(owned, wanted)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

function nonResourceURLCovers(owner: string, path: string): boolean {
  return owner === path || (owner.endsWith(ALL) && path.startsWith(owner.replace(/\*+$/, '')));
}

/** upstream ruleCovers: `owner` (any shape) covers `sub` (at most one of each). */
export function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const verbs = owner.verbs.includes(ALL) || hasAll(owner.verbs, sub.verbs);
  const groups = (owner.apiGroups ?? []).includes(ALL) || hasAll(owner.apiGroups ?? [], sub.apiGroups ?? []);
  const resources = resourcesCoverAll(owner.resources ?? [], sub.resources ?? []);
  const urls = (sub.nonResourceURLs ?? []).every((path) => (owner.nonResourceURLs ?? []).some((o) => nonResourceURLCovers(o, path)));
  const ownerNames = owner.resourceNames ?? [];
  const subNames = sub.resourceNames ?? [];
  const names = subNames.length === 0 ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, subNames);
  return verbs && groups && resources && names && urls;
}

/** upstream Covers: whether `owned` covers every rule of `wanted`, and the broken-down rules it does not. */
export function covers(owned: readonly PolicyRule[], wanted: readonly PolicyRule[]): { covered: boolean; missing: PolicyRule[] } {
  const missing = wanted.flatMap(breakdownRule).filter((sub) => !owned.some((owner) => ruleCovers(owner, sub)));
  return { covered: missing.length === 0, missing };
}

/**
 * upstream CompactRules: rules with one group, one resource, at most one name and nothing else are merged
 * when they differ only by verb (the broken-down missing rules read as one line per resource).
 */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const compacted: PolicyRule[] = [];
  const simple = new Map<string, PolicyRule>();
  for (const rule of rules) {
    const key = simpleResourceKey(rule);
    if (key === undefined) {
      compacted.push(rule);
      continue;
    }
    const existing = simple.get(key);
    if (existing) existing.verbs.push(...rule.verbs);
    else simple.set(key, { ...rule, verbs: [...rule.verbs] });
  }
  return [...compacted, ...simple.values()];
}

function simpleResourceKey(rule: PolicyRule): string | undefined {
  const names = rule.resourceNames ?? [];
  if (names.length > 1 || (rule.nonResourceURLs ?? []).length > 0) return undefined;
  if (rule.apiGroups?.length !== 1 || rule.resources?.length !== 1) return undefined;
  return JSON.stringify([rule.apiGroups[0], rule.resources[0], names.length === 0 ? null : names[0]]);
}

/** upstream PolicyRule.CompactString: `{APIGroups:["apps"], Resources:["deployments"], Verbs:["get" "list"]}`. */
export function compactString(rule: PolicyRule): string {
  const parts: string[] = [];
  if ((rule.apiGroups ?? []).length > 0) parts.push(`APIGroups:${goQuotedList(rule.apiGroups!)}`);
  if ((rule.resources ?? []).length > 0) parts.push(`Resources:${goQuotedList(rule.resources!)}`);
  if ((rule.nonResourceURLs ?? []).length > 0) parts.push(`NonResourceURLs:${goQuotedList(rule.nonResourceURLs!)}`);
  if ((rule.resourceNames ?? []).length > 0) parts.push(`ResourceNames:${goQuotedList(rule.resourceNames!)}`);
  if (rule.verbs.length > 0) parts.push(`Verbs:${goQuotedList(rule.verbs)}`);
  return `{${parts.join(', ')}}`;
}
