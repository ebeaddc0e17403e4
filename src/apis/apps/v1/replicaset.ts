// ReplicaSet (apps/v1, namespaced; `replicasets`, short name `rs`, category `all`): upstream
// replicaset strategy (status reset on create, generation bumped on spec changes, status updates keep
// the spec, the selector immutable in apps/v1), ValidateReplicaSet* (1.25), the table (tables.ts),
// `status` and `scale`, and the field selector `status.replicas`.
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { ALL_VERBS, type ResourceDefinition, type ValidationContext } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { templateWarnings } from '../../core/v1/podtemplate.js';
import { appsScale } from './scale.js';
import { defaultReplicaSet } from './defaults.js';
import { replicaSetColumns } from './tables.js';
import { boundedByReplicas, nonNegativeCounts, validateReplicatedPods, validateSelectorUnchanged } from './validation-common.js';
import { ReplicaSetSchema, type ReplicaSet, type ReplicaSetSpec } from './schemas.generated.js';
import { dropDisabledTemplateFields } from '../../core/v1/pod/disabled-fields.js';

export { ReplicaSetSchema, type ReplicaSet };

/** upstream ValidateReplicaSetSpec (whose empty-selector message says `deployment`, as upstream's does). */
function validateSpec(spec: ReplicaSetSpec, context?: ValidationContext): FieldError[] {
  return [...validateNonnegativeField(spec.replicas, 'spec.replicas'), ...validateNonnegativeField(spec.minReadySeconds, 'spec.minReadySeconds'), ...validateReplicatedPods(spec, context)];
}

/** upstream ValidateReplicaSet. */
export function validateReplicaSet(rs: ReplicaSet, context?: ValidationContext): FieldError[] {
  return [...validateObjectMeta(rs.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateSpec(rs.spec ?? ({} as ReplicaSetSpec), context)];
}

/**
 * The strategy's ValidateUpdate: ValidateReplicaSet and ValidateReplicaSetUpdate (so spec errors are
 * listed twice, as upstream lists them), then the apps/v1 selector immutability.
 */
export function validateReplicaSetUpdate(rs: ReplicaSet, old: ReplicaSet, context?: ValidationContext): FieldError[] {
  const update = [...validateObjectMetaUpdate(rs.metadata, old.metadata), ...validateSpec(rs.spec ?? ({} as ReplicaSetSpec), context)];
  return [...validateReplicaSet(rs), ...update, ...validateSelectorUnchanged(rs.spec?.selector, old.spec?.selector)];
}

/** upstream ValidateReplicaSetStatusUpdate. */
export function validateReplicaSetStatusUpdate(rs: ReplicaSet, old: ReplicaSet): FieldError[] {
  const status = (rs.status ?? {}) as Record<string, unknown>;
  const { availableReplicas = 0, readyReplicas = 0 } = rs.status ?? { replicas: 0 };
  return [
    ...validateObjectMetaUpdate(rs.metadata, old.metadata),
    ...nonNegativeCounts(status, ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration']),
    ...boundedByReplicas(status, ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas']),
    ...(availableReplicas > readyReplicas ? [invalid('status.availableReplicas', availableReplicas, 'cannot be greater than readyReplicas')] : []),
  ];
}

/** The ReplicaSet resource. */
export const replicaSetDefinition: ResourceDefinition<ReplicaSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'ReplicaSet',
  listKind: 'ReplicaSetList',
  resource: 'replicasets',
  singular: 'replicaset',
  shortNames: ['rs'],
  categories: ['all'],
  namespaced: true,
  schema: ReplicaSetSchema,
  definitionName: 'io.k8s.api.apps.v1.ReplicaSet',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<ReplicaSet>({ validateUpdate: validateReplicaSetStatusUpdate }), appsScale<ReplicaSet>('replicasets')],
  defaults: defaultReplicaSet,
  strategy: {
    prepareForCreate: (rs) => {
      rs.status = { replicas: 0 };
      dropDisabledTemplateFields(rs.spec?.template, undefined);
    },
    prepareForUpdate: (rs, old) => dropDisabledTemplateFields(rs.spec?.template, old.spec?.template),
    validate: validateReplicaSet,
    validateUpdate: validateReplicaSetUpdate,
    warnings: (rs, old) => templateWarnings(rs.spec?.template, 'spec.template.', rs, old),
    tracksGeneration: true,
  },
  tableColumns: replicaSetColumns,
  fieldSelectors: {
    'status.replicas': (rs) => String(rs.status?.replicas ?? 0),
  },
};
