// Pod updates (upstream 1.25 ValidatePodUpdate, ValidateContainerUpdates, ValidatePodStatusUpdate,
// ValidateContainerStateTransition, ValidatePodEphemeralContainersUpdate).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { isQualifiedName, nameIsDNSSubdomain, validateObjectMetaUpdate } from '../../../../meta/v1/validation.js';
import type { Container, ContainerStatus, Pod, PodCondition, PodSpec } from '../../schemas.generated.js';
import { isValidDeletionCost, POD_DELETION_COST_ANNOTATION, validatePodSpecificAnnotationUpdates } from './annotations.js';
import { inclusiveRangeError, MAX_INT32, semanticEqual, type PodValidationOptions } from './common.js';
import { metaOf, specOf, validatePodIPs, validatePodMetadataAndSpec } from './pod.js';
import { hasIndivisibleHugePages } from './resources.js';
import { specDiff } from './spec-diff.js';
import { validateOnlyAddedTolerations } from './tolerations.js';

const UPDATABLE_FIELDS_MESSAGE =
  'pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, ' +
  '`spec.tolerations` (only additions to existing tolerations) or `spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

/** Upstream GetValidationOptionsFromPodSpecAndMeta: what the old pod already had is still accepted. */
export function optionsFromOld(old: Pod, base: PodValidationOptions = {}): PodValidationOptions {
  const cost = metaOf(old).annotations?.[POD_DELETION_COST_ANNOTATION];
  return {
    ...base,
    allowInvalidPodDeletionCost: cost !== undefined && !isValidDeletionCost(cost),
    allowIndivisibleHugePagesValues: hasIndivisibleHugePages(specOf(old)),
  };
}

/** Upstream ValidateContainerUpdates: same number of containers, images set and trimmed. */
function validateContainerUpdates(next: readonly Container[], old: readonly Container[], path: string): { errs: FieldError[]; stop: boolean } {
  if (next.length !== old.length) return { errs: [field.forbidden(path, 'pod updates may not add or remove containers')], stop: true };
  const errs: FieldError[] = [];
  next.forEach((c, i) => {
    const image = c.image ?? '';
    if (!image) errs.push(field.required(`${path}[${i}].image`));
    if (image.trim().length !== image.length) errs.push(field.invalid(`${path}[${i}].image`, image, 'must not have leading or trailing whitespace'));
  });
  return { errs, stop: false };
}

/** activeDeadlineSeconds may be set, or lowered, never raised or removed. */
function validateDeadlineUpdate(next: number | undefined, old: number | undefined): FieldError[] {
  const path = 'spec.activeDeadlineSeconds';
  if (next === undefined) return old === undefined ? [] : [field.invalid(path, null, 'must not update from a positive integer to nil value')];
  if (next < 0 || next > MAX_INT32) return [field.invalid(path, next, inclusiveRangeError(0, MAX_INT32))];
  if (old !== undefined && old < next) return [field.invalid(path, next, 'must be less than or equal to previous value')];
  return [];
}

/** The new spec with every field a pod update may change put back to its old value. */
function mungedSpec(next: PodSpec, old: PodSpec): PodSpec {
  const withOldImage = (list: Container[] | undefined, prev: Container[] | undefined): Container[] | undefined =>
    list?.map((c, i) => ({ ...c, image: prev?.[i]?.image }));
  const munged: PodSpec = { ...next, containers: withOldImage(next.containers, old.containers) ?? [], tolerations: old.tolerations };
  munged.initContainers = withOldImage(next.initContainers, old.initContainers);
  munged.activeDeadlineSeconds = old.activeDeadlineSeconds;
  // A negative grace period (from old clients) may be raised to 1.
  if ((old.terminationGracePeriodSeconds ?? 0) < 0 && next.terminationGracePeriodSeconds === 1) {
    munged.terminationGracePeriodSeconds = old.terminationGracePeriodSeconds;
  }
  for (const key of Object.keys(munged) as (keyof PodSpec)[]) if (munged[key] === undefined) delete munged[key];
  return munged;
}

/** Upstream ValidatePodUpdate. */
export function validatePodUpdate(pod: Pod, old: Pod, base: PodValidationOptions = {}): FieldError[] {
  const opts = optionsFromOld(old, base);
  const errs = validateObjectMetaUpdate(metaOf(pod), metaOf(old), 'metadata');
  errs.push(...validatePodMetadataAndSpec(pod, opts), ...validatePodSpecificAnnotationUpdates(pod, old, 'metadata.annotations', opts));
  const next = specOf(pod);
  const prev = specOf(old);
  for (const [key, path] of [['containers', 'spec.containers'], ['initContainers', 'spec.initContainers']] as const) {
    const { errs: containerErrs, stop } = validateContainerUpdates(next[key] ?? [], prev[key] ?? [], path);
    errs.push(...containerErrs);
    if (stop) return errs;
  }
  const deadlineErrs = validateDeadlineUpdate(next.activeDeadlineSeconds, prev.activeDeadlineSeconds);
  errs.push(...deadlineErrs);
  if (deadlineErrs.length > 0 && next.activeDeadlineSeconds !== undefined) return errs;
  errs.push(...validateOnlyAddedTolerations(next.tolerations, prev.tolerations, 'spec.tolerations'));
  if (semanticEqual(next, prev)) return errs;
  const munged = mungedSpec(next, prev);
  if (!semanticEqual(munged, prev)) errs.push(field.forbidden('spec', `${UPDATABLE_FIELDS_MESSAGE}\n${specDiff('core.PodSpec', prev, munged)}`));
  return errs;
}

