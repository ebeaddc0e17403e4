// A chart's rendered output through kubectl, as a user keeps it in git (issue 12): `apply -f` of the set,
// `apply` of a changed version (client-side), `apply --server-side` of it, `diff`, then `delete -f`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chartManifests } from './support/chart.js';
import { startCluster, type TestCluster } from './support/cluster.js';

let c: TestCluster;
before(async () => {
  c = await startCluster();
  await c.kubectl(['create', 'namespace', 'shop']);
});
after(() => c?.stop());

const KINDS = [
  'serviceaccount/web',
  'configmap/web-config',
  'service/web',
  'deployment.apps/web',
  'horizontalpodautoscaler.autoscaling/web',
  'poddisruptionbudget.policy/web',
  'networkpolicy.networking.k8s.io/web',
  'ingress.networking.k8s.io/web',
];

const apply = (manifests: string, ...flags: string[]): Promise<string> => c.kubectl(['apply', '-n', 'shop', ...flags, '-f', '-'], { input: manifests });

test('apply -f creates every object of the chart', async () => {
  const out = await apply(chartManifests({ tag: '1.25.0', replicas: 2, greeting: 'hello' }));
  for (const kind of KINDS) assert.match(out, new RegExp(`^${kind.replace('.', '\\.')} created$`, 'm'), out);
  const deployment = JSON.parse(await c.kubectl(['get', 'deploy', 'web', '-n', 'shop', '-o', 'json'])) as {
    metadata: { annotations: Record<string, string>; generation: number };
    spec: { replicas: number; revisionHistoryLimit: number; progressDeadlineSeconds: number; strategy: { rollingUpdate: { maxSurge: string } } };
  };
  assert.ok(deployment.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']);
  assert.equal(deployment.spec.replicas, 2);
  assert.equal(deployment.spec.revisionHistoryLimit, 10);
  assert.equal(deployment.spec.progressDeadlineSeconds, 600);
  assert.equal(deployment.spec.strategy.rollingUpdate.maxSurge, '25%');
  assert.match(await c.kubectl(['get', 'all', '-n', 'shop']), /deployment\.apps\/web/);
});

test('apply -f of a changed version configures what changed and leaves the rest', async () => {
  const out = await apply(chartManifests({ tag: '1.25.1', replicas: 2, greeting: 'hi' }));
  assert.match(out, /^deployment\.apps\/web configured$/m, out);
  assert.match(out, /^configmap\/web-config configured$/m, out);
  assert.match(out, /^service\/web unchanged$/m, out);
  assert.match(out, /^ingress\.networking\.k8s\.io\/web unchanged$/m, out);
  const image = await c.kubectl(['get', 'deploy', 'web', '-n', 'shop', '-o', 'jsonpath={.spec.template.spec.containers[0].image}']);
  assert.equal(image, 'nginx:1.25.1');
  assert.equal(await c.kubectl(['get', 'cm', 'web-config', '-n', 'shop', '-o', 'jsonpath={.data.greeting}']), 'hi');
  assert.equal(await c.kubectl(['get', 'deploy', 'web', '-n', 'shop', '-o', 'jsonpath={.metadata.generation}']), '2');
});

test('apply --server-side takes over the same objects', async () => {
  const out = await apply(chartManifests({ tag: '1.25.1', replicas: 3, greeting: 'hi' }), '--server-side');
  for (const kind of KINDS) assert.match(out, new RegExp(`^${kind.replace('.', '\\.')} serverside-applied$`, 'm'), out);
  // kubectl (1.26+) moves the client-side apply's ownership to its server-side manager first, so the
  // changed replicas do not conflict with `kubectl-client-side-apply`.
  const entries = JSON.parse(await c.kubectl(['get', 'deploy', 'web', '-n', 'shop', '--show-managed-fields', '-o', 'jsonpath={.metadata.managedFields}'])) as Array<{ manager: string; operation: string }>;
  assert.ok(entries.some((e) => e.manager === 'kubectl' && e.operation === 'Apply'), JSON.stringify(entries));
  assert.equal(await c.kubectl(['get', 'deploy', 'web', '-n', 'shop', '-o', 'jsonpath={.spec.replicas}']), '3');
});

test('diff shows a pending change and nothing for what is applied', async () => {
  const same = await c.kubectlResult(['diff', '-n', 'shop', '--server-side', '-f', '-'], { input: chartManifests({ tag: '1.25.1', replicas: 3, greeting: 'hi' }) });
  assert.equal(same.code, 0, same.stderr + same.stdout);
  const changed = await c.kubectlResult(['diff', '-n', 'shop', '--server-side', '-f', '-'], { input: chartManifests({ tag: '1.26.0', replicas: 3, greeting: 'hi' }) });
  assert.equal(changed.code, 1, changed.stderr);
  // The container's first field sorts first in its list item: `- image: ...`.
  assert.match(changed.stdout, /^-\s+- image: nginx:1\.25\.1$/m);
  assert.match(changed.stdout, /^\+\s+- image: nginx:1\.26\.0$/m);
});

test('delete -f removes every object of the chart', async () => {
  const out = await c.kubectl(['delete', '-n', 'shop', '-f', '-'], { input: chartManifests({ tag: '1.25.1', replicas: 3, greeting: 'hi' }) });
  // kubectl names deleted objects `<kind> "<name>" deleted`.
  for (const ref of KINDS) {
    const [kind = '', name = ''] = ref.split('/');
    assert.match(out, new RegExp(`^${kind.replaceAll('.', '\\.')} "${name}" deleted$`, 'm'), out);
  }
  const left = await c.kubectl(['get', 'deploy,svc,cm,ing,hpa,pdb,netpol,sa', '-n', 'shop', '-o', 'name']);
  assert.doesNotMatch(left, /web/);
});
