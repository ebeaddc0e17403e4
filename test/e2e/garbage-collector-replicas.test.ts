// The garbage collector on two replicas over one etcd (issue 16): one collector, leader-elected; when its
// replica stops in the middle of a collection, the other takes over and every dependent is collected once.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from './support/cluster.js';
import { okJson, startReplicas, type Replica, type ReplicaGroup } from './support/replicas.js';

const DEPENDENTS = 300;
const CMS = '/api/v1/namespaces/gc/configmaps';
const LEASE = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kplane-garbagecollector-controller';

interface Meta {
  metadata: { name: string; uid: string; resourceVersion: string };
}

let group: ReplicaGroup;
before(async () => {
  group = await startReplicas(['a', 'b']);
});
after(() => group.close());

test('the leader stops mid-collection: the other replica collects every dependent, each once', async () => {
  const [a] = group.replicas as [Replica, Replica];
  await okJson(a.raw, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'gc' } });
  const owner = await okJson<Meta>(a.raw, 'POST', CMS, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner' } });
  const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid };
  for (let i = 0; i < DEPENDENTS; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, DEPENDENTS - i) }, (_, j) =>
      okJson(a.raw, 'POST', CMS, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `dep-${i + j}`, ownerReferences: [ref] } })));
  }
  const holder = await eventually(async () => (await okJson<{ spec: { holderIdentity?: string } }>(a.raw, 'GET', LEASE)).spec.holderIdentity, 'a collector leader');
  const leader = group.replicas.find((r) => r.identity === holder);
  const survivor = group.replicas.find((r) => r.identity !== holder);
  assert.ok(leader && survivor, `the holder ${holder} is one of the replicas`);
  const from = (await okJson<{ metadata: { resourceVersion: string } }>(survivor.raw, 'GET', CMS)).metadata.resourceVersion;

  await okJson(survivor.raw, 'DELETE', `${CMS}/owner`);
  await leader.stop();
  // Only the dependents count: the root CA publisher keeps its kube-root-ca.crt in every namespace.
  const dependentsLeft = async () => (await okJson<{ items: Meta[] }>(survivor.raw, 'GET', CMS)).items.filter((i) => i.metadata.name.startsWith('dep-')).length;
  await eventually(async () => ((await dependentsLeft()) === 0 ? true : undefined), 'every dependent to be collected', 60_000);

  // Every change since: one DELETED per dependent (and the owner's), none twice.
  const events = await survivor.raw.request('GET', `${CMS}?watch=1&resourceVersion=${from}&timeoutSeconds=1`);
  const deleted = events.body.trim().split('\n').map((line) => JSON.parse(line) as { type: string; object: Meta }).filter((e) => e.type === 'DELETED').map((e) => e.object.metadata.name).filter((name) => name !== 'kube-root-ca.crt');
  assert.equal(deleted.length, DEPENDENTS + 1);
  assert.equal(new Set(deleted).size, DEPENDENTS + 1);
});
