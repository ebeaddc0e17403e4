// etcd stopped and started again under running replicas: while it is down, requests fail at once with 503
// ServiceUnavailable and /readyz and /livez report `[-]etcd failed`; when it is back, everything recovers by
// itself: readiness, writes, the watches that were open (they continue without gap, or close so clients
// relist), and the leader-elected namespace controller. No acknowledged write is lost.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpsRequest } from 'node:https';
import { CoreV1Api, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import YAML from 'yaml';
import { eventually } from './support/cluster.js';
import { okJson, startReplicas, type Replica, type ReplicaGroup } from './support/replicas.js';

interface Meta {
  metadata: { name: string; resourceVersion: string };
}
interface WatchEvent {
  type: string;
  object: Meta;
}

/** A raw watch kept open across the outage: its events and whether the server closed it. */
interface OpenWatch {
  events: WatchEvent[];
  ended: boolean;
  close(): void;
}

function openWatch(replica: Replica, path: string): OpenWatch {
  const config = YAML.parse(replica.server.kubeconfig) as { clusters: { cluster: Record<string, string> }[]; users: { user: Record<string, string> }[] };
  const decode = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64').toString('utf8');
  const url = new URL(path, replica.server.url);
  const watch: OpenWatch = { events: [], ended: false, close: () => req.destroy() };
  const req = httpsRequest(url, {
    ca: decode(config.clusters[0]?.cluster['certificate-authority-data']),
    cert: decode(config.users[0]?.user['client-certificate-data']),
    key: decode(config.users[0]?.user['client-key-data']),
    agent: false,
  }, (res) => {
    let partial = '';
    res.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) watch.events.push(JSON.parse(line) as WatchEvent);
    });
    res.on('end', () => (watch.ended = true));
    res.on('error', () => (watch.ended = true));
  });
  req.on('error', () => (watch.ended = true));
  req.end();
  return watch;
}

describe('etcd outage under running replicas', () => {
  let group: ReplicaGroup;
  let a: Replica;
  let b: Replica;
  before(async () => {
    group = await startReplicas(['a', 'b']);
    [a, b] = group.replicas as [Replica, Replica];
    await okJson(a.raw, 'POST', '/api/v1/namespaces', { metadata: { name: 'outage' } });
    await okJson(a.raw, 'POST', '/api/v1/namespaces', { metadata: { name: 'doomed' } });
    // The controllers give a new namespace its root CA ConfigMap: settled before the test counts events.
    await eventually(async () => ((await a.raw.request('GET', '/api/v1/namespaces/outage/configmaps/kube-root-ca.crt')).status === 200 ? true : undefined), 'kube-root-ca.crt');
  });
  after(() => group.close());

  test('503 while etcd is down, readiness false, then full recovery with no acknowledged write lost', async () => {
    const path = '/api/v1/namespaces/outage/configmaps';
    const start = (await okJson<{ metadata: { resourceVersion: string } }>(b.raw, 'GET', path)).metadata.resourceVersion;
    const watch = openWatch(b, `${path}?watch=1&resourceVersion=${start}`);
    const core = b.kubeConfig.makeApiClient(CoreV1Api);
    const informer = makeInformer<V1ConfigMap>(b.kubeConfig, path, () => core.listNamespacedConfigMap({ namespace: 'outage' }));
    informer.on('error', () => undefined); // it restarts by itself
    await informer.start();
    const acknowledged: Meta[] = [];
    const create = (replica: Replica, name: string) => replica.raw.request('POST', path, { body: JSON.stringify({ metadata: { name } }) });
    try {
      for (const [replica, name] of [[a, 'before-1'], [b, 'before-2']] as const) {
        const response = await create(replica, name);
        assert.equal(response.status, 201);
        acknowledged.push(response.json() as Meta);
      }
      await eventually(() => (watch.events.length === 2 ? true : undefined), 'the watch to see the writes made before the outage');

      await group.etcd.stop();

      // Writes and reads fail with 503 ServiceUnavailable, not a hang: kubectl reports the server's Status,
      // not its own request timeout.
      const failed = await create(a, 'during');
      assert.equal(failed.status, 503, failed.body);
      const status = failed.json() as { kind: string; reason: string; code: number; message: string };
      assert.deepEqual([status.kind, status.reason, status.code], ['Status', 'ServiceUnavailable', 503]);
      assert.match(status.message, /etcd/);
      assert.equal(failed.headers['retry-after'], '1');
      assert.equal((await b.raw.request('GET', `${path}/before-1`)).status, 503);
      const kubectl = await a.kubectlResult(['get', 'configmaps', '-n', 'outage', '--request-timeout=30s']);
      assert.notEqual(kubectl.code, 0);
      assert.match(kubectl.stderr, /Error from server \(ServiceUnavailable\)/);

      for (const replica of [a, b]) {
        for (const endpoint of ['/readyz', '/livez']) {
          const health = await replica.raw.request('GET', endpoint);
          assert.equal(health.status, 500, `${endpoint} on ${replica.name}`);
          assert.match(health.body, /\[-\]etcd failed/);
        }
        assert.equal((await replica.raw.request('GET', '/readyz/etcd')).status, 500);
      }

      await group.etcd.start();

      for (const replica of [a, b]) {
        await eventually(async () => ((await replica.raw.request('GET', '/readyz')).status === 200 ? true : undefined), `readiness of ${replica.name} after etcd is back`);
      }
      for (const [replica, name] of [[a, 'after-1'], [b, 'after-2']] as const) {
        acknowledged.push(await okJson<Meta>(replica.raw, 'POST', path, { metadata: { name } }));
      }

      // Every acknowledged write is there, on both replicas.
      const names = acknowledged.map((m) => m.metadata.name);
      for (const replica of [a, b]) {
        const listed = await okJson<{ items: Meta[] }>(replica.raw, 'GET', path);
        const present = new Set(listed.items.map((i) => i.metadata.name));
        for (const name of names) assert.ok(present.has(name), `${name} on ${replica.name}`);
      }

      // The watch opened before the outage either continued without gap or repeat, or was closed (and a
      // client would relist); it never silently skips events.
      await eventually(() => (watch.ended || watch.events.some((e) => e.object.metadata.name === 'after-2') ? true : undefined), 'the open watch to continue or close');
      const versions = watch.events.map((e) => Number(e.object.metadata.resourceVersion));
      assert.deepEqual(versions, [...versions].sort((x, y) => x - y));
      assert.equal(new Set(versions).size, versions.length);
      if (!watch.ended) {
        const seen = watch.events.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name);
        for (const name of names) assert.ok(seen.includes(name), `${name} in the continued watch`);
      }
      // The informer (which relists when its watch closes) ends up with the server's state.
      await eventually(() => (names.every((n) => informer.list('outage').some((o) => o.metadata?.name === n)) ? true : undefined), 'the informer to catch up');
    } finally {
      watch.close();
      await informer.stop();
    }
  });

  test('after the outage the leader-elected namespace controller works again', async () => {
    await eventually(async () => ((await a.raw.request('GET', '/readyz')).status === 200 ? true : undefined), 'readiness');
    await okJson(a.raw, 'POST', '/api/v1/namespaces/doomed/configmaps', { metadata: { name: 'content' } });
    await okJson(b.raw, 'DELETE', '/api/v1/namespaces/doomed');
    await eventually(async () => ((await a.raw.request('GET', '/api/v1/namespaces/doomed')).status === 404 ? true : undefined), 'the namespace deletion to complete');
  });
});
