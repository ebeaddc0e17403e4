// ServiceAccount (core v1, namespaced): validation as upstream ValidateServiceAccount (metadata only;
// names are DNS subdomains), the strategy's cleaning of secret references to their names, and the
// table of upstream's printServiceAccount. The `token` subresource belongs to authentication.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import type { FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { ServiceAccountSchema, type ServiceAccount } from './schemas.generated.js';

export { ServiceAccountSchema, type ServiceAccount };

/** upstream ValidateServiceAccount. */
export function validateServiceAccount(sa: ServiceAccount): FieldError[] {
  return validateObjectMeta(sa.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
}

/** upstream ValidateServiceAccountUpdate. */
export function validateServiceAccountUpdate(sa: ServiceAccount, old: ServiceAccount): FieldError[] {
  return [...validateObjectMetaUpdate(sa.metadata, old.metadata), ...validateServiceAccount(sa)];
}

/** upstream cleanSecretReferences: a secret reference keeps only its name (create and update). */
export function cleanSecretReferences(sa: ServiceAccount): void {
  if (sa.secrets) sa.secrets = sa.secrets.map((ref) => (ref.name === undefined ? {} : { name: ref.name }));
}

/** `Secrets`: how many secret references the account has. */
const secretsColumn: TableColumn<ServiceAccount> = {
  definition: columnDefinition('Secrets', 'string', 'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use.'),
  cell: (sa) => (sa.secrets ?? []).length,
};

/** The ServiceAccount resource: `serviceaccounts`, short name `sa`. */
export const serviceAccountDefinition: ResourceDefinition<ServiceAccount> = {
  group: '',
  version: 'v1',
  kind: 'ServiceAccount',
  listKind: 'ServiceAccountList',
  resource: 'serviceaccounts',
  singular: 'serviceaccount',
  shortNames: ['sa'],
  namespaced: true,
  schema: ServiceAccountSchema,
  definitionName: `${CORE_V1}.ServiceAccount`,
  verbs: ALL_VERBS,
  strategy: {
    prepareForCreate: cleanSecretReferences,
    validate: validateServiceAccount,
    prepareForUpdate: cleanSecretReferences,
    validateUpdate: validateServiceAccountUpdate,
  },
  tableColumns: [nameColumn(), secretsColumn, ageColumn()],
};
