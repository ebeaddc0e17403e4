// Whether one PolicyRule allows a request (upstream rbac RuleAllows and rbacv1helpers' matchers). Rules
// only add; `*` matches everything of its field; `*/status` matches the status subresource of any
// resource; a rule with resourceNames matches only requests naming one of them (so never a create, or a
// list without a `metadata.name` field selector); a non-resource URL ending in `*` matches by prefix.
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import type { AuthorizationAttributes } from '../authorizer.js';

const ALL = '*';

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === ALL || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === ALL || g === group);
}

/** `combined` is `resource` or `resource/subresource`. */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const resource of rule.resources ?? []) {
    if (resource === ALL || resource === combined) return true;
    if (subresource && resource.length === subresource.length + 2 && resource.startsWith('*/') && resource.endsWith(subresource)) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const url of rule.nonResourceURLs ?? []) {
    if (url === ALL || url === path) return true;
    if (url.endsWith(ALL) && path.startsWith(url.slice(0, -1))) return true;
  }
  return false;
}

/** upstream RuleAllows. */
export function ruleAllows(attributes: AuthorizationAttributes, rule: PolicyRule): boolean {
  if (!verbMatches(rule, attributes.verb)) return false;
  if (!attributes.isResourceRequest) return nonResourceURLMatches(rule, attributes.path);
  const { resource, subresource } = attributes;
  const combined = subresource ? `${resource}/${subresource}` : resource;
  return apiGroupMatches(rule, attributes.apiGroup) && resourceMatches(rule, combined, subresource) && resourceNameMatches(rule, attributes.name);
}
