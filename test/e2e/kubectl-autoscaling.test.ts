// HorizontalPodAutoscalers through kubectl: `kubectl autoscale`, the three served versions over one
// storage (v1's round-trip annotations, v2beta2's deprecation warning), and the table. Versions are
// named with the full resource (`horizontalpodautoscalers.v1.autoscaling`): kubectl drops the version of a
// short name (`hpa.v1.autoscaling` reads the preferred v2), whatever the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const RC = JSON.stringify({
  apiVersion: 'v1',
  kind: 'ReplicationController',
  metadata: { name: 'web' },
  spec: { replicas: 1, selector: { app: 'web' }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

const V2_HPA = JSON.stringify({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'multi' },
  spec: {
    scaleTargetRef: { apiVersion: 'v1', kind: 'ReplicationController', name: 'web' },
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
      { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '100' } } },
      { type: 'Resource', resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '512Mi' } } },
    ],
    behavior: { scaleDown: { stabilizationWindowSeconds: 60 } },
  },
});

type Json = Record<string, unknown>;

/** The value at `path` inside a decoded JSON document. */
const at = (value: unknown, ...path: (string | number)[]): unknown => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);

describe('kubectl and HorizontalPodAutoscalers', () => {
  let c: TestCluster;
  let raw: RawClient;
  before(async () => {
    c = await startCluster();
    raw = rawClient(await readFile(c.server.kubeconfigPath, 'utf8'));
    await c.kubectl(['create', '-f', '-'], { input: RC });
  });
  after(() => c.stop());

  const getJson = async (args: string[]): Promise<Json> => JSON.parse(await c.kubectl([...args, '-o', 'json'])) as Json;

  test('kubectl autoscale deployment: the HPA targets the deployment, readable in all three versions', async () => {
    await c.kubectl(['create', 'deployment', 'shop', '--image=nginx', '--replicas=2']);
    assert.match(await c.kubectl(['autoscale', 'deployment', 'shop', '--max=5']), /horizontalpodautoscaler.autoscaling\/shop autoscaled/);
    for (const resource of ['horizontalpodautoscalers.v1.autoscaling', 'horizontalpodautoscalers.v2.autoscaling', 'horizontalpodautoscalers.v2beta2.autoscaling']) {
      const hpa = JSON.parse(await c.kubectl(['get', resource, 'shop', '-o', 'json'])) as Json;
      assert.deepEqual(at(hpa, 'spec', 'scaleTargetRef'), { apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop' }, resource);
      assert.equal(at(hpa, 'spec', 'maxReplicas'), 5, resource);
    }
    assert.match(await c.kubectl(['get', 'hpa', 'shop']), /^shop\s+Deployment\/shop\s+<unknown>\/80%\s+1\s+5\s+0\s+/m);
  });

  test('kubectl autoscale rc: a v2 HPA with the CPU default, shown by kubectl get hpa', async () => {
    assert.match(await c.kubectl(['autoscale', 'rc', 'web', '--max=5']), /horizontalpodautoscaler.autoscaling\/web autoscaled/);
    const hpa = await getJson(['get', 'hpa', 'web']);
    assert.equal(at(hpa, 'apiVersion'), 'autoscaling/v2');
    assert.deepEqual(at(hpa, 'spec'), {
      maxReplicas: 5,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }],
      minReplicas: 1,
      scaleTargetRef: { apiVersion: 'v1', kind: 'ReplicationController', name: 'web' },
    });
    const table = await c.kubectl(['get', 'hpa', 'web']);
    assert.match(table, /^NAME\s+REFERENCE\s+TARGETS\s+MINPODS\s+MAXPODS\s+REPLICAS\s+AGE\n/);
    assert.match(table, /\nweb\s+ReplicationController\/web\s+<unknown>\/80%\s+1\s+5\s+0\s+\S+\n/);
  });

  test('one object, three versions: v1 carries the rest in annotations, v2beta2 warns', async () => {
    await c.kubectl(['create', '-f', '-'], { input: V2_HPA });
    const v1 = await getJson(['get', 'horizontalpodautoscalers.v1.autoscaling', 'multi']);
    assert.equal(at(v1, 'apiVersion'), 'autoscaling/v1');
    assert.equal(at(v1, 'spec', 'targetCPUUtilizationPercentage'), 60);
    const annotations = at(v1, 'metadata', 'annotations') as Record<string, string>;
    assert.deepEqual(JSON.parse(annotations['autoscaling.alpha.kubernetes.io/metrics']!), [
      { type: 'Pods', pods: { metricName: 'qps', targetAverageValue: '100' } },
      { type: 'Resource', resource: { name: 'memory', targetAverageValue: '512Mi' } },
    ]);
    assert.deepEqual(JSON.parse(annotations['autoscaling.alpha.kubernetes.io/behavior']!), {
      ScaleUp: { StabilizationWindowSeconds: 0, SelectPolicy: 'Max', Policies: [{ Type: 'Pods', Value: 4, PeriodSeconds: 15 }, { Type: 'Percent', Value: 100, PeriodSeconds: 15 }] },
      ScaleDown: { StabilizationWindowSeconds: 60, SelectPolicy: 'Max', Policies: [{ Type: 'Percent', Value: 100, PeriodSeconds: 15 }] },
    });
    const v2 = await getJson(['get', 'horizontalpodautoscalers.v2.autoscaling', 'multi']);
    assert.equal(at(v2, 'metadata', 'annotations'), undefined);
    assert.equal((at(v2, 'spec', 'metrics') as unknown[]).length, 3);
    const beta = await c.kubectlResult(['get', 'horizontalpodautoscalers.v2beta2.autoscaling', 'multi', '-o', 'json']);
    assert.equal(beta.code, 0, beta.stderr);
    assert.match(beta.stderr, /Warning: autoscaling\/v2beta2 HorizontalPodAutoscaler is deprecated in v1\.23\+, unavailable in v1\.26\+; use autoscaling\/v2 HorizontalPodAutoscaler/);
    const v2beta2 = JSON.parse(beta.stdout) as Json;
    assert.equal(at(v2beta2, 'apiVersion'), 'autoscaling/v2beta2');
    assert.deepEqual(at(v2beta2, 'spec'), at(v2, 'spec'));
    assert.match(await c.kubectl(['get', 'hpa', 'multi']), /\nmulti\s+ReplicationController\/web\s+<unknown>\/60%, <unknown>\/100 \+ 1 more\.\.\.\s+2\s+10\s+0\s/);
  });

  test('a v1 round trip keeps what only v2 says (kubectl replace through v1)', async () => {
    const v1 = await getJson(['get', 'horizontalpodautoscalers.v1.autoscaling', 'multi']);
    (at(v1, 'spec') as Json)['maxReplicas'] = 12;
    await c.kubectl(['replace', '-f', '-'], { input: JSON.stringify(v1) });
    const v2 = await getJson(['get', 'horizontalpodautoscalers.v2.autoscaling', 'multi']);
    assert.equal(at(v2, 'spec', 'maxReplicas'), 12);
    assert.deepEqual(
      (at(v2, 'spec', 'metrics') as Json[]).map((m) => `${String(m['type'])}:${String(at(m, 'resource', 'name') ?? at(m, 'pods', 'metric', 'name'))}`),
      // upstream's v1 conversion puts the CPU target after the annotation's metrics
      ['Pods:qps', 'Resource:memory', 'Resource:cpu'],
    );
    assert.equal(at(v2, 'spec', 'behavior', 'scaleDown', 'stabilizationWindowSeconds'), 60);
  });

  test('status through v2 appears in v1 as currentCPUUtilizationPercentage, conditions in annotations', async () => {
    const status = {
      currentReplicas: 3,
      desiredReplicas: 4,
      currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 55, averageValue: '120m' } } }],
      conditions: [{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', lastTransitionTime: '2024-01-01T00:00:00Z' }],
    };
    const patched = await raw.request('PATCH', '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web/status', {
      body: JSON.stringify({ status }),
      contentType: 'application/merge-patch+json',
    });
    assert.equal(patched.status, 200, patched.body);
    const v1 = await getJson(['get', 'horizontalpodautoscalers.v1.autoscaling', 'web']);
    assert.deepEqual(at(v1, 'status'), { currentReplicas: 3, desiredReplicas: 4, currentCPUUtilizationPercentage: 55 });
    const annotations = at(v1, 'metadata', 'annotations') as Record<string, string>;
    assert.deepEqual(JSON.parse(annotations['autoscaling.alpha.kubernetes.io/conditions']!), [
      { type: 'AbleToScale', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z', reason: 'ReadyForNewScale' },
    ]);
    assert.deepEqual(JSON.parse(annotations['autoscaling.alpha.kubernetes.io/current-metrics']!), [
      { type: 'Resource', resource: { name: 'cpu', currentAverageUtilization: 55, currentAverageValue: '120m' } },
    ]);
    assert.match(await c.kubectl(['get', 'hpa', 'web']), /\nweb\s+ReplicationController\/web\s+55%\/80%\s+1\s+5\s+3\s/);
  });

  test('a v1 HPA: minReplicas and the 80% CPU target by default; status kept whole by a v1 update', async () => {
    const v1 = JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'old' }, spec: { scaleTargetRef: { kind: 'ReplicationController', name: 'web' }, maxReplicas: 4 } });
    const created = JSON.parse(await c.kubectl(['create', '-f', '-', '-o', 'json'], { input: v1 })) as Json;
    assert.deepEqual(at(created, 'spec'), { scaleTargetRef: { kind: 'ReplicationController', name: 'web' }, maxReplicas: 4, minReplicas: 1, targetCPUUtilizationPercentage: 80 });
    assert.deepEqual(at(created, 'status'), { currentReplicas: 0, desiredReplicas: 0 });
    const conditions = [{ type: 'AbleToScale', status: 'True', reason: 'ReadyForNewScale', lastTransitionTime: '2024-01-01T00:00:00Z' }];
    const path = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/old/status';
    assert.equal((await raw.request('PATCH', path, { body: JSON.stringify({ status: { conditions } }), contentType: 'application/merge-patch+json' })).status, 200);
    // A v1 client that drops the conditions annotation does not drop the conditions: status is not the main resource's.
    const current = await getJson(['get', 'horizontalpodautoscalers.v1.autoscaling', 'old']);
    delete (at(current, 'metadata', 'annotations') as Record<string, string>)['autoscaling.alpha.kubernetes.io/conditions'];
    (at(current, 'spec') as Json)['maxReplicas'] = 6;
    await c.kubectl(['replace', '-f', '-'], { input: JSON.stringify(current) });
    const stored = await getJson(['get', 'horizontalpodautoscalers.v2.autoscaling', 'old']);
    assert.equal(at(stored, 'spec', 'maxReplicas'), 6);
    assert.deepEqual(at(stored, 'status', 'conditions'), conditions);
    assert.match(await c.kubectl(['describe', 'hpa', 'old']), /Reference:\s+ReplicationController\/web/);
  });

  test('validation messages are upstream’s, at v2 paths whatever the version', async () => {
    const bad = JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name: 'bad' }, spec: { scaleTargetRef: { kind: 'ReplicationController', name: 'web' }, minReplicas: 3, maxReplicas: 2, targetCPUUtilizationPercentage: 0 } });
    const result = await c.kubectlResult(['create', '-f', '-'], { input: bad });
    assert.notEqual(result.code, 0);
    assert.match(
      result.stderr,
      /The HorizontalPodAutoscaler "bad" is invalid: \n\* spec\.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`\n\* spec\.metrics\[0\]\.resource\.target\.averageUtilization: Invalid value: 0: must be greater than 0/,
    );
  });

  test('discovery: autoscaling/v2 preferred, v1 and v2beta2 served; short name hpa in category all', async () => {
    const group = (await raw.request('GET', '/apis/autoscaling')).json() as Json;
    assert.deepEqual(at(group, 'preferredVersion'), { groupVersion: 'autoscaling/v2', version: 'v2' });
    assert.deepEqual((at(group, 'versions') as Json[]).map((v) => v['version']), ['v2', 'v1', 'v2beta2']);
    const resources = (await raw.request('GET', '/apis/autoscaling/v2')).json() as Json;
    const hpa = (at(resources, 'resources') as Json[]).find((r) => r['name'] === 'horizontalpodautoscalers')!;
    assert.deepEqual(at(hpa, 'shortNames'), ['hpa']);
    assert.deepEqual(at(hpa, 'categories'), ['all']);
    assert.match(await c.kubectl(['get', 'all']), /horizontalpodautoscaler\.autoscaling\/web/);
  });
});
