// Several kplane replicas on one real etcd behave as one API server: shared credentials, every write
// visible to gets, lists and watches on every replica in revision order, interchangeable resourceVersions,
// consistent reads never older than an acknowledged write, and the namespace controller leader-elected
// over a Lease (moving to another replica when its replica stops).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CoreV1Api, PatchStrategy, makeInformer, setHeaderOptions, type V1ConfigMap } from '@kubernetes/client-node';
import YAML from 'yaml';
import { eventually } from './support/cluster.js';
import { okJson, startReplicas, type Replica, type ReplicaGroup } from './support/replicas.js';

/** The ConfigMap the root CA publisher puts into every namespace (not these tests' writes). */
const ROOT_CA = 'kube-root-ca.crt';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kplane-namespace-controller';

interface LeaseObject {
  metadata: { resourceVersion: string };
  spec: { holderIdentity?: string; leaseTransitions?: number; leaseDurationSeconds?: number };
}
interface Meta {
  metadata: { name: string; resourceVersion: string };
  data?: Record<string, string>;
}
interface MetaList {
  metadata: { resourceVersion: string };
  items: Meta[];
}

const configMapYaml = (name: string, namespace: string): string =>
  YAML.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { from: name } });

describe('two replicas on one etcd', () => {
  let group: ReplicaGroup;
  let a: Replica;
  let b: Replica;
  before(async () => {
    group = await startReplicas(['a', 'b']);
    [a, b] = group.replicas as [Replica, Replica];
    await a.kubectl(['create', 'namespace', 'demo']);
  });
  after(() => group.close());

  test('replicas started with one --cert-dir share the CA and admin credentials: one kubeconfig works against each', async () => {
    const clusterOf = (kubeconfig: string) => (YAML.parse(kubeconfig) as { clusters: { cluster: Record<string, string> }[]; users: { user: Record<string, string> }[] });
    const [ca, cb] = [clusterOf(a.server.kubeconfig), clusterOf(b.server.kubeconfig)];
    assert.equal(ca.clusters[0]?.cluster['certificate-authority-data'], cb.clusters[0]?.cluster['certificate-authority-data']);
    assert.deepEqual(ca.users[0]?.user, cb.users[0]?.user);
    // A's admin kubeconfig, pointed at B.
    const out = await a.kubectl(['--server', b.server.url, 'get', 'namespace', 'demo', '-o', 'name']);
    assert.equal(out.trim(), 'namespace/demo');
  });

  test('kubectl create through A shows up in `kubectl get -w` on B', async () => {
    const watch = b.kubectlStream(['get', 'configmaps', '-n', 'demo', '-w', '-o', 'name']);
    try {
      await a.kubectl(['create', '-f', '-'], { input: configMapYaml('made-on-a', 'demo') });
      await eventually(() => (watch.output().includes('configmap/made-on-a') ? true : undefined), 'the object created on A in B\'s watch');
      await a.kubectl(['label', 'configmap', 'made-on-a', '-n', 'demo', 'seen=yes']);
      await eventually(() => (watch.output().split('configmap/made-on-a').length > 2 ? true : undefined), 'the label change made on A in B\'s watch');
    } finally {
      watch.stop();
    }
    const onB = JSON.parse(await b.kubectl(['get', 'configmap', 'made-on-a', '-n', 'demo', '-o', 'json'])) as { metadata: { labels?: Record<string, string> } };
    assert.deepEqual(onB.metadata.labels, { seen: 'yes' });
  });

  test('the namespace controller runs under a Lease; stopping the leader moves it, and a namespace deletion still completes', async () => {
    const holderOn = async (replica: Replica) => (await okJson<LeaseObject>(replica.raw, 'GET', LEASE_PATH)).spec.holderIdentity ?? '';
    const firstHolder = await eventually(async () => {
      const holder = await holderOn(a);
      return holder === a.identity || holder === b.identity ? holder : undefined;
    }, 'a replica holding the namespace controller Lease');
    const lease = await okJson<LeaseObject>(b.raw, 'GET', LEASE_PATH);
    assert.equal(lease.spec.leaseDurationSeconds, 2);
    const table = await a.kubectl(['get', 'leases', '-n', 'kube-system']);
    // One Lease per elected controller (namespace, local-apiservices, apf-configuration).
    assert.match(table, /^NAME\s+HOLDER\s+AGE\n/);
    assert.match(table, new RegExp(`^kplane-namespace-controller\\s+${firstHolder}\\s+\\S+$`, 'm'));

    const [leader, survivor] = firstHolder === a.identity ? [a, b] : [b, a];
    await survivor.kubectl(['create', 'namespace', 'doomed']);
    await survivor.kubectl(['create', '-f', '-'], { input: configMapYaml('content', 'doomed') });
    await leader.stop();
    await eventually(async () => ((await holderOn(survivor)) === survivor.identity ? true : undefined), 'the survivor taking over the Lease');
    const taken = await okJson<LeaseObject>(survivor.raw, 'GET', LEASE_PATH);
    assert.equal(taken.spec.leaseTransitions, (lease.spec.leaseTransitions ?? 0) + 1);

    await survivor.kubectl(['delete', 'namespace', 'doomed', '--wait=false']);
    await eventually(async () => ((await survivor.raw.request('GET', '/api/v1/namespaces/doomed')).status === 404 ? true : undefined), 'the namespace to be deleted by the controller on the survivor');
    const ready = await survivor.raw.request('GET', '/readyz?verbose');
    assert.equal(ready.status, 200, ready.body);
    assert.match(ready.body, /\[\+\]etcd ok/);
  });
});

