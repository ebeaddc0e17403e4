// Job validation (upstream 1.25 pkg/apis/batch/validation: ValidateJob, ValidateJobSpec, validateJobSpec,
// ValidateJobUpdate, ValidateJobUpdateStatus, ValidateJobTemplateSpec for CronJobs).
import { GoLiteral, forbidden, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { validateLabelSelector } from '../../../../registry/selectors/label-selector-object.js';
import { isDNS1123Label, nameIsDNSSubdomain, validateObjectMeta } from '../../../meta/v1/validation.js';
import { validatePodTemplateSpec, type PodValidationOptions } from '../../../core/v1/pod/validation/index.js';
import { nonNegative } from '../../../core/v1/replicationcontroller/validation.js';
import { goLabelSelector, goStringMap } from '../go-values.js';
import type { Job, JobSpec, JobTemplateSpec } from '../schemas.generated.js';
import { validatePodFailurePolicy } from './pod-failure-policy.js';
import { selectorMatches, validateGeneratedSelector } from './selector.js';

/** upstream maxParallelismForIndexedJob: caps the length of status.completedIndexes. */
const MAX_INDEXED_PARALLELISM = 100000;

/** The annotation of Jobs tracked with finalizers (upstream batch.JobTrackingFinalizer). */
export const JOB_TRACKING_ANNOTATION = 'batch.kubernetes.io/job-tracking';

/** What a write may do beyond the spec rules (upstream JobValidationOptions, 1.25). */
export interface JobValidationOptions {
  /** The job-tracking annotation may be present: on create (the strategy sets it), on update if it was. */
  allowTrackingAnnotation: boolean;
  /** The template's node affinity, node selector, tolerations, labels and annotations may change (a suspended Job that never started). */
  allowMutableSchedulingDirectives?: boolean;
  /** What the server's flags decide for the pod template (`--allow-privileged`). */
  pod?: PodValidationOptions;
}

function validateCompletionMode(spec: JobSpec, path: string): FieldError[] {
  const mode = spec.completionMode;
  if (mode === undefined) return [];
  if (mode !== 'NonIndexed' && mode !== 'Indexed') return [notSupported(`${path}.completionMode`, mode, ['NonIndexed', 'Indexed'])];
  if (mode !== 'Indexed') return [];
  const errors = spec.completions === undefined ? [required(`${path}.completions`, 'when completion mode is Indexed')] : [];
  if ((spec.parallelism ?? 0) > MAX_INDEXED_PARALLELISM) {
    errors.push(invalid(`${path}.parallelism`, spec.parallelism, `must be less than or equal to ${MAX_INDEXED_PARALLELISM} when completion mode is Indexed`));
  }
  return errors;
}

/** Pods of a Job restart OnFailure or Never (Never only, with a pod failure policy). */
function validateRestartPolicy(spec: JobSpec, path: string): FieldError[] {
  const policy = spec.template?.spec?.restartPolicy ?? '';
  const at = `${path}.template.spec.restartPolicy`;
  if (policy === 'Always' || policy === '') return [required(at, 'valid values: "OnFailure", "Never"')];
  if (policy !== 'OnFailure' && policy !== 'Never') return [notSupported(at, policy, ['OnFailure', 'Never'])];
  if (spec.podFailurePolicy && policy !== 'Never') return [invalid(at, policy, 'only "Never" is supported when podFailurePolicy is specified')];
  return [];
}

/** upstream validateJobSpec: what Jobs and CronJob job templates share. */
export function validateJobSpecCommon(spec: JobSpec, path: string, pod?: PodValidationOptions): FieldError[] {
  return [
    ...nonNegative(spec.parallelism, `${path}.parallelism`),
    ...nonNegative(spec.completions, `${path}.completions`),
    ...nonNegative(spec.activeDeadlineSeconds, `${path}.activeDeadlineSeconds`),
    ...nonNegative(spec.backoffLimit, `${path}.backoffLimit`),
    ...nonNegative(spec.ttlSecondsAfterFinished, `${path}.ttlSecondsAfterFinished`),
    ...validateCompletionMode(spec, path),
    ...(spec.podFailurePolicy ? validatePodFailurePolicy(spec, `${path}.podFailurePolicy`) : []),
    ...validatePodTemplateSpec(spec.template ?? {}, `${path}.template`, pod),
    ...validateRestartPolicy(spec, path),
  ];
}

/** upstream ValidateJobSpec: the common rules, a valid selector, and template labels it selects. */
export function validateJobSpec(spec: JobSpec, path = 'spec', pod?: PodValidationOptions): FieldError[] {
  const errors = validateJobSpecCommon(spec, path, pod);
  if (spec.selector === undefined) errors.push(required(`${path}.selector`));
  else errors.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  const labels = spec.template?.metadata?.labels;
  if (selectorMatches(spec.selector, labels ?? {}) === false) {
    errors.push(invalid(`${path}.template.metadata.labels`, new GoLiteral(goStringMap(labels)), '`selector` does not match template `labels`'));
  }
  return errors;
}

/** Indexed pods are named `<job>-<index>` and need that to be a DNS label. */
function validateIndexedHostname(job: Job): FieldError[] {
  const spec = job.spec;
  if (spec?.completionMode !== 'Indexed' || spec.completions === undefined || spec.completions <= 0) return [];
  const name = job.metadata.name ?? '';
  const hostname = `${name}-${spec.completions - 1}`;
  return isDNS1123Label(hostname).length > 0 ? [invalid('metadata.name', name, `will not able to create pod with invalid DNS label: ${hostname}`)] : [];
}

/** upstream ValidateJob. */
export function validateJob(job: Job, opts: JobValidationOptions): FieldError[] {
  const errors = [
    ...validateObjectMeta(job.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }),
    ...validateGeneratedSelector(job),
    ...validateJobSpec(job.spec ?? { template: {} }, 'spec', opts.pod),
  ];
  if (!opts.allowTrackingAnnotation && Object.hasOwn(job.metadata.annotations ?? {}, JOB_TRACKING_ANNOTATION)) {
    errors.push(forbidden(`metadata.annotations[${JOB_TRACKING_ANNOTATION}]`, 'cannot add this annotation'));
  }
  return [...errors, ...validateIndexedHostname(job)];
}

/** upstream ValidateJobTemplateSpec (CronJob jobTemplate): the common rules; the selector is always generated. */
export function validateJobTemplateSpec(template: JobTemplateSpec, path: string, pod?: PodValidationOptions): FieldError[] {
  const spec = template.spec ?? { template: {} };
  const errors = validateJobSpecCommon(spec, `${path}.spec`, pod);
  if (spec.selector !== undefined) errors.push(invalid(`${path}.spec.selector`, goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errors.push(notSupported(`${path}.spec.manualSelector`, true, ['nil', 'false']));
  return errors;
}
