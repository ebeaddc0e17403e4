// The Roles and RoleBindings upstream 1.25 bootstraps in kube-system and kube-public (namespace_policy.go).
import type { Role, RoleBinding } from '../../../apis/rbac/v1/schemas.generated.js';
import { eventsRule, LEGACY, namespacedRole, roleBinding, rule, subjects } from './rule-builder.js';

const SYSTEM = 'kube-system';
const PUBLIC = 'kube-public';

/** upstream NamespaceRoles(), flattened, in upstream's order. */
export function namespaceRoles(): Role[] {
  return [
    namespacedRole(SYSTEM, 'extension-apiserver-authentication-reader', [rule('get', 'list', 'watch').groups(LEGACY).resources('configmaps').names('extension-apiserver-authentication')]),
    namespacedRole(SYSTEM, 'system:controller:bootstrap-signer', [rule('get', 'list', 'watch').groups(LEGACY).resources('secrets')]),
    namespacedRole(SYSTEM, 'system:controller:cloud-provider', [rule('create', 'get', 'list', 'watch').groups(LEGACY).resources('configmaps')]),
    namespacedRole(SYSTEM, 'system:controller:token-cleaner', [rule('delete', 'get', 'list', 'watch').groups(LEGACY).resources('secrets'), eventsRule()]),
    namespacedRole(SYSTEM, 'system::leader-locking-kube-controller-manager', [
      rule('watch').groups(LEGACY).resources('configmaps'),
      rule('get', 'update').groups(LEGACY).resources('configmaps').names('kube-controller-manager'),
    ]),
    namespacedRole(SYSTEM, 'system::leader-locking-kube-scheduler', [
      rule('watch').groups(LEGACY).resources('configmaps'),
      rule('get', 'update').groups(LEGACY).resources('configmaps').names('kube-scheduler'),
    ]),
    namespacedRole(PUBLIC, 'system:controller:bootstrap-signer', [
      rule('get', 'list', 'watch').groups(LEGACY).resources('configmaps'),
      rule('update').groups(LEGACY).resources('configmaps').names('cluster-info'),
      eventsRule(),
    ]),
  ];
}

/** upstream NamespaceRoleBindings(), flattened. */
export function namespaceRoleBindings(): RoleBinding[] {
  return [
    roleBinding(SYSTEM, 'extension-apiserver-authentication-reader', subjects().users('system:kube-controller-manager', 'system:kube-scheduler'), 'system::extension-apiserver-authentication-reader'),
    roleBinding(SYSTEM, 'system::leader-locking-kube-controller-manager', subjects().users('system:kube-controller-manager').serviceAccounts(SYSTEM, 'kube-controller-manager')),
    roleBinding(SYSTEM, 'system::leader-locking-kube-scheduler', subjects().users('system:kube-scheduler').serviceAccounts(SYSTEM, 'kube-scheduler')),
    roleBinding(SYSTEM, 'system:controller:bootstrap-signer', subjects().serviceAccounts(SYSTEM, 'bootstrap-signer')),
    roleBinding(SYSTEM, 'system:controller:cloud-provider', subjects().serviceAccounts(SYSTEM, 'cloud-provider')),
    roleBinding(SYSTEM, 'system:controller:token-cleaner', subjects().serviceAccounts(SYSTEM, 'token-cleaner')),
    roleBinding(PUBLIC, 'system:controller:bootstrap-signer', subjects().serviceAccounts(SYSTEM, 'bootstrap-signer')),
  ];
}