/** Upstream validatePodConditions: conditions other than the system ones are qualified names (path as upstream). */
function validatePodConditions(conditions: readonly PodCondition[] | undefined, path: string): FieldError[] {
  const system = new Set(['PodScheduled', 'Ready', 'Initialized']);
  return (conditions ?? []).flatMap((c, i) => (system.has(c.type) ? [] : isQualifiedName(c.type ?? '').map((m) => field.invalid(`${path}[${i}].Type`, c.type ?? '', m))));
}

/** Upstream ValidateContainerStateTransition: a terminated container that may not restart stays terminated. */
function validateStateTransition(next: readonly ContainerStatus[] | undefined, old: readonly ContainerStatus[] | undefined, path: string, restartPolicy: string): FieldError[] {
  if (restartPolicy === 'Always') return [];
  const errs: FieldError[] = [];
  (old ?? []).forEach((o, i) => {
    const terminated = o.state?.terminated;
    if (!terminated) return;
    if ((terminated.exitCode ?? 0) !== 0 && restartPolicy === 'OnFailure') return;
    for (const n of next ?? []) {
      if (n.name === o.name && !n.state?.terminated) errs.push(field.forbidden(`${path}[${i}].state`, 'may not be transitioned to non-terminated state'));
    }
  });
  return errs;
}

/** Upstream ValidatePodStatusUpdate. */
export function validatePodStatusUpdate(pod: Pod, old: Pod, base: PodValidationOptions = {}): FieldError[] {
  const opts = optionsFromOld(old, base);
  const errs = validateObjectMetaUpdate(metaOf(pod), metaOf(old), 'metadata');
  errs.push(...validatePodSpecificAnnotationUpdates(pod, old, 'metadata.annotations', opts));
  errs.push(...validatePodConditions(pod.status?.conditions, 'metadata.conditions'));
  if ((specOf(pod).nodeName ?? '') !== (specOf(old).nodeName ?? '')) errs.push(field.forbidden('status.nodeName', 'may not be changed directly'));
  const nominated = pod.status?.nominatedNodeName ?? '';
  if (nominated && nominated !== (old.status?.nominatedNodeName ?? '')) {
    errs.push(...nameIsDNSSubdomain(nominated, false).map((m) => field.invalid('status.nominatedNodeName', nominated, m)));
  }
  const policy = specOf(old).restartPolicy ?? '';
  const status = pod.status ?? {};
  const oldStatus = old.status ?? {};
  errs.push(...validateStateTransition(status.containerStatuses, oldStatus.containerStatuses, 'status.containerStatuses', policy));
  errs.push(...validateStateTransition(status.initContainerStatuses, oldStatus.initContainerStatuses, 'status.initContainerStatuses', policy));
  // The kubelet never restarts ephemeral containers.
  errs.push(...validateStateTransition(status.ephemeralContainerStatuses, oldStatus.ephemeralContainerStatuses, 'status.ephemeralContainerStatuses', 'Never'));
  return [...errs, ...validatePodIPs(pod)];
}

/** Upstream ValidatePodEphemeralContainersUpdate: the pod stays valid; existing ephemeral containers stay as they were. */
export function validatePodEphemeralContainersUpdate(pod: Pod, old: Pod, base: PodValidationOptions = {}): FieldError[] {
  const opts = optionsFromOld(old, base);
  const errs = validateObjectMetaUpdate(metaOf(pod), metaOf(old), 'metadata');
  errs.push(...validatePodMetadataAndSpec(pod, opts), ...validatePodSpecificAnnotationUpdates(pod, old, 'metadata.annotations', opts));
  const path = 'spec.ephemeralContainers';
  const byName = new Map((specOf(pod).ephemeralContainers ?? []).map((c) => [c.name, c]));
  for (const o of specOf(old).ephemeralContainers ?? []) {
    const n = byName.get(o.name);
    if (!n) errs.push(field.forbidden(path, `existing ephemeral containers ${JSON.stringify(o.name)} may not be removed\n`));
    else if (!semanticEqual(o, n)) {
      errs.push(field.forbidden(path, `existing ephemeral containers ${JSON.stringify(o.name)} may not be changed\n${specDiff('core.EphemeralContainer', o, n)}`));
    }
  }
  return errs;
}
