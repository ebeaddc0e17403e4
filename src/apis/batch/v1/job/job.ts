// Job (batch/v1, namespaced; `jobs`, category `all`) as kube-apiserver 1.25 serves it: defaults
// (defaults.ts), the strategy of pkg/registry/batch/job (status reset on create, selector and pod labels
// generated from the uid unless spec.manualSelector, the job-tracking annotation set on create and never
// added later, spec.podFailurePolicy dropped while the JobPodFailurePolicy gate is off as in 1.25,
// generation bumped on spec changes), validation (validation.ts, update.ts), the table (table.ts), the
// `status` subresource and the `status.successful` field selector.
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { templateWarnings } from '../../../core/v1/podtemplate.js';
import { JobSchema, type Job } from '../schemas.generated.js';
import { defaultJob } from './defaults.js';
import { generateSelector, hasManualSelector } from './selector.js';
import { jobColumns } from './table.js';
import { validateJobStatusUpdate, validateJobUpdate } from './update.js';
import { JOB_TRACKING_ANNOTATION, validateJob, type JobValidationOptions } from './validation.js';
import { dropDisabledTemplateFields } from '../../../core/v1/pod/disabled-fields.js';
import { podValidationOptions } from '../../../core/v1/pod/validation/index.js';

export { JobSchema, type Job };

const hasTrackingAnnotation = (job: Job): boolean => Object.hasOwn(job.metadata.annotations ?? {}, JOB_TRACKING_ANNOTATION);

/**
 * upstream jobStrategy.PrepareForCreate and the selector generation of its Validate: an empty status,
 * tracking with finalizers (JobTrackingWithFinalizers is on in 1.25), no pod failure policy (its gate is
 * off), the generated selector and labels. The Job's own labels come from the template's when it has none:
 * upstream's defaults do that again whenever the stored Job is read, after the labels were generated.
 */
export function prepareJobForCreate(job: Job): void {
  job.status = {};
  job.metadata.annotations = { ...job.metadata.annotations, [JOB_TRACKING_ANNOTATION]: '' };
  const spec = (job.spec ??= { template: {} });
  delete spec.podFailurePolicy;
  dropDisabledTemplateFields(spec.template, undefined);
  if (!hasManualSelector(job)) generateSelector(job);
  const labels = spec.template?.metadata?.labels;
  if (labels && Object.keys(job.metadata.labels ?? {}).length === 0) job.metadata.labels = { ...labels };
}

/** upstream jobStrategy.PrepareForUpdate: a pod failure policy cannot be added while its gate is off. */
function prepareJobForUpdate(job: Job, old: Job): void {
  if (job.spec && old.spec?.podFailurePolicy === undefined) delete job.spec.podFailurePolicy;
  dropDisabledTemplateFields(job.spec?.template, old.spec?.template);
}

/**
 * upstream validationOptionsForJob on update: the tracking annotation may stay but not be added, and a
 * suspended Job that never started may change its scheduling directives (JobMutableNodeSchedulingDirectives).
 */
export function updateValidationOptions(old: Job): JobValidationOptions {
  return { allowTrackingAnnotation: hasTrackingAnnotation(old), allowMutableSchedulingDirectives: old.spec?.suspend === true && old.status?.startTime === undefined };
}

/** The Job resource. */
export const jobDefinition: ResourceDefinition<Job> = {
  group: 'batch',
  version: 'v1',
  kind: 'Job',
  listKind: 'JobList',
  resource: 'jobs',
  singular: 'job',
  categories: ['all'],
  namespaced: true,
  schema: JobSchema,
  definitionName: 'io.k8s.api.batch.v1.Job',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<Job>({ validateUpdate: validateJobStatusUpdate })],
  defaults: defaultJob,
  strategy: {
    // upstream jobStrategy: batch/v1 orphans by default (kept for compatibility).
    garbageCollectionPolicy: 'OrphanDependents',
    warnings: (job, old) => templateWarnings(job.spec?.template, 'spec.template.', job, old),
    prepareForCreate: prepareJobForCreate,
    validate: (job, context) => validateJob(job, { allowTrackingAnnotation: true, pod: podValidationOptions(context) }),
    prepareForUpdate: prepareJobForUpdate,
    validateUpdate: (job, old, context) => {
      const opts = { ...updateValidationOptions(old), pod: podValidationOptions(context) };
      return [...validateJob(job, opts), ...validateJobUpdate(job, old, opts)];
    },
    tracksGeneration: true,
  },
  tableColumns: jobColumns,
  fieldSelectors: {
    'status.successful': (job) => String(job.status?.succeeded ?? 0),
  },
  storage: { resourcePath: 'jobs' },
};
