// The rules a user holds (upstream rbac validation.DefaultRuleResolver): the rules of every role bound
// to the user or one of its groups, by ClusterRoleBindings everywhere and by RoleBindings in the
// namespace asked about. Read from informers, so a decision never waits for storage.
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef } from '../../apis/rbac/v1/schemas.generated.js';
import type { UserInfo } from '../../auth/user-info.js';
import type { ObjectIndex } from '../../registry/informer.js';
import { goQuote } from '../../registry/selectors/go-format.js';
import { BindingIndex, firstApplyingSubject, type Binding } from './binding-index.js';

export interface RbacInformers {
  roles: ObjectIndex<Role>;
  clusterRoles: ObjectIndex<ClusterRole>;
  roleBindings: ObjectIndex<RoleBinding>;
  clusterRoleBindings: ObjectIndex<ClusterRoleBinding>;
}

/** Where a rule came from: the binding and the subject of it that applied. */
export interface RuleSource {
  readonly binding: Binding;
  readonly subject: { kind: string; name: string; namespace?: string };
}

/** Called per rule (with its source) or per error; returning false stops the walk. */
export type RuleVisitor = (source: RuleSource | undefined, rule: PolicyRule | undefined, error: string | undefined) => boolean;

export class RuleResolver {
  readonly #roleBindings: BindingIndex<RoleBinding>;
  readonly #clusterRoleBindings: BindingIndex<ClusterRoleBinding>;

  constructor(private readonly informers: RbacInformers) {
    this.#roleBindings = new BindingIndex(informers.roleBindings);
    this.#clusterRoleBindings = new BindingIndex(informers.clusterRoleBindings);
  }

  /** upstream VisitRulesFor: cluster bindings first, then the namespace's bindings. */
  visitRulesFor(user: UserInfo, namespace: string, visitor: RuleVisitor): void {
    const walk = (bindingNamespace: string) => (binding: Binding): boolean => {
      const subject = firstApplyingSubject(binding, user, bindingNamespace);
      if (subject === undefined) return true;
      const { rules, error } = this.roleReferenceRules(binding.roleRef, bindingNamespace);
      if (error !== undefined) return visitor(undefined, undefined, error);
      const source: RuleSource = { binding, subject };
      for (const rule of rules) if (!visitor(source, rule, undefined)) return false;
      return true;
    };
    if (!this.#clusterRoleBindings.forEach(user, '', walk(''))) return;
    if (namespace !== '') this.#roleBindings.forEach(user, namespace, walk(namespace));
  }

  /** upstream RulesFor: every rule the user holds in `namespace`, and the errors met on the way. */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_source, rule, error) => {
      if (rule !== undefined) rules.push(rule);
      if (error !== undefined) errors.push(error);
      return true;
    });
    return { rules, errors };
  }

  /** upstream GetRoleReferenceRules: the rules of the role a binding refers to. */
  roleReferenceRules(roleRef: RoleRef, namespace: string): { rules: readonly PolicyRule[]; error?: string } {
    switch (roleRef.kind) {
      case 'Role': {
        const role = this.informers.roles.get(namespace, roleRef.name);
        return role ? { rules: role.rules ?? [] } : { rules: [], error: `role.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found` };
      }
      case 'ClusterRole': {
        const role = this.informers.clusterRoles.get('', roleRef.name);
        return role ? { rules: role.rules ?? [] } : { rules: [], error: `clusterrole.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found` };
      }
      default:
        return { rules: [], error: `unsupported role reference kind: ${goQuote(roleRef.kind)}` };
    }
  }
}

/** The `allowed by` text of a rule's source (upstream's binding describers). */
export function describeSource(source: RuleSource): string {
  const { binding, subject } = source;
  const namespace = binding.metadata.namespace ?? '';
  const who = subject.kind === 'ServiceAccount' ? `${subject.name}/${subject.namespace || namespace}` : subject.name;
  const name = namespace ? `${binding.metadata.name ?? ''}/${namespace}` : (binding.metadata.name ?? '');
  const kind = namespace ? 'RoleBinding' : 'ClusterRoleBinding';
  return `${kind} ${goQuote(name)} of ${binding.roleRef.kind} ${goQuote(binding.roleRef.name)} to ${subject.kind} ${goQuote(who)}`;
}
