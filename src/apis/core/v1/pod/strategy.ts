// The pod strategies (upstream pkg/registry/core/pod/strategy.go, 1.25): the main resource, `status`
// and `ephemeralcontainers`. Pods do not track metadata.generation in 1.25.
import type { FieldError } from '../../../../errors/field-errors.js';
import type { Strategy, ValidationContext } from '../../../../registry/resource-definition.js';
import type { Pod } from '../schemas.generated.js';
import { defaultPodSpec } from './defaults.js';
import { dropDisabledPodSpecFields } from './disabled-fields.js';
import { preparePodForDelete } from './graceful-delete.js';
import { podQOSClass } from './qos.js';
import { applySeccompVersionSkew } from './seccomp.js';
import { podValidationOptions, validatePod, validatePodEphemeralContainersUpdate, validatePodStatusUpdate, validatePodUpdate } from './validation/index.js';
import { podWarnings } from './warnings.js';

/** Create: status is Pending with the computed QoS class, whatever the client sent. */
export function preparePodForCreate(pod: Pod): void {
  pod.status = { phase: 'Pending', qosClass: podQOSClass(pod) };
  dropDisabledPodSpecFields(pod.spec, undefined);
  applySeccompVersionSkew(pod);
}

/** Update of the main resource: status only changes through `status`. */
export function preparePodForUpdate(pod: Pod, old: Pod): void {
  if (old.status === undefined) delete pod.status;
  else pod.status = structuredClone(old.status);
  dropDisabledPodSpecFields(pod.spec, old.spec);
}

/** Update through `status`: the spec and the owner references stay as they are (old kubelets corrupt them). */
export function preparePodForStatusUpdate(pod: Pod, old: Pod): void {
  if (old.spec === undefined) delete pod.spec;
  else pod.spec = structuredClone(old.spec);
  if (old.metadata.ownerReferences === undefined) delete pod.metadata.ownerReferences;
  else pod.metadata.ownerReferences = structuredClone(old.metadata.ownerReferences);
}

/** Metadata a write through a subresource of the parent's object cannot change (upstream ResetObjectMetaForStatus). */
function resetMetadataForSubresource(pod: Pod, old: Pod): void {
  for (const key of ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const) {
    if (old.metadata[key] === undefined) delete pod.metadata[key];
    else (pod.metadata as Record<string, unknown>)[key] = structuredClone(old.metadata[key]);
  }
}

/**
 * Update through `ephemeralcontainers`: only spec.ephemeralContainers changes. The new containers get
 * their defaults here: upstream defaults every decoded body, the store only the main resource's.
 */
export function preparePodForEphemeralContainersUpdate(pod: Pod, old: Pod): void {
  const ephemeral = pod.spec?.ephemeralContainers;
  const spec = structuredClone(old.spec ?? { containers: [] });
  if (ephemeral === undefined) delete spec.ephemeralContainers;
  else spec.ephemeralContainers = ephemeral;
  defaultPodSpec(spec);
  dropDisabledPodSpecFields(spec, old.spec);
  pod.spec = spec;
  if (old.status === undefined) delete pod.status;
  else pod.status = structuredClone(old.status);
  resetMetadataForSubresource(pod, old);
}

/** Validation of `status` writes (upstream ValidatePodStatusUpdate). */
export const validatePodStatusWrite = (pod: Pod, old: Pod): FieldError[] => validatePodStatusUpdate(pod, old);

/** Validation of `ephemeralcontainers` writes (upstream ValidatePodEphemeralContainersUpdate). */
export const validatePodEphemeralContainersWrite = (pod: Pod, old: Pod, context?: ValidationContext): FieldError[] =>
  validatePodEphemeralContainersUpdate(pod, old, podValidationOptions(context));

/** The pod strategy of the main resource. */
export const podStrategy: Strategy<Pod> = {
  prepareForCreate: preparePodForCreate,
  validate: (pod, context) => validatePod(pod, podValidationOptions(context)),
  prepareForUpdate: preparePodForUpdate,
  validateUpdate: (pod, old, context) => validatePodUpdate(pod, old, podValidationOptions(context)),
  // upstream warns on create only: pod updates are frequent and rarely made by people.
  warnings: (pod, old) => (old ? [] : podWarnings(pod)),
  prepareForDelete: preparePodForDelete,
};
