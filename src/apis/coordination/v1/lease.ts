// Lease (coordination.k8s.io/v1, namespaced; 3-resources "Lease"): schema, validation as upstream
// ValidateLease / ValidateLeaseUpdate, and the `kubectl get` table. Leader election of the in-process
// controllers (controllers/leader-election/) writes these objects.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { K } from '../../../schema/builder.js';
import { PROTOBUF_FIELD as N, protobufField } from '../../../schema/protobuf/field-number.js';
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { MicroTimeSchema, ObjectMetaSchema, gvkMarker, type KindObject } from '../../meta/v1/object-meta.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';

const COORDINATION_V1 = 'io.k8s.api.coordination.v1';

/** coordination/v1 LeaseSpec; protobuf field numbers from upstream's generated.proto. */
export const LeaseSpecSchema = K.Object(
  {
    acquireTime: K.Optional(protobufField(3, MicroTimeSchema)),
    holderIdentity: K.Optional(K.String({ [N]: 1 })),
    leaseDurationSeconds: K.Optional(K.Int32({ [N]: 2 })),
    leaseTransitions: K.Optional(K.Int32({ [N]: 5 })),
    renewTime: K.Optional(protobufField(4, MicroTimeSchema)),
  },
  { $id: `${COORDINATION_V1}.LeaseSpec` },
);

/** coordination/v1 Lease. */
export const LeaseSchema = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    metadata: K.Optional(protobufField(1, ObjectMetaSchema)),
    spec: K.Optional(protobufField(2, LeaseSpecSchema)),
  },
  { $id: `${COORDINATION_V1}.Lease`, ...gvkMarker({ group: 'coordination.k8s.io', version: 'v1', kind: 'Lease' }) },
);

/** A coordination.k8s.io/v1 Lease. */
export type Lease = KindObject<typeof LeaseSchema>;
/** The spec of a Lease, every field optional. */
export type LeaseSpec = NonNullable<Lease['spec']>;

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
