// The modules that need no policy (upstream authorizerfactory): `AlwaysAllow`, `AlwaysDeny`, and the
// privileged group `system:masters`, which kube-apiserver puts before every configured mode so that an
// administrator's credentials always work.
import type { UserInfo } from '../auth/user-info.js';
import { NO_OPINION, type AuthorizationModule, type Authorizer, type AuthorizationResult, type RulesResult } from './authorizer.js';

/** Upstream user.SystemPrivilegedGroup. */
export const SYSTEM_PRIVILEGED_GROUP = 'system:masters';

const ALLOWED: AuthorizationResult = Object.freeze({ decision: 'Allow', reason: '' });
const EVERYTHING: RulesResult = Object.freeze({
  resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] }],
  nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
  incomplete: false,
}) as RulesResult;
const NOTHING: RulesResult = Object.freeze({ resourceRules: [], nonResourceRules: [], incomplete: false }) as RulesResult;

export const alwaysAllow: AuthorizationModule = {
  authorize: () => ALLOWED,
  rulesFor: () => copy(EVERYTHING),
};

const DENIED: AuthorizationResult = Object.freeze({ decision: 'Deny', reason: 'Everything is forbidden.' });

export const alwaysDeny: AuthorizationModule = {
  authorize: () => DENIED,
  rulesFor: () => copy(NOTHING),
};

/**
 * Allows members of `groups`, and has no opinion on anyone else. An authorizer only: as upstream, rules
 * reviews list what the configured modes grant (RBAC binds `cluster-admin` to `system:masters`).
 */
export function privilegedGroups(...groups: string[]): Authorizer {
  const member = (user: UserInfo): boolean => user.groups.some((g) => groups.includes(g));
  return { authorize: (attributes) => (member(attributes.user) ? ALLOWED : NO_OPINION) };
}

function copy(rules: RulesResult): RulesResult {
  return { resourceRules: rules.resourceRules.map((r) => ({ ...r })), nonResourceRules: rules.nonResourceRules.map((r) => ({ ...r })), incomplete: rules.incomplete };
}
