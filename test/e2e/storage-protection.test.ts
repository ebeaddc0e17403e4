// Storage objects in use are protected as 1.25 protects them: StorageObjectInUseProtection admission gives new
// claims and volumes their finalizers, and the pvc-protection and pv-protection controllers (running as their
// own service accounts) let a deleted claim go once no scheduled pod uses it, and a deleted volume once it is no
// longer Bound. kubectl delete waits for that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster } from './support/cluster.js';

const env = useCluster();
const claim = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } });
const CLAIMS = '/api/v1/namespaces/default/persistentvolumeclaims';

test('a new claim has the pvc-protection finalizer, and kubectl delete of an unused one completes', async () => {
  const created = await env.client.request('POST', CLAIMS, { body: claim('unused') });
  assert.equal(created.status, 201, created.body);
  assert.deepEqual((created.json() as { metadata: { finalizers: string[] } }).metadata.finalizers, ['kubernetes.io/pvc-protection']);
  assert.match(await env.cluster.kubectl(['delete', 'pvc', 'unused', '--timeout=20s']), /persistentvolumeclaim "unused" deleted/);
  assert.equal((await env.client.request('GET', `${CLAIMS}/unused`)).status, 404);
});

test('a claim a scheduled pod uses stays until the pod is gone', async () => {
  assert.equal((await env.client.request('POST', CLAIMS, { body: claim('in-use') })).status, 201);
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'user' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'busybox' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'in-use' } }] } };
  assert.equal((await env.client.request('POST', '/api/v1/namespaces/default/pods', { body: JSON.stringify(pod) })).status, 201);
  assert.equal((await env.client.request('DELETE', `${CLAIMS}/in-use`)).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const held = (await env.client.request('GET', `${CLAIMS}/in-use`)).json() as { metadata: { deletionTimestamp?: string; finalizers: string[] } };
  assert.ok(held.metadata.deletionTimestamp);
  assert.deepEqual(held.metadata.finalizers, ['kubernetes.io/pvc-protection']);
  assert.equal((await env.client.request('DELETE', '/api/v1/namespaces/default/pods/user?gracePeriodSeconds=0')).status, 200);
  await eventually(async () => ((await env.client.request('GET', `${CLAIMS}/in-use`)).status === 404 ? true : undefined), 'the claim to go');
});

test('a Bound volume stays until it is no longer Bound', async () => {
  const volume = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'disk' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/data' } } };
  const created = await env.client.request('POST', '/api/v1/persistentvolumes', { body: JSON.stringify(volume) });
  assert.deepEqual((created.json() as { metadata: { finalizers: string[] } }).metadata.finalizers, ['kubernetes.io/pv-protection']);
  const phase = (value: string) => env.client.request('PATCH', '/api/v1/persistentvolumes/disk/status', { contentType: 'application/merge-patch+json', body: JSON.stringify({ status: { phase: value } }) });
  assert.equal((await phase('Bound')).status, 200);
  assert.equal((await env.client.request('DELETE', '/api/v1/persistentvolumes/disk')).status, 200);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.equal((await env.client.request('GET', '/api/v1/persistentvolumes/disk')).status, 200);
  assert.equal((await phase('Released')).status, 200);
  await eventually(async () => ((await env.client.request('GET', '/api/v1/persistentvolumes/disk')).status === 404 ? true : undefined), 'the volume to go');
});
