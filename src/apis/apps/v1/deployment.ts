// Deployment (apps/v1, namespaced; `deployments`, short name `deploy`, category `all`): upstream
// deployment strategy (status reset on create; generation bumped by spec and annotation changes;
// status updates keep the spec and the labels; the selector is immutable in apps/v1), defaults
// (defaults.ts), ValidateDeployment* (1.25), the table (tables.ts), and `status` and `scale`.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { ALL_VERBS, type ResourceDefinition, type ValidationContext } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { semanticEqual } from '../../core/v1/pod/validation/common.js';
import { templateWarnings } from '../../core/v1/podtemplate.js';
import { appsScale } from './scale.js';
import { defaultDeployment } from './defaults.js';
import { decodeInt64Annotation, goIntOrString, goStrategy } from './go-values.js';
import { GoLiteral } from '../../../errors/field-errors.js';
import { deploymentColumns } from './tables.js';
import {
  boundedByReplicas,
  intOrPercentValue,
  nonNegativeCounts,
  validateCollisionCount,
  validatePositiveIntOrPercent,
  validateNotMoreThan100Percent,
  validateReplicatedPods,
  validateSelectorUnchanged,
} from './validation-common.js';
import { DeploymentSchema, type Deployment, type DeploymentSpec, type DeploymentStrategy } from './schemas.generated.js';
import { dropDisabledTemplateFields } from '../../core/v1/pod/disabled-fields.js';

export { DeploymentSchema, type Deployment };

/** upstream ValidateRollingUpdateDeployment. */
function validateRollingUpdate(rolling: NonNullable<DeploymentStrategy['rollingUpdate']>, path: string): FieldError[] {
  const errors = [...validatePositiveIntOrPercent(rolling.maxUnavailable, `${path}.maxUnavailable`), ...validatePositiveIntOrPercent(rolling.maxSurge, `${path}.maxSurge`)];
  if (intOrPercentValue(rolling.maxUnavailable) === 0 && intOrPercentValue(rolling.maxSurge) === 0) {
    errors.push(invalid(`${path}.maxUnavailable`, new GoLiteral(goIntOrString(rolling.maxUnavailable)), 'may not be 0 when `maxSurge` is 0'));
  }
  return [...errors, ...validateNotMoreThan100Percent(rolling.maxUnavailable, `${path}.maxUnavailable`)];
}

