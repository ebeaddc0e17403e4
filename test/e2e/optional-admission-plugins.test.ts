// The admission plugins kube-apiserver 1.25 leaves off, enabled through `enableAdmissionPlugins` (spec
// 2-access-control §Admission plugins), seen through kubectl on one server: AlwaysPullImages sets the pull policy
// of `kubectl run`'s pod, PodNodeSelector gives it the cluster default node selector from
// `--admission-control-config-file`, DenyServiceExternalIPs refuses `kubectl expose --external-ip`,
// NamespaceAutoProvision creates the namespace of a create, ExtendedResourceToleration makes a pod requesting a
// GPU tolerate its taint, LimitPodHardAntiAffinityTopology refuses a zone-wide required anti-affinity, and
// EventRateLimit refuses events over its namespace limits. NamespaceAutoProvision answers a refusal of the
// namespace it creates (a webhook's 403) as it is, and EventRateLimit refuses an empty configuration file at start.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/index.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { startAdmissionWebhook } from './support/admission-webhook.js';

let cluster: TestCluster;
let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-optional-admission-'));
  const config = join(dir, 'admission.yaml');
  await writeFile(config, [
    'apiVersion: apiserver.config.k8s.io/v1',
    'kind: AdmissionConfiguration',
    'plugins:',
    '- name: PodNodeSelector',
    '  configuration:',
    '    podNodeSelectorPluginConfig:',
    '      clusterDefaultNodeSelector: env=prod',
    '- name: EventRateLimit',
    '  configuration:',
    '    apiVersion: eventratelimit.admission.k8s.io/v1alpha1',
    '    kind: Configuration',
    '    limits:',
    '    - type: Namespace',
    '      qps: 1',
    '      burst: 2',
    // A second limit of the same type: both refuse the same key, with the same words.
    '    - type: Namespace',
    '      qps: 1',
    '      burst: 2',
    '',
  ].join('\n'));
  cluster = await startCluster({
    enableAdmissionPlugins: ['AlwaysPullImages', 'PodNodeSelector', 'EventRateLimit', 'DenyServiceExternalIPs', 'NamespaceAutoProvision', 'ExtendedResourceToleration', 'LimitPodHardAntiAffinityTopology'],
    admissionControlConfigFile: config,
  });
});
after(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface PodSpec {
  nodeSelector?: Record<string, string>;
  containers: Array<{ imagePullPolicy?: string }>;
  tolerations?: Array<Record<string, unknown>>;
}
const podSpec = async (name: string, namespace = 'default'): Promise<PodSpec> =>
  (JSON.parse(await cluster.kubectl(['get', 'pod', name, '-n', namespace, '-o', 'json'])) as { spec: PodSpec }).spec;

test('kubectl run: the pod pulls Always (AlwaysPullImages) and selects the cluster default nodes (PodNodeSelector)', async () => {
  await cluster.kubectl(['run', 'web', '--image=nginx', '--image-pull-policy=IfNotPresent']);
  const spec = await podSpec('web');
  assert.deepEqual(spec.containers.map((c) => c.imagePullPolicy), ['Always']);
  assert.deepEqual(spec.nodeSelector, { env: 'prod' });
  const conflict = await cluster.kubectlResult(['run', 'dev', '--image=nginx', '--overrides={"spec":{"nodeSelector":{"env":"dev"}}}']);
  assert.match(conflict.stderr, /Error from server \(Forbidden\): pods "dev" is forbidden: pod node label selector conflicts with its namespace node label selector/);
});

test('kubectl expose --external-ip is refused (DenyServiceExternalIPs); without it the service is created', async () => {
  const refused = await cluster.kubectlResult(['expose', 'pod', 'web', '--name=outside', '--port=80', '--external-ip=192.0.2.10']);
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /Error from server \(Forbidden\): services "outside" is forbidden: Use of external IPs is denied by admission control/);
  await cluster.kubectl(['expose', 'pod', 'web', '--name=inside', '--port=80']);
});

test('a create in a missing namespace creates it (NamespaceAutoProvision)', async () => {
  await cluster.kubectl(['create', 'configmap', 'settings', '-n', 'provisioned', '--from-literal=a=b']);
  assert.equal((await cluster.kubectl(['get', 'namespace', 'provisioned', '-o', 'jsonpath={.status.phase}'])).trim(), 'Active');
  assert.equal((await cluster.kubectl(['get', 'configmap', 'settings', '-n', 'provisioned', '-o', 'jsonpath={.data.a}'])).trim(), 'b');
});

