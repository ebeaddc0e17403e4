// PartialObjectMetadata through a real server: lists and watches with client-go's metadata Accept headers
// (what the garbage collector follows every resource with) give each object's metadata exactly as the
// object itself has it, for pods (with managedFields) and objects whose annotations hold JSON; the private
// parameter of kplane's loopback changes nothing for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster } from './support/cluster.js';
import { openWatch, type WatchFrame } from './support/watch-stream.js';
import { OMIT_MANAGED_FIELDS_PARAMETER } from '../../src/apis/meta/v1/omit-managed-fields.js';

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

test("the loopback's private parameter is ignored on the secure port: metadata keeps its managedFields, as upstream answers", async () => {
  const { cluster, client } = fixture;
  await cluster.kubectl(['create', 'namespace', 'meta-omit']);
  await cluster.kubectl(['-n', 'meta-omit', 'create', 'configmap', 'kept', '--from-literal=a=b']);
  const query = `${OMIT_MANAGED_FIELDS_PARAMETER}=true`;
  const whole = (await client.request('GET', '/api/v1/namespaces/meta-omit/configmaps')).json() as Listed;
  const listed = (await client.request('GET', `/api/v1/namespaces/meta-omit/configmaps?${query}`, { accept: LIST_ACCEPT })).json() as Listed & { items: Array<{ metadata: { managedFields?: unknown[] } }> };
  assert.ok(listed.items[0]?.metadata.managedFields?.length);
  assert.deepEqual(listed.items.map((i) => i.metadata), whole.items.map((i) => i.metadata));
  const watch = openWatch(cluster.server.kubeconfig, `/api/v1/namespaces/meta-omit/configmaps?watch=1&resourceVersion=${whole.metadata.resourceVersion}&${query}`, WATCH_ACCEPT);
  try {
    await cluster.kubectl(['-n', 'meta-omit', 'label', 'configmap', 'kept', 'tier=front']);
    await eventually(() => (watch.events.length >= 1 ? true : undefined), 'the label');
    assert.ok((watch.events[0]?.object.metadata as { managedFields?: unknown[] } | undefined)?.managedFields?.length);
  } finally {
    watch.close();
  }
});
