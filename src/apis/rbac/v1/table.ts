// `kubectl get` tables of the RBAC kinds, as upstream 1.25 printers: roles show when they were created
// (RFC 3339, UTC); bindings show their role and, wide, their users, groups and service accounts.
import type { TableColumn } from '../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import type { ClusterRoleBinding, Role, RoleBinding, Subject } from './schemas.generated.js';

type AnyRole = Role;
type AnyBinding = RoleBinding | ClusterRoleBinding;

/** `Created At` (type date): the creation time as RFC 3339 in UTC, seconds precision. */
const createdAtColumn: TableColumn<AnyRole> = {
  definition: columnDefinition('Created At', 'date', 'CreationTimestamp is a timestamp representing the server time when this object was created.'),
  cell: (role) => {
    const at = role.metadata.creationTimestamp;
    return at ? new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z') : '0001-01-01T00:00:00Z';
  },
};

/** The table of Roles and ClusterRoles. */
export const roleTableColumns = (): TableColumn<AnyRole>[] => [nameColumn(), createdAtColumn];

/** upstream SubjectsStrings: users, groups and `namespace/name` service accounts, for display. */
function subjectNames(subjects: readonly Subject[] | undefined, kind: string): string {
  return (subjects ?? [])
    .filter((s) => s.kind === kind)
    .map((s) => (kind === 'ServiceAccount' ? `${s.namespace ?? ''}/${s.name}` : s.name))
    .join(', ');
}

const subjectColumn = (name: string, kind: string, owner: string): TableColumn<AnyBinding> => ({
  definition: columnDefinition(name, 'string', `${name} in the ${owner}`, { priority: 1 }),
  cell: (binding) => subjectNames(binding.subjects, kind),
});

/** The table of RoleBindings (`owner` roleBinding) and ClusterRoleBindings (clusterRoleBinding). */
export function bindingTableColumns(owner: 'roleBinding' | 'clusterRoleBinding', roleDescription: string): TableColumn<AnyBinding>[] {
  const role: TableColumn<AnyBinding> = {
    definition: columnDefinition('Role', 'string', roleDescription),
    cell: (binding) => `${binding.roleRef.kind}/${binding.roleRef.name}`,
  };
  return [
    nameColumn(),
    role,
    ageColumn(),
    subjectColumn('Users', 'User', owner),
    subjectColumn('Groups', 'Group', owner),
    subjectColumn('ServiceAccounts', 'ServiceAccount', owner),
  ];
}
