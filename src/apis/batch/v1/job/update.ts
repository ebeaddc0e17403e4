// Job update validation (upstream 1.25 ValidateJobUpdate, validatePodTemplateUpdate, ValidateJobUpdateStatus):
// completions, selector, template, completionMode and podFailurePolicy are immutable; a suspended Job that
// never started may still change where its pods run.
import { invalid, duplicate, type FieldError } from '../../../../errors/field-errors.js';
import { validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { semanticEqual } from '../../../core/v1/pod/validation/common.js';
import { nonNegative } from '../../../core/v1/replicationcontroller/validation.js';
import type { PodTemplateSpec } from '../../../core/v1/schemas.generated.js';
import { goLabelSelector } from '../go-values.js';
import type { Job, JobSpec, JobStatus } from '../schemas.generated.js';
import { validateJobSpec, type JobValidationOptions } from './validation.js';

const IMMUTABLE = 'field is immutable';

/** upstream ValidateImmutableField with Go's semantic equality (absent equals empty). */
function immutable(value: unknown, old: unknown, path: string, shown: unknown = value ?? null): FieldError[] {
  return semanticEqual(value, old) ? [] : [invalid(path, shown, IMMUTABLE)];
}

/**
 * The old template as the new one is compared against: with mutable scheduling directives, node affinity,
 * node selector, tolerations, labels and annotations are taken from the new template.
 */
function comparableOldTemplate(template: PodTemplateSpec, old: PodTemplateSpec): PodTemplateSpec {
  const copy = structuredClone(old);
  const spec = (copy.spec ??= { containers: [] });
  const affinity = template.spec?.affinity;
  if (affinity === undefined && spec.affinity !== undefined) {
    delete spec.affinity.nodeAffinity;
    if (Object.keys(spec.affinity).length === 0) delete spec.affinity;
  } else if (affinity !== undefined) {
    spec.affinity = { ...spec.affinity, nodeAffinity: affinity.nodeAffinity };
    if (affinity.nodeAffinity === undefined) delete spec.affinity.nodeAffinity;
  }
  spec.nodeSelector = template.spec?.nodeSelector;
  spec.tolerations = template.spec?.tolerations;
  const meta = (copy.metadata ??= {});
  meta.annotations = template.metadata?.annotations;
  meta.labels = template.metadata?.labels;
  return copy;
}

function validateTemplateUpdate(spec: JobSpec, old: JobSpec, opts: JobValidationOptions): FieldError[] {
  const template = spec.template ?? {};
  const oldTemplate = opts.allowMutableSchedulingDirectives ? comparableOldTemplate(template, old.template ?? {}) : (old.template ?? {});
  return immutable(template, oldTemplate, 'spec.template');
}

/** upstream ValidateJobSpecUpdate. */
function validateJobSpecUpdate(spec: JobSpec, old: JobSpec, opts: JobValidationOptions): FieldError[] {
  return [
    ...validateJobSpec(spec, 'spec', opts.pod),
    ...immutable(spec.completions, old.completions, 'spec.completions'),
    ...immutable(spec.selector, old.selector, 'spec.selector', goLabelSelector(spec.selector)),
    ...validateTemplateUpdate(spec, old, opts),
    ...immutable(spec.completionMode, old.completionMode, 'spec.completionMode'),
    ...immutable(spec.podFailurePolicy, old.podFailurePolicy, 'spec.podFailurePolicy'),
  ];
}

/** upstream ValidateJobUpdate: metadata update rules and the spec's. */
export function validateJobUpdate(job: Job, old: Job, opts: JobValidationOptions): FieldError[] {
  return [...validateObjectMetaUpdate(job.metadata, old.metadata), ...validateJobSpecUpdate(job.spec ?? { template: {} }, old.spec ?? { template: {} }, opts)];
}

/** uncountedTerminatedPods: uids not empty, none listed twice across succeeded and failed. */
function validateUncounted(status: JobStatus): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const check = (uids: readonly string[] | undefined, path: string): void =>
    (uids ?? []).forEach((uid, i) => {
      if (uid === '') errors.push(invalid(`${path}[${i}]`, uid, 'must not be empty'));
      else if (seen.has(uid)) errors.push(duplicate(`${path}[${i}]`, uid));
      else seen.add(uid);
    });
  check(status.uncountedTerminatedPods?.succeeded, 'status.uncountedTerminatedPods.succeeded');
  check(status.uncountedTerminatedPods?.failed, 'status.uncountedTerminatedPods.failed');
  return errors;
}

/** upstream ValidateJobUpdateStatus: metadata update rules, counts not negative, uncounted pods. */
export function validateJobStatusUpdate(job: Job, old: Job): FieldError[] {
  const status = job.status ?? {};
  return [
    ...validateObjectMetaUpdate(job.metadata, old.metadata),
    ...nonNegative(status.active, 'status.active'),
    ...nonNegative(status.succeeded, 'status.succeeded'),
    ...nonNegative(status.failed, 'status.failed'),
    ...nonNegative(status.ready, 'status.ready'),
    ...validateUncounted(status),
  ];
}
