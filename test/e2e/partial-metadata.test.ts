// PartialObjectMetadata through a real server: lists and watches with client-go's metadata Accept headers
// (what the garbage collector follows every resource with) give each object's metadata exactly as the
// object itself has it, for pods (with managedFields) and objects whose annotations hold JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster } from './support/cluster.js';
import { openWatch, type WatchFrame } from './support/watch-stream.js';
import { trimManagedFieldsOfFrame } from '../../src/client/trim-managed-fields.js';

const fixture = useCluster();

const LIST_ACCEPT = 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json';
const WATCH_ACCEPT = 'application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json';

interface Listed {
  kind: string;
  apiVersion: string;
  metadata: { resourceVersion: string };
  items: Array<{ kind?: string; apiVersion?: string; metadata: { name: string } }>;
}

test('a metadata list and watch carry the metadata of the objects, event by event', async () => {
  const { cluster, client } = fixture;
  await cluster.kubectl(['create', 'namespace', 'meta']);
  await cluster.kubectl(['-n', 'meta', 'run', 'web', '--image=nginx', '--labels=app=web']);
  await cluster.kubectl(['-n', 'meta', 'create', 'configmap', 'settings', '--from-literal=a=b']);
  await cluster.kubectl(['-n', 'meta', 'annotate', 'configmap', 'settings', 'note={"metadata":{"x":"}"}}']);

  const full = (await client.request('GET', '/api/v1/namespaces/meta/pods')).json() as Listed;
  const listed = await client.request('GET', '/api/v1/namespaces/meta/pods', { accept: LIST_ACCEPT });
  assert.equal(listed.status, 200);
  const partial = listed.json() as Listed;
  assert.equal(partial.kind, 'PartialObjectMetadataList');
  assert.equal(partial.apiVersion, 'meta.k8s.io/v1');
  assert.deepEqual(partial.items.map((i) => i.metadata), full.items.map((i) => i.metadata));

  const from = full.metadata.resourceVersion;
  const paths = ['/api/v1/namespaces/meta/pods', '/api/v1/namespaces/meta/configmaps'];
  const watches = paths.map((path) => ({
    whole: openWatch(cluster.server.kubeconfig, `${path}?watch=1&resourceVersion=${from}`),
    metadata: openWatch(cluster.server.kubeconfig, `${path}?watch=1&resourceVersion=${from}`, WATCH_ACCEPT),
  }));
  try {
    await cluster.kubectl(['-n', 'meta', 'label', 'pod', 'web', 'tier=front']);
    await cluster.kubectl(['-n', 'meta', 'annotate', 'configmap', 'settings', 'more="quoted" {braces}']);
    await cluster.kubectl(['-n', 'meta', 'delete', 'pod', 'web', '--wait=false']);
    await cluster.kubectl(['-n', 'meta', 'delete', 'configmap', 'settings']);
    const [pods, configMaps] = watches;
    await eventually(() => (pods?.metadata.events.some((e) => e.type === 'DELETED') && configMaps?.metadata.events.some((e) => e.type === 'DELETED') ? true : undefined), 'the deletions');
    await eventually(() => (watches.every((w) => w.whole.events.length === w.metadata.events.length) ? true : undefined), 'as many events on both watches');
    for (const { whole, metadata } of watches) {
      assert.ok(metadata.events.length >= 2);
      assert.deepEqual(metadata.events, whole.events.map((e: WatchFrame) => ({
        type: e.type,
        object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: e.object.metadata },
      })));
    }
  } finally {
    for (const w of watches) {
      w.whole.close();
      w.metadata.close();
    }
  }
});

test('the frames of a metadata watch as the server writes them let the collector cut managedFields and keep the rest', async () => {
  const { cluster, client } = fixture;
  await cluster.kubectl(['create', 'namespace', 'meta-trim']);
  await cluster.kubectl(['-n', 'meta-trim', 'create', 'configmap', 'owner']);
  const owner = (await client.request('GET', '/api/v1/namespaces/meta-trim/configmaps/owner')).json() as { metadata: { uid: string; resourceVersion: string } };
  const watch = openWatch(cluster.server.kubeconfig, `/api/v1/namespaces/meta-trim/pods?watch=1&resourceVersion=${owner.metadata.resourceVersion}`, WATCH_ACCEPT);
  try {
    const pod = {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: 'dependent', labels: { app: 'web' }, annotations: { note: ',"managedFields":[{}]}}}' }, finalizers: ['example.com/hold'],
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid, blockOwnerDeletion: true }] },
      spec: { containers: [{ name: 'web', image: 'nginx' }] },
    };
    assert.equal((await client.request('POST', '/api/v1/namespaces/meta-trim/pods', { body: JSON.stringify(pod) })).status, 201);
    await cluster.kubectl(['-n', 'meta-trim', 'label', 'pod', 'dependent', 'tier=front']);
    await cluster.kubectl(['-n', 'meta-trim', 'delete', 'pod', 'dependent', '--wait=false']);
    await eventually(() => (watch.lines.length >= 3 ? true : undefined), 'the create, the label and the deletion');
    for (const line of watch.lines) {
      const trimmed = trimManagedFieldsOfFrame(line);
      assert.notEqual(trimmed, line, 'every frame of this pod carries managedFields, last in its metadata');
      const expected = JSON.parse(line) as { object: { metadata: Record<string, unknown> } };
      delete expected.object.metadata['managedFields'];
      assert.deepEqual(JSON.parse(trimmed), expected);
    }
    const last = JSON.parse(trimManagedFieldsOfFrame(watch.lines.at(-1) ?? '')) as { object: { metadata: { deletionTimestamp?: string; finalizers?: string[]; ownerReferences?: unknown[] } } };
    assert.ok(last.object.metadata.deletionTimestamp);
    assert.deepEqual(last.object.metadata.finalizers, ['example.com/hold']);
    assert.equal(last.object.metadata.ownerReferences?.length, 1);
  } finally {
    watch.close();
  }
});
