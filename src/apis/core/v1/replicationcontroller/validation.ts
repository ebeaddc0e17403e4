// ReplicationController validation (upstream ValidateReplicationController, ...Update, ...StatusUpdate, 1.25).
import { forbidden, GoLiteral, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { goStringMap } from '../../../../registry/selectors/go-format.js';
import { nameIsDNSSubdomain, validateNonnegativeField, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { podValidationOptions, validatePodTemplateSpec } from '../pod/validation/index.js';
import type { ValidationContext } from '../../../../registry/resource-definition.js';
import type { PodTemplateSpec, ReplicationController, ReplicationControllerStatus } from '../schemas.generated.js';

/** upstream ValidateNonnegativeField. */
export const nonNegative = validateNonnegativeField;

/** A label set as a selector matches `labels` when every pair is present (upstream labels.Set.AsSelector().Matches). */
const matches = (selector: Record<string, string>, labels: Record<string, string> | undefined): boolean =>
  Object.entries(selector).every(([key, value]) => labels !== undefined && Object.hasOwn(labels, key) && labels[key] === value);

/** upstream ValidateReadOnlyPersistentDisks: GCE PDs shared by several replicas must be read-only. */
export function validateReadOnlyDisks(template: PodTemplateSpec, path: string): FieldError[] {
  return (template.spec?.volumes ?? []).flatMap((volume, i) =>
    volume.gcePersistentDisk && !volume.gcePersistentDisk.readOnly
      ? [invalid(`${path}[${i}].gcePersistentDisk.readOnly`, false, 'must be true for replicated pods > 1; GCE PD can only be mounted on multiple machines if it is read-only')]
      : [],
  );
}

/** upstream ValidatePodTemplateSpecForRC: the template's labels match the selector; pods restart Always, without a deadline. */
function validateTemplateForRC(template: PodTemplateSpec | undefined, selector: Record<string, string>, replicas: number, path: string, context?: ValidationContext): FieldError[] {
  if (!template) return [required(path)];
  const errors: FieldError[] = [];
  if (Object.keys(selector).length > 0 && !matches(selector, template.metadata?.labels)) {
    errors.push(invalid(`${path}.metadata.labels`, new GoLiteral(goStringMap(template.metadata?.labels)), '`selector` does not match template `labels`'));
  }
  errors.push(...validatePodTemplateSpec(template, path, podValidationOptions(context)));
  if (replicas > 1) errors.push(...validateReadOnlyDisks(template, `${path}.spec.volumes`));
  const restartPolicy = template.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') errors.push(notSupported(`${path}.spec.restartPolicy`, restartPolicy, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined) errors.push(forbidden(`${path}.spec.activeDeadlineSeconds`, 'activeDeadlineSeconds in ReplicationController is not Supported'));
  return errors;
}

/** upstream ValidateReplicationControllerSpec. */
export function validateReplicationControllerSpec(rc: ReplicationController, context?: ValidationContext): FieldError[] {
  const spec = rc.spec ?? {};
  const selector = spec.selector ?? {};
  return [
    ...nonNegative(spec.minReadySeconds, 'spec.minReadySeconds'),
    ...(Object.keys(selector).length === 0 ? [required('spec.selector')] : []),
    ...nonNegative(spec.replicas, 'spec.replicas'),
    ...validateTemplateForRC(spec.template, selector, spec.replicas ?? 0, 'spec.template', context),
  ];
}

/** upstream ValidateReplicationController: metadata (DNS subdomain names), then the spec. */
export function validateReplicationController(rc: ReplicationController, context?: ValidationContext): FieldError[] {
  return [...validateObjectMeta(rc.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateReplicationControllerSpec(rc, context)];
}

/**
 * The strategy's ValidateUpdate: ValidateReplicationController and ValidateReplicationControllerUpdate
 * together, so spec errors are listed twice, as upstream lists them.
 */
export function validateReplicationControllerUpdate(rc: ReplicationController, old: ReplicationController, context?: ValidationContext): FieldError[] {
  return [...validateReplicationController(rc, context), ...validateObjectMetaUpdate(rc.metadata, old.metadata), ...validateReplicationControllerSpec(rc, context)];
}

/** upstream ValidateReplicationControllerStatus: counts non-negative and bounded by status.replicas. */
function validateStatus(status: ReplicationControllerStatus | undefined): FieldError[] {
  const s = status ?? { replicas: 0 };
  const errors = [
    ...nonNegative(s.replicas, 'status.replicas'),
    ...nonNegative(s.fullyLabeledReplicas, 'status.fullyLabeledReplicas'),
    ...nonNegative(s.readyReplicas, 'status.readyReplicas'),
    ...nonNegative(s.availableReplicas, 'status.availableReplicas'),
    ...nonNegative(s.observedGeneration, 'status.observedGeneration'),
  ];
  const replicas = s.replicas ?? 0;
  const bounded = 'cannot be greater than status.replicas';
  if ((s.fullyLabeledReplicas ?? 0) > replicas) errors.push(invalid('status.fullyLabeledReplicas', s.fullyLabeledReplicas, bounded));
  if ((s.readyReplicas ?? 0) > replicas) errors.push(invalid('status.readyReplicas', s.readyReplicas, bounded));
  if ((s.availableReplicas ?? 0) > replicas) errors.push(invalid('status.availableReplicas', s.availableReplicas, bounded));
  if ((s.availableReplicas ?? 0) > (s.readyReplicas ?? 0)) errors.push(invalid('status.availableReplicas', s.availableReplicas, 'cannot be greater than readyReplicas'));
  return errors;
}

/** upstream ValidateReplicationControllerStatusUpdate. */
export function validateReplicationControllerStatusUpdate(rc: ReplicationController, old: ReplicationController): FieldError[] {
  return [...validateObjectMetaUpdate(rc.metadata, old.metadata), ...validateStatus(rc.status)];
}
