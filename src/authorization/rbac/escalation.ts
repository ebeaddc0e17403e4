// Escalation prevention (spec 2-access-control, Authorization item 6; upstream pkg/registry/rbac and
// validation.ConfirmNoEscalation): a user may write a role, or bind one, only with rules they hold
// themselves, unless they have `escalate` on the role (roles, clusterroles) or `bind` on the role a
// binding refers to. `system:masters` may always (the API server's own loopback identity is in it).
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import type { UserInfo } from '../../auth/user-info.js';
import { goQuote, goQuotedList } from '../../registry/selectors/go-format.js';
import type { Authorizer } from '../authorizer.js';
import { SYSTEM_PRIVILEGED_GROUP } from '../builtin-modules.js';
import { compactRules, compactString, covers } from './policy-comparator.js';
import type { RuleResolver } from './rule-resolver.js';

/** upstream EscalationAllowed: members of system:masters skip every check. */
export const escalationAllowed = (user: UserInfo): boolean => user.groups.includes(SYSTEM_PRIVILEGED_GROUP);

/** What `escalate` or `bind` is asked on: a role of the RBAC group, by resource and name. */
export interface RoleTarget {
  readonly verb: 'escalate' | 'bind';
  readonly resource: 'roles' | 'clusterroles';
  readonly name: string;
  readonly namespace: string;
  readonly apiGroup: string;
}

/** upstream RoleEscalationAuthorized and BindingAuthorized: whether the user holds `escalate` / `bind` on the role. */
export async function holdsRoleVerb(authorizer: Authorizer, user: UserInfo, target: RoleTarget): Promise<boolean> {
  const result = await authorizer.authorize({
    user,
    verb: target.verb,
    isResourceRequest: true,
    path: '',
    namespace: target.namespace,
    apiGroup: target.apiGroup,
    // upstream asks escalate for any version ("*"), bind for none.
    apiVersion: target.verb === 'escalate' ? '*' : '',
    resource: target.resource,
    subresource: '',
    name: target.name,
  });
  return result.decision === 'Allow';
}

/**
 * upstream ConfirmNoEscalation: undefined when the rules `user` holds in `namespace` cover `rules`, else the
 * message naming the missing ones (compacted, sorted), and the resolution errors met.
 */
export function escalationError(resolver: RuleResolver, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): string | undefined {
  const owned = resolver.rulesFor(user, namespace);
  const { covered, missing } = covers(owned.rules, rules);
  if (covered) return undefined;
  const lines = [...new Set(compactRules(missing).map(compactString))].sort();
  let message = `user ${goQuote(user.name)} (groups=${goQuotedList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${lines.join('\n')}`;
  if (owned.errors.length > 0) message += `; resolution errors: [${owned.errors.join(' ')}]`;
  return message;
}
