// CronJob defaults (upstream 1.25 SetDefaults_CronJob, then the job template's PodSpec defaults of the
// generated SetObjectDefaults_CronJob; the job template's own Job fields are defaulted only once a Job
// is made from it).
import { defaultJobTemplatePodSpec } from '../job/defaults.js';
import type { CronJob } from '../schemas.generated.js';

/** upstream SetDefaults_CronJob: concurrent runs allowed, not suspended, 3 successful and 1 failed Jobs kept. */
export function defaultCronJob(cronJob: CronJob): void {
  const spec = (cronJob.spec ??= { schedule: '', jobTemplate: {} });
  if (!spec.concurrencyPolicy) spec.concurrencyPolicy = 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  defaultJobTemplatePodSpec(((spec.jobTemplate ??= {}).spec ??= { template: {} }));
}