/** upstream ValidateDeploymentStrategy. */
function validateStrategy(strategy: DeploymentStrategy | undefined, path: string): FieldError[] {
  switch (strategy?.type) {
    case 'Recreate':
      return strategy.rollingUpdate ? [forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")] : [];
    case 'RollingUpdate':
      return strategy.rollingUpdate ? validateRollingUpdate(strategy.rollingUpdate, `${path}.rollingUpdate`) : [required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil')];
    default:
      return [notSupported(path, goStrategy('DeploymentStrategy', 'RollingUpdateDeployment', strategy), ['Recreate', 'RollingUpdate'])];
  }
}

/** The annotation apps/v1 carries the internal spec.rollbackTo.revision in. */
export const ROLLBACK_TO = 'deprecated.deployment.rollback.to';

/**
 * upstream's v1 conversion of spec.rollbackTo: the revision in the annotation, undefined when absent or
 * empty; one that is not an int64 fails the request with the decoder's 400.
 */
function rollbackRevision(d: Deployment): number | undefined {
  const value = d.metadata.annotations?.[ROLLBACK_TO];
  if (!value) return undefined;
  return decodeInt64Annotation(value, 'Deployment', `failed to parse annotation[${ROLLBACK_TO}]=${value} as int64: `);
}

/** Decoding the body: a malformed revision fails, an empty one carries no rollbackTo and goes. */
function decodeRollbackTo(d: Deployment): void {
  rollbackRevision(d);
  const annotations = d.metadata.annotations;
  if (annotations?.[ROLLBACK_TO] !== '') return;
  delete annotations[ROLLBACK_TO];
  if (Object.keys(annotations).length === 0) delete d.metadata.annotations; // Go omits an empty map
}

/** upstream ValidateRollback at spec.rollback (the annotation's revision). */
const validateRollback = (d: Deployment): FieldError[] => validateNonnegativeField(rollbackRevision(d), 'spec.rollback.version');

/** upstream ValidateDeploymentSpec. */
function validateSpec(spec: DeploymentSpec, rollback: FieldError[], context: ValidationContext | undefined): FieldError[] {
  const errors = [...validateNonnegativeField(spec.replicas, 'spec.replicas'), ...validateReplicatedPods(spec, context)];
  errors.push(...validateStrategy(spec.strategy, 'spec.strategy'), ...validateNonnegativeField(spec.minReadySeconds, 'spec.minReadySeconds'));
  errors.push(...validateNonnegativeField(spec.revisionHistoryLimit, 'spec.revisionHistoryLimit'), ...rollback);
  const deadline = spec.progressDeadlineSeconds;
  if (deadline !== undefined) {
    errors.push(...validateNonnegativeField(deadline, 'spec.progressDeadlineSeconds'));
    if (deadline <= (spec.minReadySeconds ?? 0)) errors.push(invalid('spec.progressDeadlineSeconds', deadline, 'must be greater than minReadySeconds'));
  }
  return errors;
}

/** upstream ValidateDeployment. */
export function validateDeployment(d: Deployment, context?: ValidationContext): FieldError[] {
  return [...validateObjectMeta(d.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateSpec(d.spec ?? ({} as DeploymentSpec), validateRollback(d), context)];
}

/** The strategy's ValidateUpdate: ValidateDeploymentUpdate, then the apps/v1 selector immutability. */
export function validateDeploymentUpdate(d: Deployment, old: Deployment, context?: ValidationContext): FieldError[] {
  return [...validateObjectMetaUpdate(d.metadata, old.metadata), ...validateSpec(d.spec ?? ({} as DeploymentSpec), validateRollback(d), context), ...validateSelectorUnchanged(d.spec?.selector, old.spec?.selector)];
}

/** upstream ValidateDeploymentStatusUpdate. */
export function validateDeploymentStatusUpdate(d: Deployment, old: Deployment): FieldError[] {
  const status = (d.status ?? {}) as Record<string, unknown>;
  return [
    ...validateObjectMetaUpdate(d.metadata, old.metadata),
    ...nonNegativeCounts(status, ['observedGeneration', 'replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas', 'collisionCount']),
    ...boundedByReplicas(status, ['updatedReplicas', 'readyReplicas', 'availableReplicas']),
    ...((d.status?.availableReplicas ?? 0) > (d.status?.readyReplicas ?? 0) ? [invalid('status.availableReplicas', d.status?.availableReplicas, 'cannot be greater than readyReplicas')] : []),
    ...validateCollisionCount(d.status?.collisionCount, old.status?.collisionCount),
  ];
}

/** Status updates keep the spec and the labels (upstream deploymentStatusStrategy). */
function prepareForStatusUpdate(d: Deployment, old: Deployment): void {
  decodeRollbackTo(d);
  d.spec = structuredClone(old.spec);
  if (old.metadata.labels) d.metadata.labels = { ...old.metadata.labels };
  else delete d.metadata.labels;
}

/** The Deployment resource. */
export const deploymentDefinition: ResourceDefinition<Deployment> = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  listKind: 'DeploymentList',
  resource: 'deployments',
  singular: 'deployment',
  shortNames: ['deploy'],
  categories: ['all'],
  namespaced: true,
  schema: DeploymentSchema,
  definitionName: 'io.k8s.api.apps.v1.Deployment',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<Deployment>({ prepareForUpdate: prepareForStatusUpdate, validateUpdate: validateDeploymentStatusUpdate }), appsScale<Deployment>('deployments')],
  defaults: defaultDeployment,
  strategy: {
    prepareForCreate: (d) => {
      decodeRollbackTo(d);
      d.status = {};
      dropDisabledTemplateFields(d.spec?.template, undefined);
    },
    prepareForUpdate: (d, old) => {
      decodeRollbackTo(d);
      dropDisabledTemplateFields(d.spec?.template, old.spec?.template);
    },
    validate: validateDeployment,
    validateUpdate: validateDeploymentUpdate,
    warnings: (d, old) => templateWarnings(d.spec?.template, 'spec.template.', d, old),
    tracksGeneration: true,
    // Spec and annotation changes bump the generation: the controller copies annotations to ReplicaSets.
    generationChanged: (d, old) => !semanticEqual(d.spec, old.spec) || !semanticEqual(d.metadata.annotations, old.metadata.annotations),
  },
  tableColumns: deploymentColumns,
};
