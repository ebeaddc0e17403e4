// kubectl (1.32) against kplane's batch/v1: Jobs and CronJobs as a user meets them: create job and cronjob,
// a Job from a CronJob, get (tables, wide, `all`), field selectors, invalid objects answered 422 with
// upstream's causes, the immutable template, the status subresource. kplane runs no job or cronjob
// controller: Jobs never start and CronJobs never fire.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { decodeProtobufObject } from '../../src/schema/protobuf/index.js';
import { JobSchema } from '../../src/apis/batch/v1/schemas.generated.js';

interface Cause {
  reason: string;
  message: string;
  field: string;
}
interface StatusBody {
  code: number;
  reason: string;
  message: string;
  details: { causes: Cause[] };
}
interface JobObject {
  metadata: { name: string; uid: string; labels: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: { kind: string; name: string }[]; generation: number; resourceVersion: string };
  spec: { selector: { matchLabels: Record<string, string> }; completions: number; parallelism: number; backoffLimit: number; template: { metadata: { labels: Record<string, string> }; spec: { restartPolicy: string; containers: { name: string; image: string; command?: string[] }[] } } };
  status: Record<string, unknown>;
}

const JOBS = '/apis/batch/v1/namespaces/default/jobs';
const CRONJOBS = '/apis/batch/v1/namespaces/default/cronjobs';
const container = { name: 'c', image: 'busybox' };
const jobBody = (name: string, spec: Record<string, unknown>) => JSON.stringify({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name }, spec: { template: { spec: { containers: [container], restartPolicy: 'Never' } }, ...spec } });
const cronJobBody = (name: string, spec: Record<string, unknown>) =>
  JSON.stringify({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name }, spec: { schedule: '@hourly', jobTemplate: { spec: { template: { spec: { containers: [container], restartPolicy: 'OnFailure' } } } }, ...spec } });