describe('three replicas on one etcd', () => {
  let group: ReplicaGroup;
  let a: Replica;
  let b: Replica;
  let c: Replica;
  before(async () => {
    group = await startReplicas(['a', 'b', 'c']);
    [a, b, c] = group.replicas as [Replica, Replica, Replica];
    for (const ns of ['informed', 'resume', 'fresh']) await okJson(a.raw, 'POST', '/api/v1/namespaces', { metadata: { name: ns } });
  });
  after(() => group.close());

  test('an informer on B sees every change made through A and C, in order, without gap or repeat', async () => {
    const coreOn = (r: Replica) => r.kubeConfig.makeApiClient(CoreV1Api);
    const coreB = coreOn(b);
    const informer = makeInformer<V1ConfigMap>(b.kubeConfig, '/api/v1/namespaces/informed/configmaps', () => coreB.listNamespacedConfigMap({ namespace: 'informed' }));
    const seen: string[] = [];
    const versions: number[] = [];
    const record = (type: string) => (o: V1ConfigMap) => {
      if (o.metadata?.name === ROOT_CA) return;
      seen.push(`${type} ${o.metadata?.name} ${o.data?.v ?? ''}`);
      versions.push(Number(o.metadata?.resourceVersion));
    };
    informer.on('add', record('add'));
    informer.on('update', record('update'));
    informer.on('delete', record('delete'));
    informer.on('error', (error) => seen.push(`error ${String(error)}`));
    await informer.start();
    try {
      const expected: string[] = [];
      for (let i = 0; i < 6; i++) {
        const writer = coreOn(i % 2 === 0 ? a : c);
        const name = `cm-${i % 3}`;
        if (i < 3) {
          await writer.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name }, data: { v: String(i) } } });
          expected.push(`add ${name} ${i}`);
        } else {
          await writer.patchNamespacedConfigMap({ name, namespace: 'informed', body: { data: { v: String(i) } } }, mergePatch);
          expected.push(`update ${name} ${i}`);
        }
      }
      await coreOn(c).deleteNamespacedConfigMap({ name: 'cm-0', namespace: 'informed' });
      expected.push('delete cm-0 3');
      await eventually(() => (seen.length >= expected.length ? true : undefined), 'every change in B\'s informer');
      assert.deepEqual(seen, expected);
      assert.deepEqual(versions, [...versions].sort((x, y) => x - y), 'in revision order');
      assert.equal(new Set(versions).size, versions.length, 'no event twice');
    } finally {
      await informer.stop();
    }
  });

  test('resourceVersions are interchangeable: list on A, then watch on B from that resourceVersion', async () => {
    await okJson(a.raw, 'POST', '/api/v1/namespaces/resume/configmaps', { metadata: { name: 'before' }, data: { v: '0' } });
    const listed = await okJson<MetaList>(a.raw, 'GET', '/api/v1/namespaces/resume/configmaps');
    assert.deepEqual(listed.items.map((i) => i.metadata.name).filter((n) => n !== ROOT_CA), ['before']);
    const made: Meta[] = [];
    made.push(await okJson<Meta>(c.raw, 'POST', '/api/v1/namespaces/resume/configmaps', { metadata: { name: 'after-1' }, data: { v: '1' } }));
    made.push(await okJson<Meta>(a.raw, 'PUT', '/api/v1/namespaces/resume/configmaps/before', { metadata: { name: 'before' }, data: { v: '2' } }));
    made.push(await okJson<Meta>(c.raw, 'POST', '/api/v1/namespaces/resume/configmaps', { metadata: { name: 'after-3' }, data: { v: '3' } }));
    const watched = await b.raw.request('GET', `/api/v1/namespaces/resume/configmaps?watch=1&resourceVersion=${listed.metadata.resourceVersion}&timeoutSeconds=1`);
    assert.equal(watched.status, 200, watched.body);
    const events = watched.body.trim().split('\n').map((line) => JSON.parse(line) as { type: string; object: Meta });
    assert.deepEqual(
      events.filter((e) => e.object.metadata.name !== ROOT_CA).map((e) => `${e.type} ${e.object.metadata.name} ${e.object.data?.v} ${e.object.metadata.resourceVersion}`),
      [
        `ADDED after-1 1 ${made[0]!.metadata.resourceVersion}`,
        `MODIFIED before 2 ${made[1]!.metadata.resourceVersion}`,
        `ADDED after-3 3 ${made[2]!.metadata.resourceVersion}`,
      ],
    );
    // And the other way round: a get on C at a version written through A (not older than it).
    const got = await okJson<Meta>(c.raw, 'GET', `/api/v1/namespaces/resume/configmaps/before?resourceVersion=${made[1]!.metadata.resourceVersion}`);
    assert.equal(got.data?.v, '2');
  });

  test('a consistent read on any replica never returns data older than a write acknowledged by another', async () => {
    await okJson(a.raw, 'POST', '/api/v1/namespaces/fresh/configmaps', { metadata: { name: 'counter' }, data: { n: '0' } });
    const replicas = [a, b, c];
    for (let n = 1; n <= 12; n++) {
      const writer = replicas[n % 3]!;
      const written = await okJson<Meta>(writer.raw, 'PUT', '/api/v1/namespaces/fresh/configmaps/counter', { metadata: { name: 'counter' }, data: { n: String(n) } });
      for (const reader of replicas) {
        const got = await okJson<Meta>(reader.raw, 'GET', '/api/v1/namespaces/fresh/configmaps/counter');
        assert.equal(got.data?.n, String(n), `${reader.name} after a write through ${writer.name}`);
        assert.equal(got.metadata.resourceVersion, written.metadata.resourceVersion);
        const list = await okJson<MetaList>(reader.raw, 'GET', '/api/v1/namespaces/fresh/configmaps');
        assert.equal(list.items[0]?.data?.n, String(n), `list on ${reader.name} after a write through ${writer.name}`);
        assert.ok(Number(list.metadata.resourceVersion) >= Number(written.metadata.resourceVersion));
      }
    }
  });

  test('exactly one replica holds the namespace controller Lease', async () => {
    const holders = await Promise.all([a, b, c].map(async (r) => (await okJson<LeaseObject>(r.raw, 'GET', LEASE_PATH)).spec.holderIdentity));
    assert.equal(new Set(holders).size, 1, 'every replica reads the same holder');
    assert.ok([a, b, c].some((r) => r.identity === holders[0]), `the holder ${holders[0]} is one of the replicas`);
    for (const r of [a, b, c]) {
      const ready = await r.raw.request('GET', '/readyz/poststarthook/start-namespace-controller');
      assert.equal(ready.status, 200, `${r.name}: leader and standbys are all healthy`);
    }
  });
});
