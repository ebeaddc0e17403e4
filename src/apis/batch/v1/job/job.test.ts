import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../../errors/field-errors.js';
import { isStatusError } from '../../../../errors/status-error.js';
import type { KubeObject } from '../../../meta/v1/types.js';
import type { ResourceDefinition } from '../../../../registry/resource-definition.js';
import { memoryStores } from '../../../core/v1/pod/subresources/test-stores.js';
import type { Job, JobSpec } from '../schemas.generated.js';
import { defaultJob, defaultJobTemplatePodSpec } from './defaults.js';
import { jobDefinition, prepareJobForCreate, updateValidationOptions } from './job.js';
import { jobColumns, jobCompletions, jobDuration } from './table.js';
import { validateJobStatusUpdate, validateJobUpdate } from './update.js';
import { validateJob, validateJobTemplateSpec } from './validation.js';

const messages = (list: FieldError[]) => list.map(fieldErrorMessage);
const container = { name: 'c', image: 'busybox' };

/** A Job as its strategy validates it on create: defaulted, with uid, selector and labels generated. */
function job(spec: Partial<JobSpec> = {}, meta: Partial<Job['metadata']> = {}): Job {
  const obj: Job = {
    metadata: { name: 'pi', namespace: 'ns', uid: 'u1', ...meta },
    spec: { template: { spec: { containers: [container], restartPolicy: 'Never' } }, ...spec },
  };
  defaultJob(obj);
  prepareJobForCreate(obj);
  return obj;
}
const create = (obj: Job) => messages(validateJob(obj, { allowTrackingAnnotation: true }));

test('defaultJob as upstream SetDefaults_Job', () => {
  const obj: Job = { metadata: { name: 'j' }, spec: { template: { metadata: { labels: { a: 'b' } }, spec: { containers: [container] } } } };
  defaultJob(obj);
  const { completions, parallelism, backoffLimit, completionMode, suspend } = obj.spec ?? { template: {} };
  assert.deepEqual([completions, parallelism, backoffLimit, completionMode, suspend, obj.metadata.labels], [1, 1, 6, 'NonIndexed', false, { a: 'b' }]);
  assert.equal(obj.spec?.template.spec?.restartPolicy, 'Always');
  const parallel: Job = { metadata: { name: 'j' }, spec: { parallelism: 3, template: {}, podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' } as never] }] } } };
  defaultJob(parallel);
  assert.deepEqual([parallel.spec?.completions, parallel.spec?.parallelism], [undefined, 3]);
  assert.equal(parallel.spec?.podFailurePolicy?.rules[0]?.onPodConditions?.[0]?.status, 'True');
});

test('create: selector, pod labels, tracking annotation and an empty status, as upstream', () => {
  const obj = job({ podFailurePolicy: { rules: [] } }, { labels: undefined });
  obj.status = { active: 3 };
  prepareJobForCreate(obj);
  assert.deepEqual(obj.status, {});
  assert.deepEqual(obj.spec?.selector, { matchLabels: { 'controller-uid': 'u1' } });
  assert.deepEqual(obj.spec?.template.metadata?.labels, { 'controller-uid': 'u1', 'job-name': 'pi' });
  assert.deepEqual(obj.metadata.labels, { 'controller-uid': 'u1', 'job-name': 'pi' });
  assert.deepEqual(obj.metadata.annotations, { 'batch.kubernetes.io/job-tracking': '' });
  assert.equal(obj.spec?.podFailurePolicy, undefined, 'the JobPodFailurePolicy gate is off in 1.25');
  assert.deepEqual(create(obj), []);
  const manual = job({ manualSelector: true, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [container], restartPolicy: 'OnFailure' } } });
  assert.deepEqual(manual.spec?.selector, { matchLabels: { app: 'x' } });
  assert.deepEqual(create(manual), []);
});

