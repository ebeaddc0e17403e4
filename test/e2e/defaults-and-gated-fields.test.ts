// Defaults and gated fields as 1.25 applies them: writes to a status subresource are defaulted as upstream
// defaults every decoded body (SetDefaults_NodeStatus, SetDefaults_NamespaceStatus); a LimitRange's Container
// items get their default limits and requests; pod fields of gates that are off are dropped (dropDisabledFields).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';

const env = useCluster();
const MERGE = 'application/merge-patch+json';

test("a Node's status written without allocatable gets it from capacity", async () => {
  assert.equal((await env.client.request('POST', '/api/v1/nodes', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }) })).status, 201);
  const patched = await env.client.request('PATCH', '/api/v1/nodes/n1/status', { contentType: MERGE, body: JSON.stringify({ status: { capacity: { cpu: '4', memory: '8Gi' } } }) });
  assert.equal(patched.status, 200, patched.body);
  assert.deepEqual((patched.json() as { status: { allocatable: unknown } }).status.allocatable, { cpu: '4', memory: '8Gi' });
  const read = (await env.client.request('GET', '/api/v1/nodes/n1')).json() as { status: { allocatable: unknown } };
  assert.deepEqual(read.status.allocatable, { cpu: '4', memory: '8Gi' });
});

test("a Namespace's status written without a phase is Active again", async () => {
  assert.equal((await env.client.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'phase-less' } }) })).status, 201);
  const patched = await env.client.request('PATCH', '/api/v1/namespaces/phase-less/status', { contentType: MERGE, body: JSON.stringify({ status: { phase: null } }) });
  assert.equal(patched.status, 200, patched.body);
  assert.equal((patched.json() as { status: { phase: string } }).status.phase, 'Active');
});

test('a LimitRange gets default limits from max and default requests from the default or min', async () => {
  const body = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits' }, spec: { limits: [{ type: 'Container', max: { memory: '1Gi' }, min: { cpu: '10m' } }] } };
  const created = await env.client.request('POST', '/api/v1/namespaces/default/limitranges', { body: JSON.stringify(body) });
  assert.equal(created.status, 201, created.body);
  const [item] = (created.json() as { spec: { limits: Array<Record<string, unknown>> } }).spec.limits;
  assert.deepEqual(item, { type: 'Container', max: { memory: '1Gi' }, min: { cpu: '10m' }, default: { memory: '1Gi' }, defaultRequest: { cpu: '10m', memory: '1Gi' } });
});

test("pod fields of 1.25's disabled gates are dropped from pods and templates, as upstream's dropDisabledFields", async () => {
  const spec = {
    hostUsers: false,
    containers: [{ name: 'c', image: 'busybox', securityContext: { procMount: 'Unmasked' } }],
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'a' } }, minDomains: 2, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', matchLabelKeys: ['app'] }],
  };
  const expected = (body: { hostUsers?: boolean; containers: Array<{ securityContext?: { procMount?: string } }>; topologySpreadConstraints: Array<Record<string, unknown>> }): void => {
    assert.equal(body.hostUsers, undefined);
    assert.equal(body.containers[0]?.securityContext?.procMount, 'Default');
    assert.deepEqual(Object.keys(body.topologySpreadConstraints[0] ?? {}).sort(), ['labelSelector', 'maxSkew', 'topologyKey', 'whenUnsatisfiable']);
  };
  const pod = await env.client.request('POST', '/api/v1/namespaces/default/pods', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'gated' }, spec }) });
  assert.equal(pod.status, 201, pod.body);
  expected((pod.json() as { spec: Parameters<typeof expected>[0] }).spec);
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'gated' },
    spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec } },
  };
  const created = await env.client.request('POST', '/apis/apps/v1/namespaces/default/deployments', { body: JSON.stringify(deployment) });
  assert.equal(created.status, 201, created.body);
  expected((created.json() as { spec: { template: { spec: Parameters<typeof expected>[0] } } }).spec.template.spec);
});
