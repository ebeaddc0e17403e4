// CronJob (batch/v1, namespaced; `cronjobs`, short name `cj`, category `all`) as kube-apiserver 1.25
// serves it: defaults (defaults.ts), the strategy of pkg/registry/batch/cronjob (status reset on create,
// generation bumped on spec changes, the job template's pod warnings and the warning on TZ in the schedule),
// validation (validation.ts), the table (table.ts) and the `status` subresource (its updates are not
// validated beyond metadata, as upstream's status strategy).
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { templateWarnings } from '../../../core/v1/podtemplate.js';
import { CronJobSchema, type CronJob } from '../schemas.generated.js';
import { defaultCronJob } from './defaults.js';
import { cronJobColumns } from './table.js';
import { validateCronJob, validateCronJobUpdate } from './validation.js';
import { dropDisabledTemplateFields } from '../../../core/v1/pod/disabled-fields.js';

export { CronJobSchema, type CronJob };

/** upstream's warning on a TZ in the schedule; its field path is upstream's own (`spec.spec.schedule`). */
export const TZ_WARNING = 'CRON_TZ or TZ used in spec.spec.schedule is not officially supported, see https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/ for more details';

/** upstream WarningsOnCreate / WarningsOnUpdate: the pod template's (when the spec changed) and TZ in the schedule. */
export function cronJobWarnings(cronJob: CronJob, old?: CronJob): string[] {
  const warnings = templateWarnings(cronJob.spec?.jobTemplate?.spec?.template, 'spec.jobTemplate.spec.template.', cronJob, old);
  if (cronJob.spec?.schedule?.includes('TZ')) warnings.push(TZ_WARNING);
  return warnings;
}

/** The CronJob resource. */
export const cronJobDefinition: ResourceDefinition<CronJob> = {
  group: 'batch',
  version: 'v1',
  kind: 'CronJob',
  listKind: 'CronJobList',
  resource: 'cronjobs',
  singular: 'cronjob',
  shortNames: ['cj'],
  categories: ['all'],
  namespaced: true,
  schema: CronJobSchema,
  definitionName: 'io.k8s.api.batch.v1.CronJob',
  verbs: ALL_VERBS,
  subresources: [statusSubresource<CronJob>()],
  defaults: defaultCronJob,
  strategy: {
    warnings: cronJobWarnings,
    prepareForCreate: (cronJob) => {
      cronJob.status = {};
      dropDisabledTemplateFields(cronJob.spec?.jobTemplate?.spec?.template, undefined);
    },
    prepareForUpdate: (cronJob, old) => dropDisabledTemplateFields(cronJob.spec?.jobTemplate?.spec?.template, old.spec?.jobTemplate?.spec?.template),
    validate: validateCronJob,
    validateUpdate: validateCronJobUpdate,
    tracksGeneration: true,
  },
  tableColumns: cronJobColumns,
  storage: { resourcePath: 'cronjobs' },
};