test('validateJob with upstream 1.25 messages', () => {
  const cases: [string, Job, string[]][] = [
    [
      'negative counts',
      job({ parallelism: -1, completions: -2, activeDeadlineSeconds: -3, backoffLimit: -4, ttlSecondsAfterFinished: -5 }),
      [
        'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.completions: Invalid value: -2: must be greater than or equal to 0',
        'spec.activeDeadlineSeconds: Invalid value: -3: must be greater than or equal to 0',
        'spec.backoffLimit: Invalid value: -4: must be greater than or equal to 0',
        'spec.ttlSecondsAfterFinished: Invalid value: -5: must be greater than or equal to 0',
      ],
    ],
    ['restart Always', job({ template: { spec: { containers: [container] } } }), ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    ['unknown completion mode', job({ completionMode: 'Sometimes' }), ['spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"']],
    [
      'indexed limits',
      job({ completionMode: 'Indexed', completions: undefined, parallelism: 100001 }),
      ['spec.completions: Required value: when completion mode is Indexed', 'spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed'],
    ],
    [
      'indexed pod hostnames',
      job({ completionMode: 'Indexed', completions: 10 }, { name: `${'a'.repeat(62)}` }),
      [`metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-9`],
    ],
    [
      'manual selector not matching the template',
      job({ manualSelector: true, selector: { matchLabels: { app: 'y' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [container], restartPolicy: 'Never' } } }),
      ['spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`'],
    ],
    [
      'generated labels overridden',
      job({ selector: { matchLabels: { 'controller-uid': 'other' } }, template: { metadata: { labels: { 'job-name': 'x' } }, spec: { containers: [container], restartPolicy: 'Never' } } }),
      [
        `spec.template.metadata.labels[job-name]: Invalid value: map[string]string{"controller-uid":"u1", "job-name":"x"}: must be 'pi'`,
        'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"controller-uid":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated',
        'spec.template.metadata.labels: Invalid value: map[string]string{"controller-uid":"u1", "job-name":"x"}: `selector` does not match template `labels`',
      ],
    ],
  ];
  for (const [name, input, want] of cases) assert.deepEqual(create(input), want, name);
  const manual = job({ manualSelector: true });
  // A nil selector selects nothing (upstream labels.Nothing()), so the template does not match it either.
  assert.deepEqual(create(manual), ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`']);
});

test('pod failure policy rules as 1.25 validates them (reached through CronJob job templates)', () => {
  const spec = (podFailurePolicy: JobSpec['podFailurePolicy'], restartPolicy = 'Never') => {
    const jobSpec: JobSpec = { template: { spec: { containers: [container], restartPolicy } }, podFailurePolicy };
    defaultJobTemplatePodSpec(jobSpec);
    return { spec: jobSpec };
  };
  const cases: [string, ReturnType<typeof spec>, string[]][] = [
    ['valid', spec({ rules: [{ action: 'FailJob', onExitCodes: { containerName: 'c', operator: 'In', values: [1, 2] } }, { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] }), []],
    ['restart OnFailure', spec({ rules: [] }, 'OnFailure'), ['t.spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified']],
    [
      'action and exit codes',
      spec({ rules: [{ action: '', onExitCodes: { containerName: 'x', operator: 'Gt', values: [3, 0, 3] } }] }),
      [
        't.spec.podFailurePolicy.rules[0].action: Required value: valid values: ["Count" "FailJob" "Ignore"]',
        't.spec.podFailurePolicy.rules[0].onExitCodes.operator: Unsupported value: "Gt": supported values: "In", "NotIn"',
        't.spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "x": must be one of the container or initContainer names in the pod template',
        't.spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 3',
        't.spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []int32{3, 0, 3}: must be ordered',
      ],
    ],
    ['zero with In', spec({ rules: [{ action: 'Count', onExitCodes: { operator: 'In', values: [0] } }] }), ['t.spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator']],
    ['no values', spec({ rules: [{ action: 'Count', onExitCodes: { operator: 'NotIn', values: [] } }] }), ['t.spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: []int32{}: at least one value is required']],
    ['neither', spec({ rules: [{ action: 'Count' }] }), ['t.spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required']],
    [
      'both, bad pattern',
      spec({ rules: [{ action: 'Kill', onExitCodes: { operator: 'In', values: [1] }, onPodConditions: [{ type: 'a b', status: 'Maybe' }] }] }),
      [
        't.spec.podFailurePolicy.rules[0].action: Unsupported value: "Kill": supported values: "Count", "FailJob", "Ignore"',
        "t.spec.podFailurePolicy.rules[0].onPodConditions[0].type: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        't.spec.podFailurePolicy.rules[0].onPodConditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
        't.spec.podFailurePolicy.rules[0]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported',
      ],
    ],
    ['too many rules', spec({ rules: Array.from({ length: 21 }, () => ({ action: 'Count', onExitCodes: { operator: 'In', values: [1] } })) }), ['t.spec.podFailurePolicy.rules: Too many: 21: must have at most 20 items']],
  ];
  for (const [name, template, want] of cases) assert.deepEqual(messages(validateJobTemplateSpec(template as never, 't')), want, name);
});

test('updates: immutable fields, scheduling directives of suspended Jobs, the tracking annotation', () => {
  const old = job({}, { resourceVersion: '1' });
  const update = (change: (j: Job) => void, from = old) => {
    const next = structuredClone(from);
    change(next);
    const opts = updateValidationOptions(from);
    return messages([...validateJob(next, opts), ...validateJobUpdate(next, from, opts)]);
  };
  assert.deepEqual(update((j) => Object.assign(j.spec ?? {}, { parallelism: 5, activeDeadlineSeconds: 30, suspend: true, ttlSecondsAfterFinished: 10, backoffLimit: 1 })), []);
  assert.deepEqual(update((j) => Object.assign(j.spec ?? {}, { completions: 3 })), ['spec.completions: Invalid value: 3: field is immutable']);
  assert.deepEqual(update((j) => Object.assign(j.spec ?? {}, { completionMode: 'Indexed' })), ['spec.completionMode: Invalid value: "Indexed": field is immutable']);
  const [templateError] = update((j) => {
    if (j.spec?.template.spec) j.spec.template.spec.containers = [{ ...container, image: 'nginx' }];
  });
  assert.match(templateError ?? '', /^spec\.template: Invalid value: .*: field is immutable$/);
  const nodeSelector = (j: Job) => {
    if (j.spec?.template.spec) j.spec.template.spec.nodeSelector = { zone: 'a' };
  };
  assert.equal(update(nodeSelector).length, 1);
  assert.deepEqual(update(nodeSelector, job({ suspend: true }, { resourceVersion: '1' })), []);
  assert.deepEqual(update((j) => delete j.metadata.annotations), [], 'the annotation may go');
  const untracked = structuredClone(old);
  delete untracked.metadata.annotations;
  assert.deepEqual(update((j) => (j.metadata.annotations = { 'batch.kubernetes.io/job-tracking': '' }), untracked), ['metadata.annotations[batch.kubernetes.io/job-tracking]: Forbidden: cannot add this annotation']);
  assert.deepEqual(messages(validateJobStatusUpdate({ ...old, status: { active: -1, uncountedTerminatedPods: { succeeded: ['a', ''], failed: ['a'] } } }, old)), [
    'status.active: Invalid value: -1: must be greater than or equal to 0',
    'status.uncountedTerminatedPods.succeeded[1]: Invalid value: "": must not be empty',
    'status.uncountedTerminatedPods.failed[0]: Duplicate value: "a"',
  ]);
});

test('table cells as upstream printJob', () => {
  const now = new Date('2024-01-01T00:10:00Z');
  const obj = job();
  assert.deepEqual(jobColumns.map((c) => c.definition.name), ['Name', 'Completions', 'Duration', 'Age', 'Containers', 'Images', 'Selector']);
  assert.deepEqual(jobColumns.filter((c) => c.definition.priority === 1).map((c) => c.cell(obj, now)), ['c', 'busybox', 'controller-uid=u1']);
  assert.equal(jobCompletions(obj), '0/1');
  assert.equal(jobCompletions({ ...obj, spec: { template: {}, parallelism: 3 }, status: { succeeded: 2 } }), '2/1 of 3');
  assert.equal(jobCompletions({ ...obj, spec: { template: {}, parallelism: 1 } }), '0/1');
  assert.equal(jobDuration(obj, now), '');
  assert.equal(jobDuration({ ...obj, status: { startTime: '2024-01-01T00:00:00Z' } }, now), '10m');
  assert.equal(jobDuration({ ...obj, status: { startTime: '2024-01-01T00:00:00Z', completionTime: '2024-01-01T00:00:42Z' } }, now), '42s');
});

describe('jobs in a store', () => {
  const env = memoryStores([jobDefinition as unknown as ResourceDefinition]);
  const write = { dryRun: false };
  const input = (): KubeObject => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'ns' }, spec: { template: { spec: { containers: [container], restartPolicy: 'Never' } } } }) as KubeObject;
  before(() => env.start());
  after(() => env.stop());

  test('create generates the selector from the uid; spec changes bump the generation; status keeps the spec', async () => {
    const created = (await env.access.parent.create('ns', input(), write)).object as Job;
    const uid = created.metadata.uid ?? '';
    assert.deepEqual([created.spec?.selector, created.metadata.labels?.['controller-uid'], created.metadata.generation, created.status], [{ matchLabels: { 'controller-uid': uid } }, uid, 1, {}]);
    const updated = (await env.access.parent.update('ns', 'pi', (cur) => ({ ...structuredClone(cur as Job), spec: { ...(cur as Job).spec, parallelism: 2 } }) as KubeObject, write)).object as Job;
    assert.deepEqual([updated.spec?.parallelism, updated.metadata.generation], [2, 2]);
    await assert.rejects(
      Promise.resolve(env.access.parent.update('ns', 'pi', (cur) => ({ ...structuredClone(cur as Job), spec: { ...(cur as Job).spec, completions: 4 } }) as KubeObject, write)),
      (e: unknown) => isStatusError(e) && e.code === 422 && e.message === 'Job.batch "pi" is invalid: spec.completions: Invalid value: 4: field is immutable',
    );
  });
});
