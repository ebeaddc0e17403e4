// The RBAC bootstrap policy of Kubernetes 1.25 (upstream plugin/pkg/auth/authorizer/rbac/bootstrappolicy) as
// data: the default cluster roles and bindings, the controllers' roles, and the Roles and RoleBindings of
// kube-system and kube-public. Reconciled into storage at start (../reconciliation/).
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../../../apis/rbac/v1/schemas.generated.js';
import { clusterRoleBindings } from './cluster-role-bindings.js';
import { clusterRoles } from './cluster-roles.js';
import { controllerRoleBindings, controllerRoles } from './controller-roles.js';
import { namespaceRoleBindings, namespaceRoles } from './namespace-policy.js';

export { AUTO_UPDATE_ANNOTATION, BOOTSTRAP_LABELS } from './rule-builder.js';
export { AGGREGATE_TO_ADMIN, AGGREGATE_TO_EDIT, AGGREGATE_TO_VIEW } from './cluster-roles.js';

/** Every default object, fresh (callers may change them). */
export interface BootstrapPolicy {
  clusterRoles: ClusterRole[];
  clusterRoleBindings: ClusterRoleBinding[];
  roles: Role[];
  roleBindings: RoleBinding[];
}

/** upstream's policy as the rbac/bootstrap-roles post-start hook reconciles it: cluster-wide first, then controllers'. */
export function bootstrapPolicy(): BootstrapPolicy {
  return {
    clusterRoles: [...clusterRoles(), ...controllerRoles()],
    clusterRoleBindings: [...clusterRoleBindings(), ...controllerRoleBindings()],
    roles: namespaceRoles(),
    roleBindings: namespaceRoleBindings(),
  };
}
