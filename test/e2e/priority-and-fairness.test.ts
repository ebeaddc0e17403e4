// API Priority and Fairness (1-conventions, Limits; 3-resources, FlowSchema and PriorityLevelConfiguration):
// every response names its FlowSchema and priority level; a Limited level refuses (Reject) or queues (Queue)
// past its concurrency limit, ceil(600 × shares / sum of shares); a watch gives its seat back once set up.
// A list for a resourceVersion far ahead waits 3 s for it (then 504): that holds a seat for the tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster, useCluster } from './support/cluster.js';
import type { RawResponse } from './support/raw-client.js';
import { startServer } from '../../src/server/start-server.js';

const env = useCluster();
const FLOWCONTROL = '/apis/flowcontrol.apiserver.k8s.io/v1beta2';

const as = (user: string, groups: string[] = ['system:authenticated']): Record<string, string> =>
  ({ 'Impersonate-User': user, ...Object.fromEntries(groups.map((g, i) => [i === 0 ? 'Impersonate-Group' : `impersonate-group-${i}`, g])) });
const uidOf = async (path: string): Promise<string> => ((await env.client.request('GET', path)).json() as { metadata: { uid: string } }).metadata.uid;
const headersOf = (answer: RawResponse) => [answer.headers['x-kubernetes-pf-flowschema-uid'], answer.headers['x-kubernetes-pf-prioritylevel-uid']];

/** A Limited level of one share (3 of 600 seats) and a FlowSchema sending `user`'s requests to it. */
async function levelFor(user: string, limitResponse: Record<string, unknown>): Promise<{ fsUid: string; plUid: string }> {
  const name = `only-${user}`;
  const create = async (path: string, body: unknown) => {
    const answer = await env.client.request('POST', path, { body: JSON.stringify(body) });
    assert.equal(answer.status, 201, answer.body);
    return (answer.json() as { metadata: { uid: string } }).metadata.uid;
  };
  const plUid = await create(`${FLOWCONTROL}/prioritylevelconfigurations`, {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'PriorityLevelConfiguration', metadata: { name },
    spec: { type: 'Limited', limited: { assuredConcurrencyShares: 1, limitResponse } },
  });
  const fsUid = await create(`${FLOWCONTROL}/flowschemas`, {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'FlowSchema', metadata: { name },
    spec: { priorityLevelConfiguration: { name }, matchingPrecedence: 100, rules: [{ subjects: [{ kind: 'User', user: { name: user } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true }] }] },
  });
  await env.cluster.kubectl(['create', 'clusterrolebinding', `${user}-view`, '--clusterrole=view', `--user=${user}`]);
  // The configuration follows the objects: wait until the user's requests are classified to the new level.
  await eventually(async () => ((await env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as(user) })).headers['x-kubernetes-pf-prioritylevel-uid'] === plUid ? true : undefined), 'the new level in effect');
  return { fsUid, plUid };
}