describe('kubectl with jobs and cronjobs against kplane', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(c.server.kubeconfig);
  });
  after(() => c.stop());

  const getJob = async (name: string): Promise<JobObject> => JSON.parse(await c.kubectl(['get', 'job', name, '-o', 'json'])) as JobObject;
  const invalidCauses = async (path: string, body: string): Promise<StatusBody> => {
    const res = await raw.request('POST', path, { body });
    assert.equal(res.status, 422, res.body);
    return res.json() as StatusBody;
  };

  test('create job: the selector and pod labels are generated from the uid; the job-tracking annotation is set', async () => {
    assert.match(await c.kubectl(['create', 'job', 'j', '--image=busybox', '--', 'echo', 'hi']), /^job\.batch\/j created$/m);
    const job = await getJob('j');
    const uid = job.metadata.uid;
    assert.deepEqual(job.spec.selector, { matchLabels: { 'controller-uid': uid } });
    assert.deepEqual(job.spec.template.metadata.labels, { 'controller-uid': uid, 'job-name': 'j' });
    assert.deepEqual(job.metadata.labels, { 'controller-uid': uid, 'job-name': 'j' });
    assert.deepEqual(job.metadata.annotations, { 'batch.kubernetes.io/job-tracking': '' });
    assert.deepEqual([job.spec.completions, job.spec.parallelism, job.spec.backoffLimit, job.spec.template.spec.restartPolicy], [1, 1, 6, 'Never']);
    assert.deepEqual(job.spec.template.spec.containers[0]?.command, ['echo', 'hi']);
    assert.deepEqual([job.metadata.generation, job.status], [1, {}]);
  });

  test('create cronjob and a Job from it', async () => {
    assert.match(await c.kubectl(['create', 'cronjob', 'c', '--image=busybox', '--schedule=*/5 * * * *']), /^cronjob\.batch\/c created$/m);
    const cronJob = JSON.parse(await c.kubectl(['get', 'cj', 'c', '-o', 'json'])) as { spec: Record<string, unknown> };
    assert.deepEqual(
      ['schedule', 'concurrencyPolicy', 'suspend', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit'].map((k) => cronJob.spec[k]),
      ['*/5 * * * *', 'Allow', false, 3, 1],
    );
    assert.match(await c.kubectl(['create', 'job', '--from=cronjob/c', 'j2']), /^job\.batch\/j2 created$/m);
    const job = await getJob('j2');
    assert.equal(job.metadata.annotations?.['cronjob.kubernetes.io/instantiate'], 'manual');
    assert.deepEqual(job.metadata.ownerReferences?.map((r) => [r.kind, r.name]), [['CronJob', 'c']]);
    assert.equal(job.spec.template.spec.restartPolicy, 'OnFailure');
  });

  test('get jobs,cronjobs and -o wide print upstream 1.25 columns', async () => {
    const out = await c.kubectl(['get', 'jobs,cronjobs']);
    assert.match(out, /^NAME\s+COMPLETIONS\s+DURATION\s+AGE\n/);
    assert.match(out, /^job\.batch\/j\s+0\/1\s+\d+s$/m);
    assert.match(out, /^NAME\s+SCHEDULE\s+SUSPEND\s+ACTIVE\s+LAST SCHEDULE\s+AGE$/m);
    assert.match(out, /^cronjob\.batch\/c\s+\*\/5 \* \* \* \*\s+False\s+0\s+<none>\s+\d+s$/m);
    const wide = await c.kubectl(['get', 'jobs', '-o', 'wide']);
    assert.match(wide, /^NAME\s+COMPLETIONS\s+DURATION\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\n/);
    const uid = (await getJob('j')).metadata.uid;
    assert.match(wide, new RegExp(`^j\\s+0/1\\s+\\d+s\\s+j\\s+busybox\\s+controller-uid=${uid}$`, 'm'));
    const cronWide = await c.kubectl(['get', 'cronjobs', '-o', 'wide']);
    assert.match(cronWide, /^NAME\s+SCHEDULE\s+SUSPEND\s+ACTIVE\s+LAST SCHEDULE\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\n/);
    assert.match(cronWide, /^c\s+\*\/5 \* \* \* \*\s+False\s+0\s+<none>\s+\d+s\s+c\s+busybox\s+<none>$/m);
  });

  test('get all includes them; field selector status.successful', async () => {
    const all = await c.kubectl(['get', 'all']);
    assert.match(all, /^job\.batch\/j\s+0\/1/m);
    assert.match(all, /^cronjob\.batch\/c\s+\*\/5/m);
    assert.match(await c.kubectl(['get', 'jobs', '--field-selector', 'status.successful=0', '-o', 'name']), /^job\.batch\/j\njob\.batch\/j2\n/);
    const none = await c.kubectlResult(['get', 'jobs', '--field-selector', 'status.successful=1']);
    assert.match(none.stderr, /No resources found in default namespace\./);
  });

  test('invalid schedules are answered 422 with robfig/cron errors', async () => {
    const res = await c.kubectlResult(['create', 'cronjob', 'bad', '--image=busybox', '--schedule=* * *']);
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /CronJob\.batch "bad" is invalid: spec\.schedule: Invalid value: "\* \* \*": expected exactly 5 fields, found 3: \[\* \* \*\]/);
    const status = await invalidCauses(CRONJOBS, cronJobBody('bad', { schedule: '61 * * * *', timeZone: 'Mars/Olympus' }));
    assert.deepEqual(status.details.causes, [
      { reason: 'FieldValueInvalid', message: 'Invalid value: "61 * * * *": end of range (61) above maximum (59): 61', field: 'spec.schedule' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus', field: 'spec.timeZone' },
    ]);
    const both = await invalidCauses(CRONJOBS, cronJobBody('bad', { schedule: 'TZ=UTC @daily', timeZone: 'UTC' }));
    assert.equal(both.message, 'CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "TZ=UTC @daily": cannot use both timeZone field and TZ or CRON_TZ in schedule');
  });

  test('a zone prefix without fields is the 500 of the panic robfig/cron v3.0.1 causes in kube-apiserver 1.25', async () => {
    const res = await raw.request('POST', CRONJOBS, { body: cronJobBody('p', { schedule: 'TZ=UTC' }) });
    assert.equal(res.status, 500);
    assert.equal((res.json() as StatusBody).message, 'This request caused apiserver to panic. Look in the logs for details.');
  });

  test('protobuf reads and server-side apply', async () => {
    const res = await raw.request('GET', `${JOBS}/j`, { accept: 'application/vnd.kubernetes.protobuf' });
    assert.deepEqual([...res.bytes.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00]);
    const job = decodeProtobufObject(JobSchema, res.bytes).object as unknown as JobObject;
    assert.deepEqual([job.metadata.name, job.spec.backoffLimit, job.spec.template.spec.containers[0]?.command], ['j', 6, ['echo', 'hi']]);
    const manifest = (parallelism: number) => jobBody('applied', { parallelism, template: { spec: { containers: [container], restartPolicy: 'Never' } } });
    assert.match(await c.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest(1) }), /^job\.batch\/applied serverside-applied$/m);
    assert.match(await c.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest(2) }), /^job\.batch\/applied serverside-applied$/m);
    const applied = await getJob('applied');
    assert.deepEqual([applied.spec.parallelism, applied.metadata.generation], [2, 2]);
  });

  test('describe job and cronjob', async () => {
    assert.match(await c.kubectl(['describe', 'job', 'j2']), /^Controlled By:\s+CronJob\/c$/m);
    assert.match(await c.kubectl(['describe', 'cronjob', 'c']), /^Schedule:\s+\*\/5 \* \* \* \*$/m);
    assert.match(await c.kubectl(['explain', 'cronjob.spec.timeZone']), /FIELD:\s+timeZone <string>/);
    assert.match(await c.kubectl(['get', 'apiservice', 'v1.batch']), /^v1\.batch\s+Local\s+True/m);
  });

  test('a TZ in the schedule is accepted with upstream 1.25 warning', async () => {
    const res = await c.kubectlResult(['create', 'cronjob', 'tz', '--image=busybox', '--schedule=CRON_TZ=Europe/Paris 0 6 * * *']);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /Warning: CRON_TZ or TZ used in spec\.spec\.schedule is not officially supported/);
  });

  test('invalid jobs are answered 422 with upstream causes', async () => {
    const status = await invalidCauses(JOBS, jobBody('bad', { parallelism: -1, completionMode: 'Indexed', template: { spec: { containers: [container] } } }));
    assert.deepEqual(
      status.details.causes.map((cause) => `${cause.field}: ${cause.message}`),
      [
        'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.completions: Required value: when completion mode is Indexed',
        'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
      ],
    );
    const res = await c.kubectlResult(['create', '-f', '-'], { input: jobBody('bad2', { manualSelector: true, selector: { matchLabels: { app: 'x' } } }) });
    assert.match(res.stderr, /The Job "bad2" is invalid: spec\.template\.metadata\.labels: Invalid value: map\[string\]string\(nil\): `selector` does not match template `labels`/);
  });

  test('the template is immutable; parallelism and suspend change and bump the generation', async () => {
    const res = await c.kubectlResult(['set', 'image', 'job/j', 'j=nginx']);
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /Job\.batch "j" is invalid: spec\.template: Invalid value: .*: field is immutable/);
    await c.kubectl(['patch', 'job', 'j', '-p', '{"spec":{"parallelism":3,"suspend":true}}']);
    const job = await getJob('j');
    assert.deepEqual([job.spec.parallelism, job.metadata.generation], [3, 2]);
    const completions = await c.kubectlResult(['patch', 'job', 'j', '-p', '{"spec":{"completions":5}}']);
    assert.match(completions.stderr, /spec\.completions: Invalid value: 5: field is immutable/);
  });

  test('status subresource: written through status, kept by the main resource, validated', async () => {
    const job = await getJob('j');
    const body = JSON.stringify({ ...job, spec: { ...job.spec, parallelism: 9 }, status: { active: 1, startTime: '2024-01-01T00:00:00Z' } });
    const res = await raw.request('PUT', `${JOBS}/j/status`, { body });
    assert.equal(res.status, 200, res.body);
    const updated = res.json() as JobObject;
    assert.deepEqual([updated.status, updated.spec.parallelism], [{ active: 1, startTime: '2024-01-01T00:00:00Z' }, 3]);
    const main = await raw.request('PATCH', `${JOBS}/j`, { body: '{"status":{"active":7}}', contentType: 'application/merge-patch+json' });
    assert.deepEqual((main.json() as JobObject).status, { active: 1, startTime: '2024-01-01T00:00:00Z' });
    const bad = await raw.request('PATCH', `${JOBS}/j/status`, { body: '{"status":{"failed":-1}}', contentType: 'application/merge-patch+json' });
    assert.equal(bad.status, 422);
    assert.equal((bad.json() as StatusBody).message, 'Job.batch "j" is invalid: status.failed: Invalid value: -1: must be greater than or equal to 0');
    const duration = await c.kubectl(['get', 'job', 'j']);
    assert.match(duration, /^j\s+0\/1\s+\d+y\d*d?\s+\d+s$/m, 'the duration runs from status.startTime');
  });
});
