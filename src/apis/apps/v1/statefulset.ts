// StatefulSet (apps/v1, namespaced; `statefulsets`, short name `sts`, category `all`): upstream
// statefulset strategy (status reset on create, generation bumped on spec changes, status updates keep
// the spec; maxUnavailable and persistentVolumeClaimRetentionPolicy dropped as their alpha gates are
// off in 1.25 unless already in use), ValidateStatefulSet* (1.25: the template's labels and
// annotations are checked, not its PodSpec), the table (tables.ts), `status` and `scale`.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { GoLiteral } from '../../../errors/field-errors.js';
import { ALL_VERBS, type ResourceDefinition } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import { nameIsDNSSubdomain, validateAnnotations, validateLabels, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { semanticEqual } from '../../core/v1/pod/validation/common.js';
import { validatePodSpecificAnnotations } from '../../core/v1/pod/validation/annotations.js';
import { templateWarnings } from '../../core/v1/podtemplate.js';
import type { PodTemplateSpec } from '../../core/v1/schemas.generated.js';
import { appsScale } from './scale.js';
import { defaultStatefulSet } from './defaults.js';
import { goIntOrString, goLabelSelector, goPointer } from './go-values.js';
import { statefulSetColumns } from './tables.js';
import {
  boundedByReplicas,
  intOrPercentValue,
  nonNegativeCounts,
  selectorMatcher,
  validateCollisionCount,
  validateNotMoreThan100Percent,
  validatePositiveIntOrPercent,
  validateRestartAndDeadline,
  validateTemplateLabels,
  validateWorkloadSelector,
} from './validation-common.js';
import { StatefulSetSchema, type RollingUpdateStatefulSetStrategy, type StatefulSet, type StatefulSetSpec } from './schemas.generated.js';
import { dropDisabledTemplateFields } from '../../core/v1/pod/disabled-fields.js';

export { StatefulSetSchema, type StatefulSet };

const quote = (s: string | undefined): string => goQuote(s ?? '');

/** upstream validateRollingUpdateStatefulSet. */
function validateRollingUpdate(rolling: RollingUpdateStatefulSetStrategy, path: string): FieldError[] {
  const errors = validateNonnegativeField(rolling.partition, `${path}.partition`);
  const max = rolling.maxUnavailable;
  if (max === undefined || max === null) return errors;
  errors.push(...validatePositiveIntOrPercent(max, `${path}.maxUnavailable`));
  if (intOrPercentValue(max) === 0) errors.push(invalid(`${path}.maxUnavailable`, new GoLiteral(goIntOrString(max)), 'cannot be 0'));
  return [...errors, ...validateNotMoreThan100Percent(max, `${path}.maxUnavailable`)];
}

/** %#v of the internal RollingUpdateStatefulSetStrategy. */
const goRollingText = (r: RollingUpdateStatefulSetStrategy): string =>
  `apps.RollingUpdateStatefulSetStrategy{Partition:${r.partition ?? 0}, MaxUnavailable:${goPointer('intstr.IntOrString', r.maxUnavailable, goIntOrString)}}`;
const goRolling = (r: RollingUpdateStatefulSetStrategy): GoLiteral => new GoLiteral(goRollingText(r));

/** podManagementPolicy and updateStrategy. */
function validatePolicies(spec: StatefulSetSpec): FieldError[] {
  const errors: FieldError[] = [];
  const policy = spec.podManagementPolicy ?? '';
  if (policy === '') errors.push(required('spec.podManagementPolicy'));
  else if (policy !== 'OrderedReady' && policy !== 'Parallel') errors.push(invalid('spec.podManagementPolicy', policy, "must be 'OrderedReady' or 'Parallel'"));
  const strategy = spec.updateStrategy ?? {};
  const rolling = strategy.rollingUpdate;
  if (!strategy.type) errors.push(required('spec.updateStrategy'));
  else if (strategy.type === 'OnDelete') {
    if (rolling) errors.push(invalid('spec.updateStrategy.rollingUpdate', goRolling(rolling), "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (strategy.type === 'RollingUpdate') {
    if (rolling) errors.push(...validateRollingUpdate(rolling, 'spec.updateStrategy.rollingUpdate'));
  } else {
    const go = `apps.StatefulSetUpdateStrategy{Type:${quote(strategy.type)}, RollingUpdate:${goPointer('apps.RollingUpdateStatefulSetStrategy', rolling, goRollingText)}}`;
    errors.push(invalid('spec.updateStrategy', new GoLiteral(go), "must be 'RollingUpdate' or 'OnDelete'"));
  }
  return errors;
}

/** upstream ValidatePersistentVolumeClaimRetentionPolicy. */
function validateRetentionPolicy(spec: StatefulSetSpec): FieldError[] {
  const policy = spec.persistentVolumeClaimRetentionPolicy;
  if (!policy) return [];
  const check = (value: string | undefined, name: string): FieldError[] =>
    value === 'Retain' || value === 'Delete' ? [] : [notSupported(`spec.persistentVolumeClaimRetentionPolicy.${name}`, value ?? '', ['Retain', 'Delete'])];
  return [...check(policy.whenDeleted, 'whenDeleted'), ...check(policy.whenScaled, 'whenScaled')];
}

/** upstream ValidatePodTemplateSpecForStatefulSet: the selector match, labels and annotations only. */
function validateTemplate(template: PodTemplateSpec, path: string, spec: StatefulSetSpec): FieldError[] {
  const matcher = selectorMatcher(spec.selector);
  if (!matcher) return [invalid('spec.selector', goLabelSelector(spec.selector), '')];
  const meta = template.metadata ?? {};
  return [
    ...validateTemplateLabels(template, matcher, path),
    ...validateLabels(meta.labels, `${path}.labels`),
    ...validateAnnotations(meta.annotations, `${path}.annotations`),
    ...validatePodSpecificAnnotations(meta.annotations, template.spec ?? { containers: [] }, `${path}.annotations`, {}),
  ];
}

/** upstream ValidateStatefulSetSpec. */
function validateSpec(spec: StatefulSetSpec): FieldError[] {
  const template = spec.template ?? {};
  return [
    ...validatePolicies(spec),
    ...validateRetentionPolicy(spec),
    ...validateNonnegativeField(spec.replicas, 'spec.replicas'),
    ...validateNonnegativeField(spec.minReadySeconds, 'spec.minReadySeconds'),
    ...validateWorkloadSelector(spec.selector, 'spec.selector', 'statefulset'),
    ...validateTemplate(template, 'spec.template', spec),
    ...validateRestartAndDeadline(template, 'spec.template', 'StatefulSet'),
  ];
}

/** upstream ValidateStatefulSet. */
export function validateStatefulSet(sts: StatefulSet): FieldError[] {
  return [...validateObjectMeta(sts.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateSpec(sts.spec ?? ({} as StatefulSetSpec))];
}

/** The spec fields an update may change (upstream ValidateStatefulSetUpdate). */
const MUTABLE: readonly (keyof StatefulSetSpec)[] = ['replicas', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/** The strategy's ValidateUpdate: ValidateStatefulSet, then ValidateStatefulSetUpdate. */
export function validateStatefulSetUpdate(sts: StatefulSet, old: StatefulSet): FieldError[] {
  const rest = (spec: StatefulSetSpec | undefined): Record<string, unknown> => {
    const copy: Record<string, unknown> = { ...spec };
    for (const key of MUTABLE) delete copy[key];
    return copy;
  };
  const errors = [...validateStatefulSet(sts), ...validateObjectMetaUpdate(sts.metadata, old.metadata)];
  if (!semanticEqual(rest(sts.spec), rest(old.spec))) {
    const message = "updates to statefulset spec for fields other than 'replicas', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";
    errors.push(forbidden('spec', message));
  }
  return errors;
}

/** upstream ValidateStatefulSetStatusUpdate. */
export function validateStatefulSetStatusUpdate(sts: StatefulSet, old: StatefulSet): FieldError[] {
  const status = (sts.status ?? {}) as Record<string, unknown>;
  const { availableReplicas = 0, readyReplicas = 0 } = sts.status ?? { replicas: 0 };
  return [
    ...nonNegativeCounts(status, ['replicas', 'readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas', 'observedGeneration', 'collisionCount']),
    ...boundedByReplicas(status, ['readyReplicas', 'currentReplicas', 'updatedReplicas', 'availableReplicas']),
    ...(availableReplicas > readyReplicas ? [invalid('status.availableReplicas', availableReplicas, 'cannot be greater than status.readyReplicas')] : []),
    ...validateObjectMetaUpdate(sts.metadata, old.metadata),
    ...validateCollisionCount(sts.status?.collisionCount, old.status?.collisionCount),
  ];
}

/** upstream dropStatefulSetDisabledFields: the alpha fields go unless the old object used them. */
function dropDisabledFields(sts: StatefulSet, old?: StatefulSet): void {
  const spec = sts.spec;
  if (!spec) return;
  const rolling = spec.updateStrategy?.rollingUpdate;
  const maxInUse = old?.spec?.updateStrategy?.rollingUpdate?.maxUnavailable !== undefined;
  if (rolling && !maxInUse) delete rolling.maxUnavailable;
  if (!old?.spec?.persistentVolumeClaimRetentionPolicy) delete spec.persistentVolumeClaimRetentionPolicy;
  dropDisabledTemplateFields(spec.template, old?.spec?.template);
}

/** Go writes the status counters without omitempty: replicas and availableReplicas always show. */
function withZeroCounts(sts: StatefulSet): void {
  const status = (sts.status ??= { replicas: 0 });
  status.replicas ??= 0;
  status.availableReplicas ??= 0;
}

/** The StatefulSet resource. */
export const statefulSetDefinition: ResourceDefinition<StatefulSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'StatefulSet',
  listKind: 'StatefulSetList',
  resource: 'statefulsets',
  singular: 'statefulset',
  shortNames: ['sts'],
  categories: ['all'],
  namespaced: true,
  schema: StatefulSetSchema,
  definitionName: 'io.k8s.api.apps.v1.StatefulSet',
  verbs: ALL_VERBS,
  subresources: [
    statusSubresource<StatefulSet>({
      prepareForUpdate: (sts, old) => {
        sts.spec = structuredClone(old.spec);
        withZeroCounts(sts);
      },
      validateUpdate: validateStatefulSetStatusUpdate,
    }),
    appsScale<StatefulSet>('statefulsets'),
  ],
  defaults: defaultStatefulSet,
  strategy: {
    prepareForCreate: (sts) => {
      sts.status = { replicas: 0, availableReplicas: 0 };
      dropDisabledFields(sts);
    },
    prepareForUpdate: (sts, old) => dropDisabledFields(sts, old),
    validate: validateStatefulSet,
    validateUpdate: validateStatefulSetUpdate,
    warnings: (sts, old) => templateWarnings(sts.spec?.template, 'spec.template.', sts, old),
    tracksGeneration: true,
  },
  tableColumns: statefulSetColumns,
};
