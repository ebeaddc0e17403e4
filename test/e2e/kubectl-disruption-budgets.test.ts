// PodDisruptionBudgets through kubectl, and the pod eviction subresource honouring them: a budget's
// status is written by the test itself (no disruption controller runs), then evictions are refused with
// 429 while it allows no disruption and allowed (decrementing it) once it does.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

type Json = Record<string, unknown>;
const PDBS = '/apis/policy/v1/namespaces/default/poddisruptionbudgets';

const pod = (name: string): string =>
  JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'x' } }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] } });
const eviction = (name: string): string => JSON.stringify({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' } });

describe('kubectl, PodDisruptionBudgets and evictions', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
  });
  after(() => c.stop());

  /** The budget's status, as a disruption controller would write it. */
  async function setBudgetStatus(name: string, status: Json): Promise<void> {
    const current = (await raw.request('GET', `${PDBS}/${name}`)).json() as Json;
    const generation = (current['metadata'] as Json)['generation'];
    const body = JSON.stringify({ ...current, status: { observedGeneration: generation, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2, ...status } });
    const answer = await raw.request('PUT', `${PDBS}/${name}/status`, { body });
    assert.equal(answer.status, 200, answer.body);
  }

  /** A running, ready pod labelled app=x (its status as a kubelet would write it). */
  async function runningPod(name: string): Promise<void> {
    await c.kubectl(['create', '-f', '-'], { input: pod(name) });
    const status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    const answer = await raw.request('PATCH', `/api/v1/namespaces/default/pods/${name}/status`, { body: JSON.stringify({ status }), contentType: 'application/merge-patch+json' });
    assert.equal(answer.status, 200, answer.body);
  }

  const evict = (name: string) => raw.request('POST', `/api/v1/namespaces/default/pods/${name}/eviction`, { body: eviction(name) });

  test('kubectl create poddisruptionbudget and kubectl get pdb', async () => {
    assert.match(await c.kubectl(['create', 'poddisruptionbudget', 'p', '--selector=app=x', '--min-available=1']), /poddisruptionbudget.policy\/p created/);
    const pdb = JSON.parse(await c.kubectl(['get', 'pdb', 'p', '-o', 'json'])) as Json;
    assert.deepEqual(pdb['spec'], { minAvailable: 1, selector: { matchLabels: { app: 'x' } } });
    assert.deepEqual(pdb['status'], { currentHealthy: 0, desiredHealthy: 0, disruptionsAllowed: 0, expectedPods: 0 });
    assert.equal((pdb['metadata'] as Json)['generation'], 1);
    const table = await c.kubectl(['get', 'pdb']);
    assert.match(table, /^NAME\s+MIN AVAILABLE\s+MAX UNAVAILABLE\s+ALLOWED DISRUPTIONS\s+AGE\n/);
    assert.match(table, /\np\s+1\s+N\/A\s+0\s+\S+\n/);
    assert.match(await c.kubectl(['describe', 'pdb', 'p']), /Min available:\s+1\n/);
  });

  test('validation: minAvailable and maxUnavailable are exclusive', async () => {
    const result = await c.kubectlResult(['create', 'poddisruptionbudget', 'both', '--selector=app=x', '--min-available=1', '--max-unavailable=1']);
    // kubectl refuses this itself; the server says the same through a manifest.
    assert.notEqual(result.code, 0);
    const body = JSON.stringify({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'both' }, spec: { minAvailable: 1, maxUnavailable: '150%' } });
    const answer = await raw.request('POST', PDBS, { body });
    assert.equal(answer.status, 422);
    assert.equal(
      (answer.json() as Json)['message'],
      'PodDisruptionBudget.policy "both" is invalid: [spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000000000), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000000000)}: minAvailable and maxUnavailable cannot be both set, spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"150%"}: must not be greater than 100%]',
    );
  });

  test('eviction refused with 429 while the budget allows no disruption', async () => {
    await runningPod('x1');
    await runningPod('x2');
    await setBudgetStatus('p', { disruptionsAllowed: 0 });
    const answer = await evict('x1');
    assert.equal(answer.status, 429, answer.body);
    const status = answer.json() as Json;
    assert.equal(status['reason'], 'TooManyRequests');
    assert.equal(status['message'], "Cannot evict pod as it would violate the pod's disruption budget.");
    assert.deepEqual((status['details'] as Json)['causes'], [{ reason: 'DisruptionBudget', message: 'The disruption budget p needs 1 healthy pods and has 2 currently' }]);
    assert.match(await c.kubectl(['get', 'pod', 'x1', '-o', 'name']), /pod\/x1/);
  });

  test('eviction refused with 429 while the budget status lags its generation', async () => {
    await c.kubectl(['patch', 'pdb', 'p', '--type=merge', '-p', '{"spec":{"minAvailable":2}}']);
    const answer = await evict('x1');
    assert.equal(answer.status, 429, answer.body);
    assert.deepEqual(((answer.json() as Json)['details'] as Json)['causes'], [{ reason: 'DisruptionBudget', message: 'The disruption budget p is still being processed by the server.' }]);
  });

  test('eviction allowed once the budget allows it: the pod goes, the budget is decremented', async () => {
    await setBudgetStatus('p', { disruptionsAllowed: 1 });
    const answer = await evict('x1');
    assert.equal(answer.status, 201, answer.body);
    assert.deepEqual(answer.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
    const pdb = JSON.parse(await c.kubectl(['get', 'pdb', 'p', '-o', 'json'])) as Json;
    const status = pdb['status'] as Json;
    assert.equal(status['disruptionsAllowed'], 0);
    assert.deepEqual(Object.keys(status['disruptedPods'] as Json), ['x1']);
    // Graceful deletion started (a pod on a node waits for its kubelet).
    const x1 = JSON.parse(await c.kubectl(['get', 'pod', 'x1', '-o', 'json'])) as Json;
    assert.ok((x1['metadata'] as Json)['deletionTimestamp']);
    assert.equal((await evict('x2')).status, 429);
  });
});
