// The Job table as kube-apiserver 1.25 prints it (upstream printJob): NAME COMPLETIONS DURATION AGE, and
// with `-o wide` CONTAINERS IMAGES SELECTOR.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { humanDuration } from '../../../printers/human-duration.js';
import { formatLabelSelector } from '../../../printers/label-selector-cell.js';
import { containerCells } from '../../../printers/pod-template-cells.js';
import type { KubeObject } from '../../../meta/v1/types.js';
import type { Job, JobSpec } from '../schemas.generated.js';

/** `<succeeded>/<completions>`; without completions `<succeeded>/1`, with ` of <parallelism>` above one pod. */
export function jobCompletions(job: Job): string {
  const succeeded = job.status?.succeeded ?? 0;
  const completions = job.spec?.completions;
  if (completions !== undefined) return `${succeeded}/${completions}`;
  const parallelism = job.spec?.parallelism ?? 0;
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** Empty before the Job starts, the time running so far, then the time it took. */
export function jobDuration(job: Job, now: Date): string {
  const start = job.status?.startTime;
  if (!start) return '';
  const end = job.status?.completionTime;
  return humanDuration((end ? Date.parse(end) : now.getTime()) - Date.parse(start));
}

/**
 * The `-o wide` columns of a Job template (upstream layoutContainerCells and FormatLabelSelector): Jobs'
 * own and CronJobs' job template's.
 */
export function jobTemplateWideColumns<T extends KubeObject>(specOf: (obj: T) => JobSpec | undefined): TableColumn<T>[] {
  const containers = (obj: T) => containerCells(specOf(obj)?.template?.spec?.containers);
  return [
    { definition: columnDefinition('Containers', 'string', 'Names of each container in the template.', { priority: 1 }), cell: (obj) => containers(obj).names },
    { definition: columnDefinition('Images', 'string', 'Images referenced by each container in the template.', { priority: 1 }), cell: (obj) => containers(obj).images },
    {
      definition: columnDefinition(
        'Selector',
        'string',
        'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
        { priority: 1 },
      ),
      cell: (obj) => formatLabelSelector(specOf(obj)?.selector),
    },
  ];
}

/** The columns of `kubectl get jobs`. */
export const jobColumns: TableColumn<Job>[] = [
  nameColumn(),
  { definition: columnDefinition('Completions', 'string', 'The number of pods which reached phase Succeeded.'), cell: jobCompletions },
  { definition: columnDefinition('Duration', 'string', 'Time required to complete the job.'), cell: jobDuration },
  ageColumn(),
  ...jobTemplateWideColumns<Job>((job) => job.spec),
];
