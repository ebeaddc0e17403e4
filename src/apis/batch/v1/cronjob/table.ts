// The CronJob table as kube-apiserver 1.25 prints it (upstream printCronJob): NAME SCHEDULE SUSPEND ACTIVE
// LAST SCHEDULE AGE, and with `-o wide` CONTAINERS IMAGES SELECTOR (the job template's).
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { translateTimestampSince } from '../../../printers/human-duration.js';
import { formatLabelSelector } from '../../../printers/label-selector-cell.js';
import { containerCells } from '../../../printers/pod-template-cells.js';
import type { CronJob } from '../schemas.generated.js';

/** upstream printBoolPtr. */
const boolCell = (value: boolean | undefined): string => (value === undefined ? '<unset>' : value ? 'True' : 'False');

const containersOf = (cronJob: CronJob) => containerCells(cronJob.spec?.jobTemplate?.spec?.template?.spec?.containers);

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
  { definition: columnDefinition('Containers', 'string', 'Names of each container in the template.', { priority: 1 }), cell: (cj) => containersOf(cj).names },
  { definition: columnDefinition('Images', 'string', 'Images referenced by each container in the template.', { priority: 1 }), cell: (cj) => containersOf(cj).images },
  {
    definition: columnDefinition(
      'Selector',
      'string',
      'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
      { priority: 1 },
    ),
    cell: (cj) => formatLabelSelector(cj.spec?.jobTemplate?.spec?.selector),
  },
];
