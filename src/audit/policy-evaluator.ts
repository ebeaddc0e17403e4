// Which rule of the audit policy a request falls under (k8s.io/apiserver pkg/audit/policy/checker.go, 1.25):
// the first whose users, groups, verbs and then resources and namespaces, or non-resource URLs, match; no
// rule matching is level None.
import type { UserInfo } from '../auth/user-info.js';
import type { RequestInfo } from '../endpoints/request-info.js';
import type { AuditLevel, AuditPolicy, AuditStage, PolicyRule } from './policy.js';

/** What a request is recorded with. */
export interface RequestAuditConfig {
  readonly level: AuditLevel;
  readonly omitStages: readonly AuditStage[];
  readonly omitManagedFields: boolean;
}

/** upstream pathMatches: `*`, the path itself, or a prefix ending in `*`. */
function pathMatches(path: string, spec: string): boolean {
  return spec === '*' || spec === path || (spec.endsWith('*') && path.startsWith(spec.replace(/\*+$/, '')));
}

/** upstream ruleMatchesResource: namespaces, then `resource`, `resource/subresource`, `*`, `*\/subresource` or `resource/*` of the group, within resourceNames. */
function matchesResource(rule: PolicyRule, info: RequestInfo): boolean {
  if (!info.isResourceRequest) return false;
  if ((rule.namespaces?.length ?? 0) > 0 && !rule.namespaces!.includes(info.namespace)) return false;
  if ((rule.resources?.length ?? 0) === 0) return true;
  const { resource, subresource, name } = info;
  const combined = subresource ? `${resource}/${subresource}` : resource;
  for (const group of rule.resources ?? []) {
    if ((group.group ?? '') !== info.apiGroup) continue;
    if ((group.resources?.length ?? 0) === 0) return true;
    if ((group.resourceNames?.length ?? 0) > 0 && !group.resourceNames!.includes(name)) continue;
    for (const spec of group.resources ?? []) {
      if (spec === combined || spec === '*') return true;
      if (subresource && spec.startsWith('*/') && subresource === spec.replace(/^[*/]+/, '')) return true;
      if (spec.endsWith('/*') && resource === spec.replace(/[/*]+$/, '')) return true;
    }
  }
  return false;
}

/** upstream ruleMatches. */
function ruleMatches(rule: PolicyRule, info: RequestInfo, user: UserInfo | undefined): boolean {
  if ((rule.users?.length ?? 0) > 0 && (!user || !rule.users!.includes(user.name))) return false;
  if ((rule.userGroups?.length ?? 0) > 0 && (!user || !user.groups.some((g) => rule.userGroups!.includes(g)))) return false;
  if ((rule.verbs?.length ?? 0) > 0 && !rule.verbs!.includes(info.verb)) return false;
  if ((rule.namespaces?.length ?? 0) > 0 || (rule.resources?.length ?? 0) > 0) return matchesResource(rule, info);
  if ((rule.nonResourceURLs?.length ?? 0) > 0) return !info.isResourceRequest && rule.nonResourceURLs!.some((spec) => pathMatches(info.path, spec));
  return true;
}

/** upstream policyRuleEvaluator.EvaluatePolicyRule. */
export function evaluateAuditPolicy(policy: AuditPolicy, info: RequestInfo, user: UserInfo | undefined): RequestAuditConfig {
  for (const rule of policy.rules) {
    if (ruleMatches(rule, info, user)) {
      return { level: rule.level, omitStages: rule.omitStages ?? [], omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields ?? false };
    }
  }
  return { level: 'None', omitStages: policy.omitStages ?? [], omitManagedFields: policy.omitManagedFields ?? false };
}
