// rbac.authorization.k8s.io/v1 (3-resources, 2-access-control "Role-based access resources"): Role,
// ClusterRole, RoleBinding, ClusterRoleBinding as API objects: defaults, validation and tables. As
// upstream's strategies: no status, no generation, a PUT may create; no short names or categories.
// Who may create them (escalation checks) and what they grant is the authorizer's business, not here.
import { ALL_VERBS, kindIdentity, type ResourceDefinition } from '../../../registry/resource-definition.js';
import {
  ClusterRoleBindingSchema, ClusterRoleSchema, RoleBindingSchema, RoleSchema,
  type ClusterRole, type ClusterRoleBinding, type Role, type RoleBinding, type Subject,
} from './schemas.generated.js';
import { bindingTableColumns, roleTableColumns } from './table.js';
import {
  RBAC_GROUP, validateClusterRole, validateClusterRoleBinding, validateClusterRoleBindingUpdate, validateClusterRoleUpdate,
  validateRole, validateRoleBinding, validateRoleBindingUpdate, validateRoleUpdate,
} from './validation.js';

export { ClusterRoleBindingSchema, ClusterRoleSchema, RoleBindingSchema, RoleSchema, type ClusterRole, type ClusterRoleBinding, type Role, type RoleBinding };

const RBAC_V1 = 'io.k8s.api.rbac.v1';

/** upstream rbac/v1 SetDefaults_Subject: Users and Groups default to the RBAC API group. */
function defaultSubject(subject: Subject): void {
  if (!subject.apiGroup && (subject.kind === 'User' || subject.kind === 'Group')) subject.apiGroup = RBAC_GROUP;
}

/** upstream SetDefaults_RoleBinding / _ClusterRoleBinding: roleRef.apiGroup, then each subject. */
function defaultBinding(binding: RoleBinding | ClusterRoleBinding): void {
  if (binding.roleRef && !binding.roleRef.apiGroup) binding.roleRef.apiGroup = RBAC_GROUP;
  binding.subjects?.forEach(defaultSubject);
}

const identity = (kind: string, resource: string, namespaced: boolean) => ({
  ...kindIdentity(RBAC_GROUP, 'v1', kind, namespaced, RBAC_V1, resource),
  verbs: ALL_VERBS,
  // kube-apiserver keeps RBAC objects under /registry/<resource>/, without the group.
  storage: { resourcePath: resource },
});

export const roleDefinition: ResourceDefinition<Role> = {
  ...identity('Role', 'roles', true),
  schema: RoleSchema,
  strategy: { allowCreateOnUpdate: true, validate: validateRole, validateUpdate: validateRoleUpdate },
  tableColumns: roleTableColumns(),
};

export const clusterRoleDefinition: ResourceDefinition<ClusterRole> = {
  ...identity('ClusterRole', 'clusterroles', false),
  schema: ClusterRoleSchema,
  strategy: { allowCreateOnUpdate: true, validate: validateClusterRole, validateUpdate: validateClusterRoleUpdate },
  tableColumns: roleTableColumns(),
};

export const roleBindingDefinition: ResourceDefinition<RoleBinding> = {
  ...identity('RoleBinding', 'rolebindings', true),
  schema: RoleBindingSchema,
  defaults: defaultBinding,
  strategy: { allowCreateOnUpdate: true, validate: validateRoleBinding, validateUpdate: validateRoleBindingUpdate },
  tableColumns: bindingTableColumns('roleBinding', 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.'),
};

export const clusterRoleBindingDefinition: ResourceDefinition<ClusterRoleBinding> = {
  ...identity('ClusterRoleBinding', 'clusterrolebindings', false),
  schema: ClusterRoleBindingSchema,
  defaults: defaultBinding,
  strategy: { allowCreateOnUpdate: true, validate: validateClusterRoleBinding, validateUpdate: validateClusterRoleBindingUpdate },
  tableColumns: bindingTableColumns('clusterRoleBinding', 'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.'),
};
