// etcd stopped and started again under running replicas: while it is down, requests fail at once with 503
// ServiceUnavailable and /readyz and /livez report `[-]etcd failed`; when it is back, everything recovers by
// itself: readiness, writes, the watches that were open (they continue without gap, or close so clients
// relist), and the leader-elected namespace controller. No acknowledged write is lost. An etcd that hangs
// (SIGSTOP: connections stay open, nothing answers) instead makes requests end with 504 Timeout within
// their timeout, fails /readyz by the check's own 2 s timeout, and everything recovers after SIGCONT.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CoreV1Api, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import { openWatch as openRawWatch } from './support/watch-stream.js';
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
  const opened = openRawWatch(replica.server.kubeconfig, path);
  const watch: OpenWatch = { events: opened.events as WatchEvent[], ended: false, close: () => opened.close() };
  void opened.ended.then(() => (watch.ended = true));
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

/** The exact body upstream's WithTimeoutForNonLongRunningRequests writes (NewTimeoutError(..., 0)). */
const TIMEOUT_STATUS = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: request did not complete within the allotted timeout","reason":"Timeout","details":{},"code":504}\n';
const SERVER_TIMEOUT_MS = 3_000;

describe('a hung etcd (SIGSTOP) under a running replica', () => {
  let group: ReplicaGroup;
  let replica: Replica;
  before(async () => {
    group = await startReplicas(['hung'], { serverOptions: () => ({ requestTimeoutMs: SERVER_TIMEOUT_MS }) });
    [replica] = group.replicas as [Replica];
    await okJson(replica.raw, 'POST', '/api/v1/namespaces/default/configmaps', { metadata: { name: 'canary' }, data: { kept: 'yes' } });
  });
  after(() => group.close());

  /** Sends the request and checks it ended with upstream's 504, no sooner than `timeoutMs` and not long after. */
  async function expectTimeoutWithin(timeoutMs: number, method: string, path: string, body?: unknown): Promise<void> {
    const started = performance.now();
    const res = await replica.raw.request(method, path, body === undefined ? {} : { body: JSON.stringify(body) });
    const elapsed = performance.now() - started;
    assert.equal(res.status, 504, `${method} ${path}: ${res.body}`);
    assert.equal(res.body, TIMEOUT_STATUS);
    assert.ok(elapsed >= timeoutMs - 50 && elapsed < timeoutMs + 1_000, `${method} ${path} answered after ${Math.round(elapsed)} ms (timeout ${timeoutMs} ms)`);
  }

  test('504 Timeout within the timeout, /readyz fails, and all recovers after SIGCONT', { timeout: 60_000 }, async () => {
    const path = '/api/v1/namespaces/default/configmaps';
    const start = (await okJson<{ metadata: { resourceVersion: string } }>(replica.raw, 'GET', path)).metadata.resourceVersion;
    const watch = openWatch(replica, `${path}?watch=1&resourceVersion=${start}`);
    group.etcd.pause();
    try {
      await Promise.all([
        expectTimeoutWithin(2_000, 'GET', `${path}/canary?timeout=2s`),
        expectTimeoutWithin(2_000, 'GET', `${path}?timeout=2s`),
        expectTimeoutWithin(2_000, 'POST', `${path}?timeout=2s`, { metadata: { name: 'during-hang' } }),
        expectTimeoutWithin(SERVER_TIMEOUT_MS, 'GET', `${path}/canary`),
        expectTimeoutWithin(SERVER_TIMEOUT_MS, 'PUT', `${path}/canary`, { metadata: { name: 'canary' }, data: { kept: 'no' } }),
        (async () => {
          // upstream's etcd check gives etcd 2 s (--etcd-healthcheck-timeout), then fails.
          const ready = await replica.raw.request('GET', '/readyz?verbose');
          assert.equal(ready.status, 500);
          assert.match(ready.body, /^\[-\]etcd failed: reason withheld$/m);
          assert.equal((await replica.raw.request('GET', '/livez/etcd')).status, 500);
        })(),
      ]);
    } finally {
      group.etcd.resume();
    }
    try {
      await eventually(async () => ((await replica.raw.request('GET', '/readyz')).status === 200 ? true : undefined), 'readiness after SIGCONT');
      const canary = await okJson<{ data: unknown }>(replica.raw, 'GET', `${path}/canary`);
      assert.ok(['yes', 'no'].includes((canary.data as { kept: string }).kept), 'the canary is there (the timed-out PUT may have reached etcd)');
      await okJson(replica.raw, 'POST', path, { metadata: { name: 'after-hang' } });
      await eventually(() => (watch.events.some((e) => e.object.metadata.name === 'after-hang') ? true : undefined), 'the open watch to see the write after SIGCONT');
      assert.equal(watch.ended, false, 'the watch lived through the hang');
    } finally {
      watch.close();
    }
  });
});
