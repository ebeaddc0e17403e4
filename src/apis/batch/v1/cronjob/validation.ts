// CronJob validation (upstream 1.25 ValidateCronJobCreate, ValidateCronJobUpdate, validateCronJobSpec):
// the schedule as robfig/cron v3 parses it, `TZ=`/`CRON_TZ=` in it only without spec.timeZone, a time zone
// Go can load, the concurrency policy, the job template as Jobs', non-negative limits, names of at most
// 52 characters on create (the controller appends an 11-character suffix to name Jobs).
import { invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { unknownError } from '../../../../errors/status-error.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { nonNegative } from '../../../core/v1/replicationcontroller/validation.js';
import { checkStandardSchedule } from '../cron/schedule.js';
import { goLoadLocationError } from '../cron/go-time.js';
import { validateJobTemplateSpec } from '../job/validation.js';
import { podValidationOptions } from '../../../core/v1/pod/validation/index.js';
import type { ValidationContext } from '../../../../registry/resource-definition.js';
import type { CronJob, CronJobSpec } from '../schemas.generated.js';

/** What kube-apiserver answers when a handler panics (robfig/cron v3.0.1 on `TZ=<zone>` without a space). */
export const PANIC_MESSAGE = 'This request caused apiserver to panic. Look in the logs for details.';

/** upstream validateScheduleFormat. Throws the 500 of upstream's panic where robfig/cron panics. */
function validateSchedule(schedule: string, timeZone: string | undefined): FieldError[] {
  const path = 'spec.schedule';
  const checked = checkStandardSchedule(schedule);
  if ('panic' in checked) throw unknownError(PANIC_MESSAGE);
  const errors = 'error' in checked ? [invalid(path, schedule, checked.error)] : [];
  if (schedule.includes('TZ') && timeZone !== undefined) errors.push(invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  return errors;
}

/** upstream validateTimeZone: absent, or a zone Go's time.LoadLocation loads other than Local. */
function validateTimeZone(timeZone: string | undefined): FieldError[] {
  const path = 'spec.timeZone';
  if (timeZone === undefined) return [];
  if (timeZone === '') return [invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  const errors = timeZone.toLowerCase() === 'local' ? [invalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones')] : [];
  const loadError = goLoadLocationError(timeZone);
  if (loadError !== undefined) errors.push(invalid(path, timeZone, loadError));
  return errors;
}

function validateConcurrencyPolicy(policy: string | undefined): FieldError[] {
  const path = 'spec.concurrencyPolicy';
  if (!policy) return [required(path)];
  return ['Allow', 'Forbid', 'Replace'].includes(policy) ? [] : [notSupported(path, policy, ['Allow', 'Forbid', 'Replace'])];
}

/** upstream validateCronJobSpec; the time zone is checked on create and when an update changes it. */
function validateCronJobSpec(spec: CronJobSpec, old: CronJobSpec | undefined, context: ValidationContext | undefined): FieldError[] {
  const errors = spec.schedule ? validateSchedule(spec.schedule, spec.timeZone) : [required('spec.schedule')];
  errors.push(...nonNegative(spec.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  if (old === undefined || old.timeZone !== spec.timeZone) errors.push(...validateTimeZone(spec.timeZone));
  return [
    ...errors,
    ...validateConcurrencyPolicy(spec.concurrencyPolicy),
    ...validateJobTemplateSpec(spec.jobTemplate ?? {}, 'spec.jobTemplate', podValidationOptions(context)),
    ...nonNegative(spec.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'),
    ...nonNegative(spec.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'),
  ];
}

const specOf = (cronJob: CronJob): CronJobSpec => cronJob.spec ?? { schedule: '', jobTemplate: {} };

/** upstream ValidateCronJobCreate. */
export function validateCronJob(cronJob: CronJob, context?: ValidationContext): FieldError[] {
  const errors = [...validateObjectMeta(cronJob.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateCronJobSpec(specOf(cronJob), undefined, context)];
  const name = cronJob.metadata.name ?? '';
  if (name.length > 52) errors.push(invalid('metadata.name', name, 'must be no more than 52 characters'));
  return errors;
}

/** upstream ValidateCronJobUpdate (no name length limit: older CronJobs stay updatable). */
export function validateCronJobUpdate(cronJob: CronJob, old: CronJob, context?: ValidationContext): FieldError[] {
  return [...validateObjectMetaUpdate(cronJob.metadata, old.metadata), ...validateCronJobSpec(specOf(cronJob), specOf(old), context)];
}
