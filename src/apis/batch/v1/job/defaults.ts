// Job defaults (upstream 1.25 pkg/apis/batch/v1/defaults.go SetDefaults_Job, then the template's PodSpec
// defaults of the generated SetObjectDefaults_Job).
import { defaultPodSpec } from '../../../core/v1/pod/defaults.js';
import type { Job, JobSpec } from '../schemas.generated.js';

/** The template's PodSpec defaults; the template is not optional in Go, so one is made when absent. */
export function defaultJobTemplatePodSpec(spec: JobSpec): void {
  defaultPodSpec(((spec.template ??= {}).spec ??= { containers: [] }));
}

/**
 * upstream SetDefaults_Job: one completion and one pod when neither is set, six retries, NonIndexed, not
 * suspended, failure-policy pod-condition patterns matching status True, and the Job's labels from its
 * template's when it has none.
 */
export function defaultJob(job: Job): void {
  const spec = (job.spec ??= { template: {} });
  if (spec.completions === undefined && spec.parallelism === undefined) spec.completions = 1;
  spec.parallelism ??= 1;
  spec.backoffLimit ??= 6;
  const labels = spec.template?.metadata?.labels;
  if (labels && Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  for (const rule of spec.podFailurePolicy?.rules ?? []) {
    for (const pattern of rule.onPodConditions ?? []) if (!pattern.status) pattern.status = 'True';
  }
  defaultJobTemplatePodSpec(spec);
}
