// DaemonSet (apps/v1, namespaced; `daemonsets`, short name `ds`, category `all`): upstream daemonset
// strategy (status reset on create, generation bumped on spec changes, status updates keep the spec,
// the selector immutable in apps/v1), the template generation apps/v1 carries in the annotation
// `deprecated.daemonset.template.generation` (1 on create, +1 whenever the template changes; a
// client cannot set it on update), ValidateDaemonSet* (1.25), the table (tables.ts) and `status`.
import { invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { GoLiteral } from '../../../errors/field-errors.js';
import { ALL_VERBS, type ResourceDefinition, type ValidationContext } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { validateLabelSelector } from '../../../registry/selectors/index.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { semanticEqual } from '../../core/v1/pod/validation/common.js';
import { podValidationOptions, validatePodTemplateSpec } from '../../core/v1/pod/validation/index.js';
import { validateReadOnlyDisks } from '../../core/v1/replicationcontroller/validation.js';
import { templateWarnings } from '../../core/v1/podtemplate.js';
import { defaultDaemonSet } from './defaults.js';
import { decodeInt64Annotation, goIntOrString, goStrategy } from './go-values.js';
import { daemonSetColumns } from './tables.js';
import {
  intOrPercentValue,
  nonNegativeCounts,
  selectorMatcher,
  validateCollisionCount,
  validateNotEmptySelector,
  validateNotMoreThan100Percent,
  validatePositiveIntOrPercent,
  validateRestartAndDeadline,
  validateSelectorUnchanged,
  validateTemplateLabels,
} from './validation-common.js';
import { DaemonSetSchema, type DaemonSet, type DaemonSetSpec, type DaemonSetUpdateStrategy, type RollingUpdateDaemonSet } from './schemas.generated.js';
import { dropDisabledTemplateFields } from '../../core/v1/pod/disabled-fields.js';

export { DaemonSetSchema, type DaemonSet };

/** The annotation apps/v1 carries the internal spec.templateGeneration in. */
export const TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

/** upstream ValidateRollingUpdateDaemonSet: exactly one of maxUnavailable and maxSurge non-zero. */
function validateRollingUpdate(rolling: RollingUpdateDaemonSet, path: string): FieldError[] {
  const errors = [
    ...validatePositiveIntOrPercent(rolling.maxUnavailable, `${path}.maxUnavailable`),
    ...validatePositiveIntOrPercent(rolling.maxSurge, `${path}.maxSurge`),
    ...validateNotMoreThan100Percent(rolling.maxUnavailable, `${path}.maxUnavailable`),
    ...validateNotMoreThan100Percent(rolling.maxSurge, `${path}.maxSurge`),
  ];
  const hasUnavailable = intOrPercentValue(rolling.maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(rolling.maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errors.push(invalid(`${path}.maxSurge`, new GoLiteral(goIntOrString(rolling.maxSurge)), 'may not be set when maxUnavailable is non-zero'));
  if (!hasUnavailable && !hasSurge) errors.push(required(`${path}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
  return errors;
}

/** upstream ValidateDaemonSetUpdateStrategy. */
function validateStrategy(strategy: DaemonSetUpdateStrategy | undefined, path: string): FieldError[] {
  if (strategy?.type === 'OnDelete') return [];
  if (strategy?.type === 'RollingUpdate') return strategy.rollingUpdate ? validateRollingUpdate(strategy.rollingUpdate, `${path}.rollingUpdate`) : [required(`${path}.rollingUpdate`)];
  return [notSupported(path, goStrategy('DaemonSetUpdateStrategy', 'RollingUpdateDaemonSet', strategy), ['RollingUpdate', 'OnDelete'])];
}

/** upstream ValidateDaemonSetSpec (a missing selector matches nothing; it is not reported as required). */
function validateSpec(spec: DaemonSetSpec, context: ValidationContext | undefined): FieldError[] {
  const template = spec.template ?? {};
  const matcher = selectorMatcher(spec.selector);
  return [
    ...validateLabelSelector(spec.selector, 'spec.selector'),
    ...(matcher ? validateTemplateLabels(template, matcher, 'spec.template') : []),
    ...validateNotEmptySelector(spec.selector, 'spec.selector', 'daemonset'),
    ...validatePodTemplateSpec(template, 'spec.template', podValidationOptions(context)),
    ...validateReadOnlyDisks(template, 'spec.template.spec.volumes'),
    ...validateRestartAndDeadline(template, 'spec.template', 'DaemonSet'),
    ...validateNonnegativeField(spec.minReadySeconds, 'spec.minReadySeconds'),
    ...validateStrategy(spec.updateStrategy, 'spec.updateStrategy'),
    ...validateNonnegativeField(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'),
  ];
}

/** upstream ValidateDaemonSet. */
export function validateDaemonSet(ds: DaemonSet, context?: ValidationContext): FieldError[] {
  return [...validateObjectMeta(ds.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateSpec(ds.spec ?? ({} as DaemonSetSpec), context)];
}

/** The strategy's ValidateUpdate: ValidateDaemonSet and ValidateDaemonSetUpdate (spec errors twice, as upstream), then the selector. */
export function validateDaemonSetUpdate(ds: DaemonSet, old: DaemonSet, context?: ValidationContext): FieldError[] {
  const spec = ds.spec ?? ({} as DaemonSetSpec);
  return [...validateDaemonSet(ds, context), ...validateObjectMetaUpdate(ds.metadata, old.metadata), ...validateSpec(spec, context), ...validateSelectorUnchanged(ds.spec?.selector, old.spec?.selector)];
}

/** upstream ValidateDaemonSetStatusUpdate. */
export function validateDaemonSetStatusUpdate(ds: DaemonSet, old: DaemonSet): FieldError[] {
  const counts = ['currentNumberScheduled', 'numberMisscheduled', 'desiredNumberScheduled', 'numberReady', 'observedGeneration', 'updatedNumberScheduled', 'numberAvailable', 'numberUnavailable', 'collisionCount'];
  return [
    ...validateObjectMetaUpdate(ds.metadata, old.metadata),
    ...nonNegativeCounts((ds.status ?? {}) as Record<string, unknown>, counts),
    ...validateCollisionCount(ds.status?.collisionCount, old.status?.collisionCount),
  ];
}

/** The template generation an object carries (0 when absent); upstream reads it while decoding the body. */
function templateGeneration(ds: DaemonSet): number {
  const value = ds.metadata.annotations?.[TEMPLATE_GENERATION];
  return value === undefined ? 0 : decodeInt64Annotation(value, 'DaemonSet');
}

function setTemplateGeneration(ds: DaemonSet, generation: number): void {
  ds.metadata.annotations = { ...ds.metadata.annotations, [TEMPLATE_GENERATION]: String(generation) };
}

/** Go writes these status counters without omitempty. */
const ZERO_STATUS = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };

/** Create: an empty status, template generation at least 1. */
function prepareForCreate(ds: DaemonSet): void {
  ds.status = { ...ZERO_STATUS };
  dropDisabledTemplateFields(ds.spec?.template, undefined);
  const generation = templateGeneration(ds);
  setTemplateGeneration(ds, Math.max(generation, 1));
}

/** Update: the template generation is the server's, one more when the template changed. */
function prepareForUpdate(ds: DaemonSet, old: DaemonSet): void {
  dropDisabledTemplateFields(ds.spec?.template, old.spec?.template);
  templateGeneration(ds); // decoded, then replaced: a client cannot set it
  const changed = !semanticEqual(ds.spec?.template, old.spec?.template);
  setTemplateGeneration(ds, templateGeneration(old) + (changed ? 1 : 0));
}

/** The DaemonSet resource. */
export const daemonSetDefinition: ResourceDefinition<DaemonSet> = {
  group: 'apps',
  version: 'v1',
  kind: 'DaemonSet',
  listKind: 'DaemonSetList',
  resource: 'daemonsets',
  singular: 'daemonset',
  shortNames: ['ds'],
  categories: ['all'],
  namespaced: true,
  schema: DaemonSetSchema,
  definitionName: 'io.k8s.api.apps.v1.DaemonSet',
  verbs: ALL_VERBS,
  subresources: [
    statusSubresource<DaemonSet>({
      prepareForUpdate: (ds, old) => {
        ds.spec = structuredClone(old.spec);
        ds.status = { ...ZERO_STATUS, ...ds.status };
        templateGeneration(ds);
        setTemplateGeneration(ds, templateGeneration(old));
      },
      validateUpdate: validateDaemonSetStatusUpdate,
    }),
  ],
  defaults: defaultDaemonSet,
  strategy: {
    prepareForCreate,
    prepareForUpdate,
    validate: validateDaemonSet,
    validateUpdate: validateDaemonSetUpdate,
    warnings: (ds, old) => templateWarnings(ds.spec?.template, 'spec.template.', ds, old),
    tracksGeneration: true,
  },
  tableColumns: daemonSetColumns,
};
