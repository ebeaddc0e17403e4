// Admission plugins by upstream name (spec 2-access-control §Admission plugins): `--disable-admission-plugins=Priority`
// leaves pods without a resolved priority; DefaultTolerationSeconds (with `--default-unreachable-toleration-seconds`)
// and TaintNodesByCondition run by default; PersistentVolumeLabel, enabled, refuses cloud disks as a kube-apiserver
// without cloud providers does; names upstream does not know are refused at start.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../../src/index.js';
import { startCluster, type TestCluster } from './support/cluster.js';

let cluster: TestCluster;

before(async () => {
  cluster = await startCluster({ disableAdmissionPlugins: ['Priority'], enableAdmissionPlugins: ['PersistentVolumeLabel'], defaultTolerationSeconds: { notReadySeconds: 300, unreachableSeconds: 60 } });
});
after(async () => {
  await cluster?.stop();
});

const pod = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'plain', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });

test('with Priority disabled a pod gets no priority', async () => {
  await cluster.kubectl(['create', '-f', '-'], { input: pod });
  const spec = (JSON.parse(await cluster.kubectl(['get', 'pod', 'plain', '-o', 'json'])) as { spec: Record<string, unknown> }).spec;
  assert.equal(spec['priority'], undefined);
  assert.equal(spec['preemptionPolicy'], undefined);
});

test('kubectl run: the pod tolerates not-ready and unreachable nodes for the configured seconds (DefaultTolerationSeconds)', async () => {
  await cluster.kubectl(['run', 'tolerant', '--image=busybox']);
  const spec = (JSON.parse(await cluster.kubectl(['get', 'pod', 'tolerant', '-o', 'json'])) as { spec: { tolerations: unknown[] } }).spec;
  assert.deepEqual(spec.tolerations, [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
  ]);
});

test('a Node is created tainted not-ready:NoSchedule (TaintNodesByCondition)', async () => {
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'fresh' } }) });
  const taints = (JSON.parse(await cluster.kubectl(['get', 'node', 'fresh', '-o', 'json'])) as { spec: { taints: unknown[] } }).spec.taints;
  assert.deepEqual(taints, [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
});

test('LimitRanger: kubectl run in a namespace with a LimitRange gets its defaults; a pod over its max is refused', async () => {
  await cluster.kubectl(['create', 'namespace', 'limited']);
  const limits = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'cpu', namespace: 'limited' }, spec: { limits: [{ type: 'Container', max: { cpu: '1' }, default: { cpu: '500m' } }] } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(limits) });
  await cluster.kubectl(['run', 'defaulted', '--image=busybox', '-n', 'limited']);
  const created = JSON.parse(await cluster.kubectl(['get', 'pod', 'defaulted', '-n', 'limited', '-o', 'json'])) as { metadata: { annotations: Record<string, string> }; spec: { containers: Array<{ resources: unknown }> } };
  assert.deepEqual(created.spec.containers[0]?.resources, { limits: { cpu: '500m' }, requests: { cpu: '500m' } });
  assert.equal(created.metadata.annotations['kubernetes.io/limit-ranger'], 'LimitRanger plugin set: cpu request for container defaulted; cpu limit for container defaulted');
  const refused = await cluster.kubectlResult(['run', 'greedy', '--image=busybox', '-n', 'limited', '--overrides', JSON.stringify({ spec: { containers: [{ name: 'greedy', image: 'busybox', resources: { limits: { cpu: '2' } } }] } })]);
  assert.match(refused.stderr, /pods "greedy" is forbidden: maximum cpu usage per Container is 1, but limit is 2/);
});

test('RuntimeClass: a pod gets its class\'s overhead; a class that does not exist is refused', async () => {
  const runtimeClass = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'kata' }, handler: 'kata', overhead: { podFixed: { cpu: '250m' } } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(runtimeClass) });
  const pod = (name: string, className: string) => JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { runtimeClassName: className, containers: [{ name: 'c', image: 'nginx' }] } });
  await cluster.kubectl(['create', '-f', '-'], { input: pod('sandboxed', 'kata') });
  const spec = (JSON.parse(await cluster.kubectl(['get', 'pod', 'sandboxed', '-o', 'json'])) as { spec: { overhead: unknown } }).spec;
  assert.deepEqual(spec.overhead, { cpu: '250m' });
  const refused = await cluster.kubectlResult(['create', '-f', '-'], { input: pod('nowhere', 'nope') });
  assert.match(refused.stderr, /pods "nowhere" is forbidden: pod rejected: RuntimeClass "nope" not found/);
});

test('DefaultStorageClass: a claim without a class gets the default one', async () => {
  const standard = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'example.com/disk' };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(standard) });
  const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(claim) });
  const spec = (JSON.parse(await cluster.kubectl(['get', 'pvc', 'data', '-o', 'json'])) as { spec: { storageClassName: string } }).spec;
  assert.equal(spec.storageClassName, 'standard');
});

test('PersistentVolumeClaimResize: a bound claim grows only when its class allows expansion', async () => {
  for (const [name, allowVolumeExpansion] of [['expandable', true], ['fixed', false]] as const) {
    await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'example.com/disk', allowVolumeExpansion }) });
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: `on-${name}`, namespace: 'default' }, spec: { storageClassName: name, accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(claim) });
    await cluster.kubectl(['patch', 'pvc', `on-${name}`, '--subresource=status', '--type=merge', '-p', '{"status":{"phase":"Bound"}}']);
  }
  const grow = (name: string) => cluster.kubectlResult(['patch', 'pvc', `on-${name}`, '--type=merge', '-p', '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}']);
  assert.equal((await grow('expandable')).code, 0);
  assert.match((await grow('fixed')).stderr, /persistentvolumeclaims "on-fixed" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize/);
});

test('NamespaceLifecycle still runs: nothing is created in a namespace that does not exist', async () => {
  const r = await cluster.kubectlResult(['create', 'configmap', 'x', '-n', 'no-such-namespace']);
  assert.match(r.stderr, /namespaces "no-such-namespace" not found/);
});

test('unknown plugin names are refused at start', async () => {
  await assert.rejects(startServer({ storage: 'memory', securePort: 0, enableAdmissionPlugins: ['Bogus'] }), { message: 'enable-admission-plugins plugin "Bogus" is unknown' });
});

test('PersistentVolumeLabel: an EBS volume is refused without a cloud provider, a host path volume is created', async () => {
  const pv = (name: string, source: Record<string, unknown>) => JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], ...source } });
  const refused = await cluster.kubectlResult(['create', '-f', '-'], { input: pv('ebs', { awsElasticBlockStore: { volumeID: 'vol-0abc' } }) });
  assert.notEqual(refused.code, 0);
  assert.match(refused.stderr, /Error from server \(Forbidden\): error when creating "STDIN": persistentvolumes "ebs" is forbidden: error querying AWS EBS volume vol-0abc: unable to build AWS cloud provider for EBS/);
  await cluster.kubectl(['create', '-f', '-'], { input: pv('local', { hostPath: { path: '/data' } }) });
});
