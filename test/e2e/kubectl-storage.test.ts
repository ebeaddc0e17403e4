// kubectl against kplane for the storage kinds: PersistentVolume, PersistentVolumeClaim, StorageClass,
// CSIDriver (and the other storage.k8s.io kinds), each checked through kubectl's own output.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';

const MANIFEST = `
apiVersion: v1
kind: PersistentVolume
metadata:
  name: data-pv
spec:
  capacity:
    storage: 5Gi
  accessModes: [ReadWriteOnce, ReadOnlyMany]
  storageClassName: fast
  hostPath:
    path: /srv/data
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-claim
  namespace: default
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: fast
  resources:
    requests:
      storage: 1Gi
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: fast
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: example.com/fast
allowVolumeExpansion: true
---
apiVersion: storage.k8s.io/v1
kind: CSIDriver
metadata:
  name: hostpath.csi.example.com
spec:
  podInfoOnMount: true
`;

describe('kubectl against kplane: storage kinds', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  test('create -f a multi-document manifest creates every object', async () => {
    const out = await c.kubectl(['create', '-f', '-'], { input: MANIFEST });
    assert.match(out, /^persistentvolume\/data-pv created$/m);
    assert.match(out, /^persistentvolumeclaim\/data-claim created$/m);
    assert.match(out, /^storageclass.storage.k8s.io\/fast created$/m);
    assert.match(out, /^csidriver.storage.k8s.io\/hostpath.csi.example.com created$/m);
  });

  test('get pv,pvc,sc shows upstream columns', async () => {
    const out = await c.kubectl(['get', 'pv,pvc,sc']);
    assert.match(out, /^NAME\s+CAPACITY\s+ACCESS MODES\s+RECLAIM POLICY\s+STATUS\s+CLAIM\s+STORAGECLASS\s+REASON\s+AGE$/m);
    assert.match(out, /^persistentvolume\/data-pv\s+5Gi\s+RWO,ROX\s+Retain\s+Pending\s+fast\s+\d+s$/m);
    assert.match(out, /^NAME\s+STATUS\s+VOLUME\s+CAPACITY\s+ACCESS MODES\s+STORAGECLASS\s+AGE$/m);
    assert.match(out, /^persistentvolumeclaim\/data-claim\s+Pending\s+fast\s+\d+s$/m);
    assert.match(out, /^NAME\s+PROVISIONER\s+RECLAIMPOLICY\s+VOLUMEBINDINGMODE\s+ALLOWVOLUMEEXPANSION\s+AGE$/m);
    assert.match(out, /^storageclass.storage.k8s.io\/fast \(default\)\s+example.com\/fast\s+Delete\s+Immediate\s+true\s+\d+s$/m);
  });

  test('-o wide adds VOLUMEMODE; the short names resolve', async () => {
    const pv = await c.kubectl(['get', 'pv', '-o', 'wide']);
    assert.match(pv, /\s+VOLUMEMODE$/m);
    assert.match(pv, /^data-pv\s+.*\s+Filesystem$/m);
    const pvc = await c.kubectl(['get', 'pvc', '-o', 'wide']);
    assert.match(pvc, /^data-claim\s+Pending\s+fast\s+\d+s\s+Filesystem$/m);
    const csi = await c.kubectl(['get', 'csidrivers']);
    assert.match(csi, /^NAME\s+ATTACHREQUIRED\s+PODINFOONMOUNT\s+STORAGECAPACITY\s+TOKENREQUESTS\s+REQUIRESREPUBLISH\s+MODES\s+AGE$/m);
    assert.match(csi, /^hostpath.csi.example.com\s+true\s+true\s+false\s+<unset>\s+false\s+Persistent\s+\d+s$/m);
  });

  test('defaults are applied as upstream', async () => {
    const pv = JSON.parse(await c.kubectl(['get', 'pv', 'data-pv', '-o', 'json'])) as { spec: Record<string, unknown>; status: Record<string, unknown> };
    assert.equal(pv.spec['persistentVolumeReclaimPolicy'], 'Retain');
    assert.equal(pv.spec['volumeMode'], 'Filesystem');
    assert.deepEqual(pv.status, { phase: 'Pending' });
    const csi = JSON.parse(await c.kubectl(['get', 'csidriver', 'hostpath.csi.example.com', '-o', 'json'])) as { spec: Record<string, unknown> };
    assert.deepEqual(csi.spec, {
      attachRequired: true,
      fsGroupPolicy: 'ReadWriteOnceWithFSType',
      podInfoOnMount: true,
      requiresRepublish: false,
      storageCapacity: false,
      volumeLifecycleModes: ['Persistent'],
    });
  });

  test('invalid objects answer 422 with upstream causes', async () => {
    const badPV = JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'bad-pv' }, spec: { accessModes: ['ReadWriteOnce'], capacity: { storage: '1Gi' }, hostPath: { path: '/a' }, nfs: { server: 's', path: '/b' } } });
    const pv = await c.kubectlResult(['create', '-f', '-'], { input: badPV });
    assert.notEqual(pv.code, 0);
    assert.match(pv.stderr, /The PersistentVolume "bad-pv" is invalid: spec.nfs: Forbidden: may not specify more than 1 volume type/);
    const badPVC = JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'bad-claim', namespace: 'default' }, spec: {} });
    const pvc = await c.kubectlResult(['create', '-f', '-'], { input: badPVC });
    assert.match(pvc.stderr, /The PersistentVolumeClaim "bad-claim" is invalid: \n\* spec.accessModes: Required value: at least 1 access mode is required\n\* spec.resources\[storage\]: Required value/);
    const badSC = JSON.stringify({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'bad-sc' }, reclaimPolicy: 'Recycle' });
    const sc = await c.kubectlResult(['create', '-f', '-'], { input: badSC });
    assert.match(sc.stderr, /The StorageClass "bad-sc" is invalid: \n\* provisioner: Required value\n\* reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain"/);
  });

  test('claim spec is immutable; csidriver attachRequired is immutable', async () => {
    const patch = await c.kubectlResult(['patch', 'pvc', 'data-claim', '-p', '{"spec":{"storageClassName":"slow"}}']);
    assert.match(patch.stderr, /The PersistentVolumeClaim "data-claim" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests for bound claims/);
    const csi = await c.kubectlResult(['patch', 'csidriver', 'hostpath.csi.example.com', '-p', '{"spec":{"attachRequired":false}}']);
    assert.match(csi.stderr, /spec.attachedRequired: Invalid value: false: field is immutable/);
  });

  test('CSIStorageCapacity written through v1beta1 reads through v1, with the deprecation warning', async () => {
    const capacity = JSON.stringify({ apiVersion: 'storage.k8s.io/v1beta1', kind: 'CSIStorageCapacity', metadata: { name: 'cap1', namespace: 'default' }, storageClassName: 'fast', capacity: '10Gi' });
    const created = await c.kubectlResult(['create', '-f', '-'], { input: capacity });
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stderr, /storage.k8s.io\/v1beta1 CSIStorageCapacity is deprecated in v1.24\+, unavailable in v1.27\+; use storage.k8s.io\/v1 CSIStorageCapacity/);
    const v1 = JSON.parse(await c.kubectl(['get', 'csistoragecapacities.v1.storage.k8s.io', 'cap1', '-o', 'json'])) as { apiVersion: string; capacity: string };
    assert.equal(v1.apiVersion, 'storage.k8s.io/v1');
    assert.equal(v1.capacity, '10Gi');
    const table = await c.kubectl(['get', 'csistoragecapacities']);
    assert.match(table, /^NAME\s+STORAGECLASSNAME\s+CAPACITY$/m);
    assert.match(table, /^cap1\s+fast\s+10Gi$/m);
    await c.kubectl(['delete', 'csistoragecapacities', 'cap1']);
  });

  test('VolumeAttachment: created unattached, status written through the subresource', async () => {
    const va = JSON.stringify({ apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va1' }, spec: { attacher: 'hostpath.csi.example.com', nodeName: 'node-1', source: { persistentVolumeName: 'data-pv' } }, status: { attached: true } });
    await c.kubectl(['create', '-f', '-'], { input: va });
    const table = await c.kubectl(['get', 'volumeattachments']);
    assert.match(table, /^NAME\s+ATTACHER\s+PV\s+NODE\s+ATTACHED\s+AGE$/m);
    assert.match(table, /^va1\s+hostpath.csi.example.com\s+data-pv\s+node-1\s+false\s+\d+s$/m);
    await c.kubectl(['patch', 'volumeattachment', 'va1', '--subresource', 'status', '--type', 'merge', '-p', '{"status":{"attached":true}}']);
    assert.equal(await c.kubectl(['get', 'volumeattachment', 'va1', '-o', 'jsonpath={.status.attached}']), 'true');
    const deleted = await c.kubectl(['delete', 'volumeattachment', 'va1', '-o', 'name']);
    assert.equal(deleted.trim(), 'volumeattachment.storage.k8s.io/va1');
  });

  test('quantities are stored and served in canonical form (CAPACITY cell, numbers too)', async () => {
    const manifest = `
apiVersion: v1
kind: PersistentVolume
metadata: {name: canonical-pv}
spec: {capacity: {storage: 5120Mi}, accessModes: [ReadWriteOnce], hostPath: {path: /srv/c}}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: canonical-claim, namespace: default}
spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1000000000}, limits: {storage: 2048Mi}}}
`;
    await c.kubectl(['create', '-f', '-'], { input: manifest });
    assert.match(await c.kubectl(['get', 'pv', 'canonical-pv']), /^canonical-pv\s+5Gi\s+RWO\s+Retain\s+Pending\s+\d+s$/m);
    assert.equal(await c.kubectl(['get', 'pv', 'canonical-pv', '-o', 'jsonpath={.spec.capacity.storage}']), '5Gi');
    const resources = await c.kubectl(['get', 'pvc', 'canonical-claim', '-o', 'jsonpath={.spec.resources.requests.storage} {.spec.resources.limits.storage}']);
    assert.equal(resources, '1G 2Gi');
    await c.kubectl(['delete', '-f', '-'], { input: manifest });
  });

  test('delete -f removes every object', async () => {
    const out = await c.kubectl(['delete', '-f', '-'], { input: MANIFEST });
    assert.match(out, /^persistentvolume "data-pv" deleted$/m);
    assert.match(out, /^persistentvolumeclaim "data-claim" deleted$/m);
    assert.match(out, /^storageclass.storage.k8s.io "fast" deleted$/m);
    assert.match(out, /^csidriver.storage.k8s.io "hostpath.csi.example.com" deleted$/m);
    const rest = await c.kubectlResult(['get', 'pv,pvc,sc,csidrivers']);
    assert.match(rest.stderr, /No resources found/);
  });
});
