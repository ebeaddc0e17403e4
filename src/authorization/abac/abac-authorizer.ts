// The ABAC mode (upstream pkg/auth/authorizer/abac PolicyList): a request is allowed when one policy of
// the file matches its user, its verb (read-only policies match only get, list and watch) and either its
// resource (namespace, resource and API group, each exact or `*`) or its non-resource path (`*`, exact, or
// a `/prefix*` pattern). Nothing else is decided: no policy matched is no opinion.
import type { UserInfo } from '../../auth/user-info.js';
import { allow, noOpinion, type AuthorizationAttributes, type AuthorizationModule, type NonResourceRuleInfo, type ResourceRuleInfo, type RulesResult } from '../authorizer.js';
import type { PolicySpec } from './policy.js';

const ALLOWED = Object.freeze(allow());
const NO_POLICY_MATCHED = Object.freeze(noOpinion('No policy matched.'));
const READ_VERBS: readonly string[] = ['get', 'list', 'watch'];

/** The ABAC module over a policy file's policies, in file order. */
export function abacAuthorizer(policies: readonly PolicySpec[]): AuthorizationModule {
  return {
    authorize: (attributes) => (policies.some((policy) => matches(policy, attributes)) ? ALLOWED : NO_POLICY_MATCHED),
    rulesFor: (user, namespace) => rulesFor(policies, user, namespace),
  };
}

function matches(policy: PolicySpec, attributes: AuthorizationAttributes): boolean {
  if (!subjectMatches(policy, attributes.user)) return false;
  if (policy.readonly && !READ_VERBS.includes(attributes.verb)) return false;
  return attributes.isResourceRequest ? resourceMatches(policy, attributes) : nonResourceMatches(policy, attributes.path);
}

/** The user and group the policy names must both match; a policy naming neither matches no one. */
export function subjectMatches(policy: PolicySpec, user: UserInfo): boolean {
  let matched = false;
  if (policy.user !== '') {
    if (policy.user !== '*' && policy.user !== user.name) return false;
    matched = true;
  }
  if (policy.group !== '') {
    if (policy.group !== '*' && !user.groups.includes(policy.group)) return false;
    matched = true;
  }
  return matched;
}

function resourceMatches(policy: PolicySpec, attributes: AuthorizationAttributes): boolean {
  return wildcardOr(policy.namespace, attributes.namespace) && wildcardOr(policy.resource, attributes.resource) && wildcardOr(policy.apiGroup, attributes.apiGroup);
}

function nonResourceMatches(policy: PolicySpec, path: string): boolean {
  const pattern = policy.nonResourcePath;
  if (pattern === '*' || pattern === path) return true;
  // upstream trims every trailing `*` before comparing the prefix.
  return pattern.endsWith('*') && path.startsWith(pattern.replace(/\*+$/, ''));
}

const wildcardOr = (pattern: string, value: string): boolean => pattern === '*' || pattern === value;

/** The policies of the user that apply in `namespace`, as rules (upstream PolicyList.RulesFor). */
function rulesFor(policies: readonly PolicySpec[], user: UserInfo, namespace: string): RulesResult {
  const resourceRules: ResourceRuleInfo[] = [];
  const nonResourceRules: NonResourceRuleInfo[] = [];
  for (const policy of policies) {
    if (!subjectMatches(policy, user) || !wildcardOr(policy.namespace, namespace)) continue;
    const verbs = policy.readonly ? [...READ_VERBS] : ['*'];
    if (policy.resource !== '') resourceRules.push({ verbs, apiGroups: [policy.apiGroup], resources: [policy.resource], resourceNames: [] });
    if (policy.nonResourcePath !== '') nonResourceRules.push({ verbs: [...verbs], nonResourceURLs: [policy.nonResourcePath] });
  }
  return { resourceRules, nonResourceRules, incomplete: false };
}
