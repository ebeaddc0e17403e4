// The rules a user holds (upstream rbac validation.DefaultRuleResolver): the rules of every role bound
// to the user or one of its groups, by ClusterRoleBindings everywhere and by RoleBindings in the
// namespace asked about. Read from informers, so a decision never waits for storage.
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from '../../apis/rbac/v1/schemas.generated.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { ObjectIndex } from '../../client/informer.js';
import { goQuote } from '../../registry/selectors/go-format.js';
import { BindingIndex, firstApplyingSubject, type Binding } from './binding-index.js';

export interface RbacInformers {
  roles: ObjectIndex<Role>;
  clusterRoles: ObjectIndex<ClusterRole>;
  roleBindings: ObjectIndex<RoleBinding>;
  clusterRoleBindings: ObjectIndex<ClusterRoleBinding>;
}


/**
 * Called per rule (with the binding and subject it came from) or per error; returning false stops the walk.
 * The source is passed as two arguments, not an object, so that a walk allocates nothing per binding.
 */
export type RuleVisitor = (binding: Binding | undefined, subject: Subject | undefined, rule: PolicyRule | undefined, error: string | undefined) => boolean;

const NO_RULES: readonly PolicyRule[] = Object.freeze([]);

export class RuleResolver {
  readonly #roleBindings: BindingIndex<RoleBinding>;
  readonly #clusterRoleBindings: BindingIndex<ClusterRoleBinding>;

  constructor(private readonly informers: RbacInformers) {
    this.#roleBindings = new BindingIndex(informers.roleBindings);
    this.#clusterRoleBindings = new BindingIndex(informers.clusterRoleBindings);
  }

  /** upstream VisitRulesFor: cluster bindings first, then the namespace's bindings. */
  visitRulesFor(user: UserInfo, namespace: string, visitor: RuleVisitor): void {
    const walk = (binding: Binding): boolean => {
      const bindingNamespace = binding.metadata.namespace ?? '';
      const subject = firstApplyingSubject(binding, user, bindingNamespace);
      if (subject === undefined) return true;
      const found = this.#roleRules(binding.roleRef, bindingNamespace);
      if (typeof found === 'string') return visitor(undefined, undefined, undefined, found);
      for (const rule of found) if (!visitor(binding, subject, rule, undefined)) return false;
      return true;
    };
    if (!this.#clusterRoleBindings.forEach(user, '', walk)) return;
    if (namespace !== '') this.#roleBindings.forEach(user, namespace, walk);
  }

  /** upstream RulesFor: every rule the user holds in `namespace`, and the errors met on the way. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_binding, _subject, rule, error) => {
      if (rule !== undefined) rules.push(rule);
      if (error !== undefined) errors.push(error);
      return true;
    });
    return { rules, errors };
  }

  /** upstream GetRoleReferenceRules: the rules of the role a binding refers to. */
  roleReferenceRules(roleRef: RoleRef, namespace: string): { rules: readonly PolicyRule[]; error?: string } {
    const found = this.#roleRules(roleRef, namespace);
    return typeof found === 'string' ? { rules: [], error: found } : { rules: found };
  }

  /** The rules of the role `roleRef` names, or the error text (no allocation on the way to the rules). */
  #roleRules(roleRef: RoleRef, namespace: string): readonly PolicyRule[] | string {
    switch (roleRef.kind) {
      case 'Role': {
        const role = this.informers.roles.get(namespace, roleRef.name);
        return role ? (role.rules ?? NO_RULES) : `role.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found`;
      }
      case 'ClusterRole': {
        const role = this.informers.clusterRoles.get('', roleRef.name);
        return role ? (role.rules ?? NO_RULES) : `clusterrole.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found`;
      }
      default:
        return `unsupported role reference kind: ${goQuote(roleRef.kind)}`;
    }
  }
}

/** The `allowed by` text of a rule's source (upstream's binding describers). */
export function describeSource(binding: Binding, subject: Subject): string {
  const namespace = binding.metadata.namespace ?? '';
  const who = subject.kind === 'ServiceAccount' ? `${subject.name}/${subject.namespace || namespace}` : subject.name;
  const name = namespace ? `${binding.metadata.name ?? ''}/${namespace}` : (binding.metadata.name ?? '');
  const kind = namespace ? 'RoleBinding' : 'ClusterRoleBinding';
  return `${kind} ${goQuote(name)} of ${binding.roleRef.kind} ${goQuote(binding.roleRef.name)} to ${subject.kind} ${goQuote(who)}`;
}
