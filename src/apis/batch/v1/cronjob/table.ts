// The CronJob table as kube-apiserver 1.25 prints it (upstream printCronJob): NAME SCHEDULE SUSPEND ACTIVE
// LAST SCHEDULE AGE, and with `-o wide` CONTAINERS IMAGES SELECTOR (the job template's).
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { translateTimestampSince } from '../../../printers/human-duration.js';
import { jobTemplateWideColumns } from '../job/table.js';
import type { CronJob } from '../schemas.generated.js';

/** upstream printBoolPtr. */
const boolCell = (value: boolean | undefined): string => (value === undefined ? '<unset>' : value ? 'True' : 'False');

/** The columns of `kubectl get cronjobs`. */
export const cronJobColumns: TableColumn<CronJob>[] = [
  nameColumn(),
  { definition: columnDefinition('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'), cell: (cj) => cj.spec?.schedule ?? '' },
  {
    definition: columnDefinition('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
    cell: (cj) => boolCell(cj.spec?.suspend),
  },
  { definition: columnDefinition('Active', 'integer', 'A list of pointers to currently running jobs.'), cell: (cj) => cj.status?.active?.length ?? 0 },
  {
    definition: columnDefinition('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
    cell: (cj, now) => (cj.status?.lastScheduleTime ? translateTimestampSince(cj.status.lastScheduleTime, now) : '<none>'),
  },
  ageColumn(),
  ...jobTemplateWideColumns<CronJob>((cj) => cj.spec?.jobTemplate?.spec),
];