test('a pod requesting a GPU tolerates its taint (ExtendedResourceToleration); zone-wide hard anti-affinity is refused', async () => {
  const gpuPod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'trainer' }, spec: { containers: [{ name: 'c', image: 'trainer', resources: { requests: { 'example.com/gpu': '1' }, limits: { 'example.com/gpu': '1' } } }] } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(gpuPod) });
  const tolerations = (await podSpec('trainer')).tolerations ?? [];
  assert.ok(tolerations.some((t) => t['key'] === 'example.com/gpu' && t['operator'] === 'Exists' && t['effect'] === 'NoSchedule'), JSON.stringify(tolerations));
  // A matching toleration with tolerationSeconds (which NoSchedule may not have) is replaced even beside an equal one,
  // as upstream's AddOrUpdateTolerationInPod does, so the pod passes validation.
  const gpu = { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' };
  const twice = { ...gpuPod, metadata: { name: 'trainer-2' }, spec: { ...gpuPod.spec, tolerations: [{ ...gpu, tolerationSeconds: 5 }, gpu] } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(twice) });
  assert.deepEqual((await podSpec('trainer-2')).tolerations?.filter((t) => t['key'] === gpu.key), [gpu, gpu]);
  const spread = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'spread', labels: { app: 's' } }, spec: { containers: [{ name: 'c', image: 'nginx' }],
    affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 's' } }, topologyKey: 'topology.kubernetes.io/zone' }] } } } };
  const refused = await cluster.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(spread) });
  assert.match(refused.stderr, /pods "spread" is forbidden: affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey topology.kubernetes.io\/zone but only key kubernetes.io\/hostname is allowed/);
});

test('EventRateLimit: events of a namespace past its burst are refused with 429, other namespaces unaffected', async () => {
  await cluster.kubectl(['create', 'namespace', 'noisy']);
  const event = (name: string) => JSON.stringify({
    apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'noisy' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'noisy' },
    reason: 'Test', message: 'm', type: 'Normal', source: { component: 'test' },
  });
  // One kubectl, four events in a row: far quicker than the bucket refills (one token a second).
  const list = JSON.stringify({ apiVersion: 'v1', kind: 'List', items: ['e1', 'e2', 'e3', 'e4'].map((name) => JSON.parse(event(name)) as unknown) });
  const result = await cluster.kubectlResult(['create', '-f', '-'], { input: list });
  assert.match(result.stdout, /event\/e1 created\nevent\/e2 created/);
  assert.match(result.stderr, /Error from server \(TooManyRequests\): .*Too many requests: limit reached on type Namespace for key noisy$/m);
  // The two limits' refusals read the same: upstream's aggregate prints the text once, without brackets.
  assert.doesNotMatch(result.stderr, /\[limit reached/);
  assert.equal((await cluster.kubectlResult(['create', '-f', '-'], { input: event('elsewhere').replace(/noisy/g, 'default') })).code, 0);
});

test('NamespaceAutoProvision: a refusal of the namespace it creates that is a 403 (a webhook\'s) is answered as it is', async () => {
  const denial = 'walled namespaces are not made here';
  const hook = await startAdmissionWebhook((review) => (review.request.object?.metadata?.name === 'walled' ? { allowed: false, status: { message: denial } } : undefined));
  try {
    await cluster.kubectl(['apply', '-f', '-'], {
      input: JSON.stringify({
        apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'guard-namespaces' },
        webhooks: [{
          name: 'deny.namespaces.example.com', clientConfig: { url: `${hook.url}/validate`, caBundle: hook.caBundle },
          rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['namespaces'] }], sideEffects: 'None', admissionReviewVersions: ['v1'],
        }],
      }),
    });
    await eventually(async () => ((await cluster.kubectlResult(['create', 'namespace', 'walled', '--dry-run=server'])).code !== 0 ? true : undefined), 'the validating webhook');
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'walled' }, data: { a: 'b' } };
    const refused = await cluster.kubectlResult(['create', '-f', '-'], { input: JSON.stringify(configMap) });
    assert.notEqual(refused.code, 0);
    // upstream admission.NewForbidden does not wrap a Forbidden: no `configmaps "settings" is forbidden: ` before it,
    // and the webhook's status as it is (no reason: kubectl names none).
    assert.match(refused.stderr, /Error from server: error when creating "STDIN": admission webhook "deny\.namespaces\.example\.com" denied the request: walled namespaces are not made here$/m);
    assert.match((await cluster.kubectlResult(['get', 'namespace', 'walled'])).stderr, /namespaces "walled" not found/);
  } finally {
    await cluster.kubectlResult(['delete', 'validatingwebhookconfiguration', 'guard-namespaces']);
    await hook.close();
  }
});

test('EventRateLimit: an empty configuration file has no kind, and the server refuses to start', async () => {
  const config = join(dir, 'empty-limits.yaml');
  await writeFile(join(dir, 'empty.yaml'), '');
  await writeFile(config, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: EventRateLimit\n  path: empty.yaml\n');
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, enableAdmissionPlugins: ['EventRateLimit'], admissionControlConfigFile: config }), {
    message: 'failed to initialize admission: couldn\'t init admission plugin "EventRateLimit": Object \'Kind\' is missing in \'\'',
  });
});
