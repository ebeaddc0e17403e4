// The audit log (--audit-policy-file, --audit-log-path): events per stage with the request's Audit-ID, who made it
// and whom they impersonated, the object reference, the response status, the request and response objects as the
// policy's level says, authorization's annotations; a watch's ResponseStarted; nothing for level None.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/readyz*", "/livez*"]
- level: None
  users: ["system:apiserver"]
- level: None
  userGroups: ["system:serviceaccounts:kube-system"]
- level: RequestResponse
  resources: [{group: "", resources: ["configmaps"]}]
  omitManagedFields: true
- level: Metadata
`;

interface Event {
  auditID: string; stage: string; level: string; verb: string; requestURI: string;
  user: { username: string; groups?: string[] }; impersonatedUser?: { username: string };
  objectRef?: Record<string, string>; responseStatus?: { code: number; reason?: string; status?: string };
  requestObject?: { metadata?: Record<string, unknown>; data?: unknown }; responseObject?: { metadata?: Record<string, unknown> };
  annotations?: Record<string, string>; requestReceivedTimestamp: string; stageTimestamp: string;
}

let dir = '';
let cluster: TestCluster;
let client: RawClient;
const logPath = () => join(dir, 'audit', 'audit.log');
const events = async (): Promise<Event[]> => (await readFile(logPath(), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Event);
const byAuditId = async (id: string): Promise<Event[]> => eventually(async () => {
  const found = (await events()).filter((e) => e.auditID === id);
  return found.some((e) => e.stage === 'ResponseComplete') ? found : undefined;
}, `the events of ${id}`);

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-audit-'));
  await writeFile(join(dir, 'policy.yaml'), POLICY);
  cluster = await startCluster({ audit: { policyFile: join(dir, 'policy.yaml'), logPath: logPath() } });
  client = rawClient(cluster.server.kubeconfig);
});

after(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('a create at RequestResponse: one ResponseComplete event with its objects, managedFields omitted', async () => {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'audited' }, data: { a: '1' } });
  const answer = await client.request('POST', '/api/v1/namespaces/default/configmaps?fieldManager=test', { body });
  assert.equal(answer.status, 201);
  const recorded = await byAuditId(String(answer.headers['audit-id']));
  assert.deepEqual(recorded.map((e) => e.stage), ['ResponseComplete'], 'RequestReceived is omitted by the policy');
  const [event] = recorded as [Event];
  assert.equal(event.level, 'RequestResponse');
  assert.equal(event.verb, 'create');
  assert.equal(event.requestURI, '/api/v1/namespaces/default/configmaps?fieldManager=test');
  assert.equal(event.user.username, 'kubernetes-admin');
  assert.deepEqual(event.objectRef, { resource: 'configmaps', namespace: 'default', name: 'audited', apiVersion: 'v1' });
  assert.deepEqual(event.responseStatus, { metadata: {}, code: 201 });
  assert.deepEqual(event.requestObject?.data, { a: '1' });
  assert.equal(event.responseObject?.metadata?.['name'], 'audited');
  assert.equal(event.responseObject?.metadata?.['managedFields'], undefined);
  assert.equal(event.annotations?.['authorization.k8s.io/decision'], 'allow');
  assert.match(event.stageTimestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
});

test('an error at RequestResponse: the Status is the response status and the response object', async () => {
  const answer = await client.request('GET', '/api/v1/namespaces/default/configmaps/missing');
  assert.equal(answer.status, 404);
  const [event] = (await byAuditId(String(answer.headers['audit-id']))) as [Event];
  assert.equal(event.responseStatus?.reason, 'NotFound');
  assert.equal((event.responseObject as { kind?: string; code?: number } | undefined)?.kind, 'Status');
  assert.equal((event.responseObject as { code?: number }).code, 404);
});

test('a list at RequestResponse: the list is the response object, its items without managedFields', async () => {
  const answer = await client.request('GET', '/api/v1/namespaces/default/configmaps');
  assert.equal(answer.status, 200);
  const [event] = (await byAuditId(String(answer.headers['audit-id']))) as [Event];
  const list = event.responseObject as { kind?: string; items?: { metadata: Record<string, unknown> }[] };
  assert.equal(list.kind, 'ConfigMapList');
  assert.ok(list.items?.some((item) => item.metadata['name'] === 'audited'));
  assert.ok(list.items?.every((item) => item.metadata['managedFields'] === undefined));
});

test('an impersonated request refused: Metadata level, the impersonated user, the Status of the 403', async () => {
  const answer = await client.request('GET', '/api/v1/secrets', { headers: { 'Impersonate-User': 'mallory' } });
  assert.equal(answer.status, 403);
  const [event] = (await byAuditId(String(answer.headers['audit-id']))) as [Event];
  assert.equal(event.level, 'Metadata');
  assert.equal(event.user.username, 'kubernetes-admin');
  assert.equal(event.impersonatedUser?.username, 'mallory');
  assert.equal(event.responseStatus?.code, 403);
  assert.equal(event.responseStatus?.reason, 'Forbidden');
  assert.equal(event.requestObject, undefined);
  assert.equal(event.annotations?.['authorization.k8s.io/decision'], 'forbid');
});

test('a watch gets ResponseStarted when its head is written, then ResponseComplete', async () => {
  const answer = await client.request('GET', '/api/v1/namespaces/default/pods?watch=1&timeoutSeconds=1');
  const stages = (await byAuditId(String(answer.headers['audit-id']))).map((e) => e.stage);
  assert.deepEqual(stages, ['ResponseStarted', 'ResponseComplete']);
});

test('level None records nothing: health checks are not in the log', async () => {
  const answer = await client.request('GET', '/healthz');
  assert.equal(answer.status, 200);
  await byAuditId(String((await client.request('GET', '/api/v1/namespaces/default')).headers['audit-id']));
  assert.equal((await events()).filter((e) => e.auditID === answer.headers['audit-id']).length, 0);
});

test('admission annotates the events: PodSecurity names the enforced policy and what audit would refuse', async () => {
  await cluster.kubectl(['label', 'namespace', 'default', 'pod-security.kubernetes.io/enforce=baseline', 'pod-security.kubernetes.io/audit=restricted']);
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'audited-pod' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  const answer = await client.request('POST', '/api/v1/namespaces/default/pods', { body });
  assert.equal(answer.status, 201, answer.body);
  const [event] = (await byAuditId(String(answer.headers['audit-id']))) as [Event];
  assert.equal(event.annotations?.['pod-security.kubernetes.io/enforce-policy'], 'baseline:latest');
  assert.match(event.annotations?.['pod-security.kubernetes.io/audit-violations'] ?? '', /^would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false/);
});

test('a refused credential: one ResponseStarted event with no user, naming the methods tried', async () => {
  const answer = await client.request('GET', '/api/v1/namespaces', { anonymous: true, headers: { Authorization: 'Bearer not-a-token' } });
  assert.equal(answer.status, 401);
  const event = await eventually(async () => (await events()).find((e) => e.auditID === answer.headers['audit-id']), 'the event');
  assert.equal(event.stage, 'ResponseStarted');
  assert.deepEqual(event.user, {});
  assert.deepEqual(event.responseStatus, { metadata: {}, message: 'Authentication failed, attempted: bearer', code: 401 });
});

test('truncation (--audit-log-truncate-*): a large event loses its objects and says so; batch mode writes each event as it comes', async () => {
  const truncatedLog = join(dir, 'truncated', 'audit.log');
  const small = await startCluster({ audit: { policyFile: join(dir, 'policy.yaml'), logPath: truncatedLog, logMode: 'batch', logBatch: { bufferSize: 10_000, maxBatchSize: 1, maxBatchWaitMs: 0 }, logTruncate: { maxEventSize: 4_096, maxBatchSize: 10 * 1024 * 1024 } } });
  try {
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'large' }, data: { blob: 'x'.repeat(8_000) } });
    const answer = await rawClient(small.server.kubeconfig).request('POST', '/api/v1/namespaces/default/configmaps', { body });
    assert.equal(answer.status, 201);
    const id = String(answer.headers['audit-id']);
    const event = await eventually(async () => (await readFile(truncatedLog, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as Event).find((e) => e.auditID === id && e.stage === 'ResponseComplete'), 'the truncated event');
    assert.equal(event.level, 'RequestResponse');
    assert.equal(event.requestObject, undefined);
    assert.equal(event.responseObject, undefined);
    assert.equal(event.annotations?.['audit.k8s.io/truncated'], 'true');
    assert.equal(event.objectRef?.['name'], 'large');
  } finally {
    await small.stop();
  }
});