/** `count` requests of `user` that each hold a seat for ~3 s. */
async function holdSeats(user: string, count: number): Promise<Promise<RawResponse>[]> {
  const current = Number(((await env.client.request('GET', '/api/v1/namespaces/default/configmaps')).json() as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
  const path = `/api/v1/namespaces/default/configmaps?resourceVersion=${current + 1_000_000}&resourceVersionMatch=NotOlderThan`;
  const held = Array.from({ length: count }, () => env.client.request('GET', path, { headers: as(user) }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return held;
}

async function rejections(user: string, reason: string): Promise<number> {
  const metrics = (await env.client.request('GET', '/metrics')).body;
  const line = metrics.split('\n').find((l) => l.startsWith(`apiserver_flowcontrol_rejected_requests_total{flow_schema="only-${user}",priority_level="only-${user}",reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('every response names the FlowSchema and priority level of its request, refusals too', async () => {
  // The bootstrap objects are made just after the start; until then the mandatory ones are imagined, without UIDs.
  const admin = await eventually(async () => {
    const answer = await env.client.request('GET', '/api/v1/namespaces');
    return answer.headers['x-kubernetes-pf-flowschema-uid'] ? answer : undefined;
  }, 'the exempt FlowSchema made');
  assert.deepEqual(headersOf(admin), [await uidOf(`${FLOWCONTROL}/flowschemas/exempt`), await uidOf(`${FLOWCONTROL}/prioritylevelconfigurations/exempt`)]);
  const forbidden = await env.client.request('GET', '/api/v1/namespaces', { headers: as('alice') });
  assert.equal(forbidden.status, 403);
  assert.deepEqual(headersOf(forbidden), [await uidOf(`${FLOWCONTROL}/flowschemas/global-default`), await uidOf(`${FLOWCONTROL}/prioritylevelconfigurations/global-default`)]);
  const limits = (await env.client.request('GET', '/metrics')).body;
  assert.match(limits, /^apiserver_flowcontrol_request_concurrency_limit\{priority_level="workload-low"\} 245$/m);
  assert.match(limits, /^apiserver_flowcontrol_dispatched_requests_total\{flow_schema="global-default",priority_level="global-default"\} [1-9]/m);
});

test('a Reject level past its limit answers 429 with Retry-After: 1; watches hold no seat once set up', async () => {
  await levelFor('eve', { type: 'Reject' });
  // Three watches, set up and open: their seats are back.
  const watches = await Promise.all([1, 2, 3].map(() => env.client.request('GET', '/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=4', { headers: as('eve') })));
  assert.equal((await env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('eve') })).status, 200);
  const held = await holdSeats('eve', 3);
  const refused = await env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('eve') });
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '1');
  assert.equal(refused.body, 'Too many requests, please try again later.\n');
  assert.deepEqual((await Promise.all(held)).map((a) => a.status), [504, 504, 504]);
  assert.equal((await env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('eve') })).status, 200);
  assert.equal(await rejections('eve', 'concurrency-limit'), 1);
  assert.deepEqual(watches.map((w) => w.status), [200, 200, 200]);
});

test('a Queue level queues past its limit until a seat frees, and refuses a full queue', async () => {
  await levelFor('frank', { type: 'Queue', queuing: { queues: 1, handSize: 1, queueLengthLimit: 1 } });
  const held = await holdSeats('frank', 3);
  const started = Date.now();
  const queued = env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('frank') });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const full = await env.client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('frank') });
  assert.equal(full.status, 429);
  const answer = await queued;
  assert.equal(answer.status, 200);
  assert.ok(Date.now() - started > 1500, 'the queued request waited for a seat');
  await Promise.all(held);
  assert.equal(await rejections('frank', 'queue-full'), 1);
});

test('--enable-priority-and-fairness=false restores the in-flight limits; the limits must add up to something positive', async () => {
  const cluster = await startCluster({ enablePriorityAndFairness: false });
  try {
    const { rawClient } = await import('./support/raw-client.js');
    const answer = await rawClient(cluster.server.kubeconfig).request('GET', '/api/v1/namespaces');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['x-kubernetes-pf-flowschema-uid'], undefined);
  } finally {
    await cluster.stop();
  }
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, maxRequestsInflight: 0, maxMutatingRequestsInflight: 0 }),
    /invalid configuration: MaxRequestsInFlight=0 and MaxMutatingRequestsInFlight=0; they must add up to something positive/);
});

test('the bootstrap configuration is in place when the start returns: a burst of an ordinary user right away meets global-default, not catch-all', async () => {
  const server = await startServer({ storage: 'memory', securePort: 0 });
  try {
    const { rawClient } = await import('./support/raw-client.js');
    const client = rawClient(server.kubeconfig);
    const schemas = (await client.request('GET', `${FLOWCONTROL}/flowschemas`)).json() as { items: { metadata: { name: string } }[] };
    assert.ok(schemas.items.some((fs) => fs.metadata.name === 'global-default'), 'the suggested FlowSchemas exist');
    // 40 at once: more than catch-all's 13 seats, far fewer than global-default's 49 seats and queues.
    const answers = await Promise.all(Array.from({ length: 40 }, () => client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: as('burst-user', ['system:authenticated']) })));
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [403], 'refused by RBAC, never 429 by priority and fairness');
  } finally {
    await server.stop();
  }
});
