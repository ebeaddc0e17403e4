// Lease (coordination.k8s.io/v1, namespaced; 3-resources "Lease"): schema, validation as upstream
// ValidateLease / ValidateLeaseUpdate, and the `kubectl get` table. Leader election of the in-process
// controllers (controllers/leader-election/) writes these objects.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';

const COORDINATION_V1 = 'io.k8s.api.coordination.v1';

import { LeaseSchema, LeaseSpecSchema, type Lease, type LeaseSpec } from './schemas.generated.js';

export { LeaseSchema, LeaseSpecSchema, type Lease, type LeaseSpec };

/** upstream ValidateLeaseSpec: a set duration is positive, a set transition count is not negative. */
export function validateLeaseSpec(spec: LeaseSpec | undefined, path = 'spec'): FieldError[] {
  const errors: FieldError[] = [];
  const duration = spec?.leaseDurationSeconds;
  if (duration !== undefined && duration <= 0) errors.push(invalid(`${path}.leaseDurationSeconds`, duration, 'must be greater than 0'));
  const transitions = spec?.leaseTransitions;
  if (transitions !== undefined && transitions < 0) errors.push(invalid(`${path}.leaseTransitions`, transitions, 'must be greater than or equal to 0'));
  return errors;
}

/** upstream ValidateLease: metadata (names are DNS subdomains), then the spec. */
export function validateLease(lease: Lease): FieldError[] {
  return [...validateObjectMeta(lease.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateLeaseSpec(lease.spec)];
}

/** upstream ValidateLeaseUpdate: metadata update rules, then the spec (every spec field may change). */
export function validateLeaseUpdate(lease: Lease, old: Lease): FieldError[] {
  return [...validateObjectMetaUpdate(lease.metadata, old.metadata), ...validateLeaseSpec(lease.spec)];
}

/** `Holder`: spec.holderIdentity, empty when unset (a released lease). */
const holderColumn: TableColumn<Lease> = {
  definition: columnDefinition('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.'),
  cell: (lease) => lease.spec?.holderIdentity ?? '',
};

/**
 * The Lease resource: `leases`, every verb, no subresources, no short name. A PUT may create one
 * (upstream AllowCreateOnUpdate). Stored under `/registry/leases/`, kube-apiserver's key layout.
 */
export const leaseDefinition: ResourceDefinition<Lease> = {
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  listKind: 'LeaseList',
  resource: 'leases',
  singular: 'lease',
  namespaced: true,
  schema: LeaseSchema,
  definitionName: `${COORDINATION_V1}.Lease`,
  verbs: ALL_VERBS,
  strategy: {
    allowCreateOnUpdate: true,
    validate: validateLease,
    validateUpdate: validateLeaseUpdate,
  },
  tableColumns: [nameColumn(), holderColumn, ageColumn()],
  storage: { resourcePath: 'leases' },
};
