import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import { isStatusError } from '../../../../errors/status-error.js';
import type { CronJob, CronJobSpec } from '../schemas.generated.js';
import { TZ_WARNING, cronJobWarnings } from './cronjob.js';
import { defaultCronJob } from './defaults.js';
import { cronJobColumns } from './table.js';
import { PANIC_MESSAGE, validateCronJob, validateCronJobUpdate } from './validation.js';

const messages = (list: FieldError[]) => list.map(fieldErrorMessage);
const container = { name: 'c', image: 'busybox' };

/** A defaulted CronJob, as validation sees it. */
function cronJob(spec: Partial<CronJobSpec> = {}, name = 'c'): CronJob {
  const obj: CronJob = {
    metadata: { name, namespace: 'ns' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { containers: [container], restartPolicy: 'OnFailure' } } } }, ...spec },
  };
  defaultCronJob(obj);
  return obj;
}

test('defaultCronJob as upstream SetDefaults_CronJob; the job template keeps its Job fields unset', () => {
  const obj = cronJob();
  const { concurrencyPolicy, suspend, successfulJobsHistoryLimit, failedJobsHistoryLimit } = obj.spec ?? { schedule: '', jobTemplate: {} };
  assert.deepEqual([concurrencyPolicy, suspend, successfulJobsHistoryLimit, failedJobsHistoryLimit], ['Allow', false, 3, 1]);
  assert.deepEqual([obj.spec?.jobTemplate.spec?.backoffLimit, obj.spec?.jobTemplate.spec?.template.spec?.dnsPolicy], [undefined, 'ClusterFirst']);
});

test('validateCronJob with upstream 1.25 messages', () => {
  assert.deepEqual(validateCronJob(cronJob()), []);
  const cases: [string, CronJob, string[]][] = [
    ['no schedule', cronJob({ schedule: '' }), ['spec.schedule: Required value']],
    ['five fields', cronJob({ schedule: '* * * *' }), ['spec.schedule: Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *]']],
    ['range', cronJob({ schedule: '0 25 * * *' }), ['spec.schedule: Invalid value: "0 25 * * *": end of range (25) above maximum (23): 25']],
    ['descriptor', cronJob({ schedule: '@fortnightly' }), ['spec.schedule: Invalid value: "@fortnightly": unrecognized descriptor: @fortnightly']],
    ['TZ with timeZone', cronJob({ schedule: 'TZ=UTC * * * * *', timeZone: 'UTC' }), ['spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule']],
    ['TZ alone', cronJob({ schedule: 'CRON_TZ=Europe/Berlin 0 * * * *' }), []],
    ['empty time zone', cronJob({ timeZone: '' }), ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']],
    ['Local', cronJob({ timeZone: 'Local' }), ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']],
    [
      'local',
      cronJob({ timeZone: 'local' }),
      ['spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones', 'spec.timeZone: Invalid value: "local": unknown time zone local'],
    ],
    ['unknown zone', cronJob({ timeZone: 'Moon/Base' }), ['spec.timeZone: Invalid value: "Moon/Base": unknown time zone Moon/Base']],
    ['known zone', cronJob({ timeZone: 'America/New_York' }), []],
    [
      'policy, limits, deadline',
      cronJob({ concurrencyPolicy: 'Sometimes', successfulJobsHistoryLimit: -1, failedJobsHistoryLimit: -2, startingDeadlineSeconds: -3 }),
      [
        'spec.startingDeadlineSeconds: Invalid value: -3: must be greater than or equal to 0',
        'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
        'spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
        'spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
      ],
    ],
    [
      'job template',
      cronJob({ jobTemplate: { spec: { manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: { spec: { containers: [container] } } } } }),
      [
        'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
        'spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated',
        'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
      ],
    ],
    ['long name', cronJob({}, 'a'.repeat(53)), [`metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`]],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(messages(validateCronJob(input)), want, name);
  assert.throws(
    () => validateCronJob(cronJob({ schedule: 'TZ=UTC' })),
    (e: unknown) => isStatusError(e) && e.code === 500 && e.message === PANIC_MESSAGE,
  );
});

test('validateCronJobUpdate: long names stay updatable, the time zone is checked only when it changes', () => {
  const old = { ...cronJob({}, 'a'.repeat(53)), metadata: { name: 'a'.repeat(53), namespace: 'ns', resourceVersion: '1' } };
  assert.deepEqual(validateCronJobUpdate(structuredClone(old), old), []);
  const badZone = { ...cronJob({ timeZone: 'Moon/Base' }), metadata: { name: 'c', namespace: 'ns', resourceVersion: '1' } };
  assert.deepEqual(validateCronJobUpdate({ ...structuredClone(badZone), spec: { ...badZone.spec, schedule: '@daily' } as CronJobSpec }, badZone), []);
});

test('warnings: the job template pod spec and TZ in the schedule', () => {
  assert.deepEqual(cronJobWarnings(cronJob({ schedule: 'TZ=UTC 0 * * * *' })), [TZ_WARNING]);
  const warned = cronJob({ jobTemplate: { spec: { template: { spec: { containers: [container], restartPolicy: 'Never', nodeSelector: { 'beta.kubernetes.io/os': 'linux' } } } } } });
  assert.deepEqual(cronJobWarnings(warned), ['spec.jobTemplate.spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead']);
});

test('table cells as upstream printCronJob (1.25: no time zone column)', () => {
  const now = new Date('2024-01-01T01:00:00Z');
  const obj = { ...cronJob(), status: { active: [{ name: 'j' }], lastScheduleTime: '2024-01-01T00:55:00Z' } };
  assert.deepEqual(cronJobColumns.map((c) => c.definition.name), ['Name', 'Schedule', 'Suspend', 'Active', 'Last Schedule', 'Age', 'Containers', 'Images', 'Selector']);
  const cells = cronJobColumns.filter((c) => c.definition.name !== 'Age').map((c) => c.cell(obj, now));
  assert.deepEqual(cells, ['c', '*/5 * * * *', 'False', 1, '5m', 'c', 'busybox', '<none>']);
  assert.equal(cronJobColumns[4]?.cell(cronJob(), now), '<none>');
});
