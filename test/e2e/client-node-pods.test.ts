// @kubernetes/client-node (the official JavaScript client, unchanged) against a started kplane, for
// pods: typed CRUD, binding through `createNamespacedPodBinding` and the `bindings` resource, status
// through the status subresource, eviction, and an informer that sees a pod bound and deleted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiException, CoreV1Api, KubeConfig, PatchStrategy, makeInformer, setHeaderOptions, type V1Pod } from '@kubernetes/client-node';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const pod = (name: string): V1Pod => ({ metadata: { name, labels: { app: 'demo' } }, spec: { containers: [{ name: 'main', image: 'busybox', command: ['sleep', '3600'] }] } });

/** The HTTP status and body message of a rejected client-node call. */
async function rejection(call: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiException) return { code: error.code, message: (JSON.parse(String(error.body)) as { message: string }).message };
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('@kubernetes/client-node with pods against kplane', () => {
  let c: TestCluster;
  let core: CoreV1Api;
  let kc: KubeConfig;
  before(async () => {
    c = await startCluster();
    kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'pods' } } });
  });
  after(() => c.stop());

  test('create, read, list by label, patch, delete a pod; defaults and status as upstream', async () => {
    const created = await core.createNamespacedPod({ namespace: 'pods', body: pod('crud') });
    assert.equal(created.status?.phase, 'Pending');
    assert.equal(created.status?.qosClass, 'BestEffort');
    assert.equal(created.spec?.restartPolicy, 'Always');
    assert.equal(created.spec?.terminationGracePeriodSeconds, 30);
    assert.equal(created.spec?.containers[0]?.imagePullPolicy, 'Always');
    const read = await core.readNamespacedPod({ name: 'crud', namespace: 'pods' });
    assert.equal(read.metadata?.uid, created.metadata?.uid);
    const listed = await core.listNamespacedPod({ namespace: 'pods', labelSelector: 'app=demo' });
    assert.deepEqual(listed.items.map((p) => p.metadata?.name), ['crud']);
    const patched = await core.patchNamespacedPod({ name: 'crud', namespace: 'pods', body: { metadata: { labels: { extra: 'yes' } } } }, mergePatch);
    assert.equal(patched.metadata?.labels?.['extra'], 'yes');
    const invalid = await rejection(core.patchNamespacedPod({ name: 'crud', namespace: 'pods', body: { spec: { containers: [{ name: 'main', image: 'nginx', command: ['other'] }] } } }, mergePatch));
    assert.equal(invalid.code, 422);
    // Not scheduled: the delete removes it at once.
    await core.deleteNamespacedPod({ name: 'crud', namespace: 'pods' });
    assert.equal((await rejection(core.readNamespacedPod({ name: 'crud', namespace: 'pods' }))).code, 404);
  });

  test('binding: the pod subresource and the bindings resource; a second binding is a conflict', async () => {
    await core.createNamespacedPod({ namespace: 'pods', body: pod('bound') });
    await core.createNamespacedPodBinding({ name: 'bound', namespace: 'pods', body: { metadata: { name: 'bound' }, target: { kind: 'Node', name: 'node-1' } } });
    const bound = await core.readNamespacedPod({ name: 'bound', namespace: 'pods' });
    assert.equal(bound.spec?.nodeName, 'node-1');
    assert.deepEqual(bound.status?.conditions?.map((x) => [x.type, x.status]), [['PodScheduled', 'True']]);
    const again = await rejection(core.createNamespacedBinding({ namespace: 'pods', body: { metadata: { name: 'bound' }, target: { kind: 'Node', name: 'node-2' } } }));
    assert.deepEqual(again, { code: 409, message: 'Operation cannot be fulfilled on pods/binding "bound": pod bound is already assigned to node "node-1"' });
    await core.createNamespacedPod({ namespace: 'pods', body: pod('legacy') });
    await core.createNamespacedBinding({ namespace: 'pods', body: { metadata: { name: 'legacy' }, target: { name: 'node-2' } } });
    assert.equal((await core.readNamespacedPod({ name: 'legacy', namespace: 'pods' })).spec?.nodeName, 'node-2');
  });

  test('status subresource: a kubelet-like status write; the spec stays', async () => {
    const current = await core.readNamespacedPod({ name: 'bound', namespace: 'pods' });
    const status = { ...current.status, phase: 'Running', podIP: '10.1.0.5', podIPs: [{ ip: '10.1.0.5' }] };
    const written = await core.replaceNamespacedPodStatus({ name: 'bound', namespace: 'pods', body: { ...current, status } });
    assert.equal(written.status?.phase, 'Running');
    const byIP = await core.listNamespacedPod({ namespace: 'pods', fieldSelector: 'status.podIP=10.1.0.5' });
    assert.deepEqual(byIP.items.map((p) => p.metadata?.name), ['bound']);
  });

  test('an informer sees a pod added, bound, gracefully deleted, then removed', async () => {
    const path = '/api/v1/namespaces/pods/pods';
    const informer = makeInformer<V1Pod>(kc, path, () => core.listNamespacedPod({ namespace: 'pods', labelSelector: 'app=watched' }), 'app=watched');
    const events: string[] = [];
    informer.on('add', (p) => events.push(`add ${p.spec?.nodeName ?? '-'}`));
    informer.on('update', (p) => events.push(`update ${p.spec?.nodeName ?? '-'} ${p.metadata?.deletionTimestamp ? 'terminating' : 'live'}`));
    informer.on('delete', () => events.push('delete'));
    informer.on('error', (err) => events.push(`error ${String(err)}`));
    await informer.start();
    try {
      await core.createNamespacedPod({ namespace: 'pods', body: { ...pod('watched'), metadata: { name: 'watched', labels: { app: 'watched' } } } });
      await eventually(() => (events.includes('add -') ? true : undefined), 'the add');
      await core.createNamespacedPodBinding({ name: 'watched', namespace: 'pods', body: { metadata: { name: 'watched' }, target: { name: 'node-1' } } });
      await eventually(() => (events.includes('update node-1 live') ? true : undefined), 'the binding');
      // Scheduled: the delete only starts the grace period (no kubelet finishes it)...
      await core.deleteNamespacedPod({ name: 'watched', namespace: 'pods' });
      await eventually(() => (events.includes('update node-1 terminating') ? true : undefined), 'the graceful deletion');
      // ...and a delete with a zero grace period removes it: first written with the shortened period
      // (a second update), then deleted, as upstream's graceful delete does.
      await core.deleteNamespacedPod({ name: 'watched', namespace: 'pods', gracePeriodSeconds: 0 });
      await eventually(() => (events.includes('delete') ? true : undefined), 'the delete');
      assert.deepEqual(events, ['add -', 'update node-1 live', 'update node-1 terminating', 'update node-1 terminating', 'delete']);
    } finally {
      await informer.stop();
    }
  });

  test('eviction of a pending pod deletes it', async () => {
    await core.createNamespacedPod({ namespace: 'pods', body: pod('evicted') });
    await core.createNamespacedPodEviction({ name: 'evicted', namespace: 'pods', body: { metadata: { name: 'evicted' } } });
    assert.equal((await rejection(core.readNamespacedPod({ name: 'evicted', namespace: 'pods' }))).code, 404);
  });
});
