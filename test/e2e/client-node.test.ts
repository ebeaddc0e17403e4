// @kubernetes/client-node 1.4 (the official JavaScript client, unchanged) against a started kplane:
// typed CRUD, paged lists, an informer, and a watch resumed from a resourceVersion after its connection
// dropped (1-conventions: collection responses, chunked lists, watch).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  Watch,
  makeInformer,
  setHeaderOptions,
  type KubernetesObject,
  type V1ConfigMap,
} from '@kubernetes/client-node';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { statusOf } from './support/clients.js';

const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

const names = (items: readonly KubernetesObject[]): string[] => items.map((i) => i.metadata?.name ?? '').sort();

describe('@kubernetes/client-node against kplane', () => {
  let c: TestCluster;
  let kc: KubeConfig;
  let core: CoreV1Api;
  before(async () => {
    c = await startCluster({ storage: 'sqlite' }); // the default backend, as a user runs it
    kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    core = kc.makeApiClient(CoreV1Api);
    for (const name of ['cn-a', 'cn-b', 'paging', 'informed', 'resume']) await core.createNamespace({ body: { metadata: { name } } });
  });
  after(() => c.stop());

  test('ConfigMap create, read, replace, merge patch, delete', async () => {
    const created = await core.createNamespacedConfigMap({ namespace: 'cn-a', body: { metadata: { name: 'cfg', labels: { app: 'x' } }, data: { a: '1' } } });
    assert.equal(created.kind, 'ConfigMap');
    assert.match(created.metadata?.uid ?? '', /^[0-9a-f-]{36}$/);
    const read = await core.readNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a' });
    assert.deepEqual(read.data, { a: '1' });
    assert.equal(read.metadata?.resourceVersion, created.metadata?.resourceVersion);

    const replaced = await core.replaceNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a', body: { ...read, data: { a: '2', b: '3' } } });
    assert.deepEqual(replaced.data, { a: '2', b: '3' });
    assert.ok(BigInt(replaced.metadata?.resourceVersion ?? '0') > BigInt(read.metadata?.resourceVersion ?? '0'));
    assert.equal(replaced.metadata?.uid, created.metadata?.uid);

    // A merge patch: null removes a key, other keys merge.
    const patched = await core.patchNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a', body: { data: { b: null, c: '4' }, metadata: { labels: { tier: 'web' } } } }, mergePatch);
    assert.deepEqual(patched.data, { a: '2', c: '4' });
    assert.deepEqual(patched.metadata?.labels, { app: 'x', tier: 'web' });

    // client-node's default patch type is a JSON patch.
    const jsonPatched = await core.patchNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a', body: [{ op: 'replace', path: '/data/a', value: 'j' }] });
    assert.deepEqual(jsonPatched.data, { a: 'j', c: '4' });

    await core.deleteNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a' });
    assert.equal(await statusOf(core.readNamespacedConfigMap({ name: 'cfg', namespace: 'cn-a' })), 404);
  });

  test('Secret create (stringData folded into data), read, replace, merge patch, delete', async () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const created = await core.createNamespacedSecret({ namespace: 'cn-a', body: { metadata: { name: 'creds' }, data: { user: b64('admin') }, stringData: { pass: 's3cret' } } });
    assert.equal(created.type, 'Opaque');
    assert.deepEqual(created.data, { user: b64('admin'), pass: b64('s3cret') });
    assert.equal(created.stringData, undefined);

    const read = await core.readNamespacedSecret({ name: 'creds', namespace: 'cn-a' });
    assert.deepEqual(read.data, created.data);
    const replaced = await core.replaceNamespacedSecret({ name: 'creds', namespace: 'cn-a', body: { ...read, data: { user: b64('root') } } });
    assert.deepEqual(replaced.data, { user: b64('root') });
    const patched = await core.patchNamespacedSecret({ name: 'creds', namespace: 'cn-a', body: { data: { token: b64('t') } } }, mergePatch);
    assert.deepEqual(patched.data, { user: b64('root'), token: b64('t') });

    await core.deleteNamespacedSecret({ name: 'creds', namespace: 'cn-a' });
    assert.equal(await statusOf(core.readNamespacedSecret({ name: 'creds', namespace: 'cn-a' })), 404);
  });

  test('list in one namespace and across namespaces', async () => {
    for (const [ns, name] of [['cn-a', 'one'], ['cn-a', 'two'], ['cn-b', 'three']] as const)
      await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name, labels: { listed: 'yes' } } } });
    const inA = await core.listNamespacedConfigMap({ namespace: 'cn-a', labelSelector: 'listed=yes' });
    assert.deepEqual(names(inA.items), ['one', 'two']);
    assert.ok(inA.items.every((i) => i.metadata?.namespace === 'cn-a'));
    assert.match(inA.metadata?._continue ?? '', /^$/);
    assert.match(inA.metadata?.resourceVersion ?? '', /^[1-9]\d*$/);

    const all = await core.listConfigMapForAllNamespaces({ labelSelector: 'listed=yes' });
    assert.deepEqual(
      all.items.map((i) => `${i.metadata?.namespace}/${i.metadata?.name}`).sort(),
      ['cn-a/one', 'cn-a/two', 'cn-b/three'],
    );
    const secrets = await core.listSecretForAllNamespaces();
    assert.equal(secrets.kind, 'SecretList');
  });

  test('limit and continue: 7 objects in pages of 3, one snapshot, remainingItemCount as the spec says', async () => {
    // The root CA publisher's ConfigMap comes first in key order.
    await eventually(async () => ((await core.listNamespacedConfigMap({ namespace: 'paging' })).items.length === 1 ? true : undefined), 'kube-root-ca.crt');
    const expected: string[] = ['kube-root-ca.crt'];
    for (let i = 0; i < 7; i++) {
      expected.push(`page-${i}`);
      await core.createNamespacedConfigMap({ namespace: 'paging', body: { metadata: { name: `page-${i}` }, data: { i: String(i) } } });
    }
    const seen: string[] = [];
    const versions = new Set<string>();
    const remaining: (number | undefined)[] = [];
    let token: string | undefined;
    let first = true;
    while (first || token) {
      const page = await core.listNamespacedConfigMap({ namespace: 'paging', limit: 3, ...(token ? { _continue: token } : {}) });
      first = false;
      // A write between pages must not show up: the pages belong to the first page's snapshot.
      if (seen.length === 0) await core.createNamespacedConfigMap({ namespace: 'paging', body: { metadata: { name: 'page-late' } } });
      seen.push(...page.items.map((i) => i.metadata?.name ?? ''));
      versions.add(page.metadata?.resourceVersion ?? '');
      remaining.push(page.metadata?.remainingItemCount);
      token = page.metadata?._continue || undefined;
    }
    assert.deepEqual(seen, expected); // each once, in key order, the late write absent
    assert.equal(versions.size, 1);
    assert.deepEqual(remaining, [5, 2, undefined]);

    // With a selector the count is unknown, so it is omitted even when more pages follow.
    const selected = await core.listNamespacedConfigMap({ namespace: 'paging', limit: 3, fieldSelector: 'metadata.namespace=paging' });
    assert.equal(selected.items.length, 3);
    assert.ok(selected.metadata?._continue);
    assert.equal(selected.metadata?.remainingItemCount, undefined);
  });

  test('an informer sees add, update and delete', async () => {
    const path = '/api/v1/namespaces/informed/configmaps';
    const informer = makeInformer<V1ConfigMap>(kc, path, () => core.listNamespacedConfigMap({ namespace: 'informed' }));
    const events: string[] = [];
    // Not the root CA publisher's ConfigMap, which appears in every namespace.
    const ours = (o: V1ConfigMap) => o.metadata?.name !== 'kube-root-ca.crt';
    informer.on('add', (o) => ours(o) && events.push(`add ${o.metadata?.name} ${o.data?.v}`));
    informer.on('update', (o) => ours(o) && events.push(`update ${o.metadata?.name} ${o.data?.v}`));
    informer.on('delete', (o) => ours(o) && events.push(`delete ${o.metadata?.name}`));
    informer.on('error', (err) => events.push(`error ${String(err)}`));
    await core.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name: 'before' }, data: { v: '0' } } });
    await informer.start();
    try {
      await eventually(() => (events.includes('add before 0') ? true : undefined), 'the listed object as an add');
      await core.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name: 'live' }, data: { v: '1' } } });
      await eventually(() => (events.includes('add live 1') ? true : undefined), 'the add of a new object');
      await core.patchNamespacedConfigMap({ name: 'live', namespace: 'informed', body: { data: { v: '2' } } }, mergePatch);
      await eventually(() => (events.includes('update live 2') ? true : undefined), 'the update');
      await core.deleteNamespacedConfigMap({ name: 'live', namespace: 'informed' });
      await eventually(() => (events.includes('delete live') ? true : undefined), 'the delete');
      assert.deepEqual(events, ['add before 0', 'add live 1', 'update live 2', 'delete live']);
      assert.deepEqual(names(informer.list('informed').filter(ours)), ['before']);
    } finally {
      await informer.stop();
    }
  });

  test('a watch resumed from the last seen resourceVersion after a dropped connection misses and repeats nothing', async () => {
    const ns = 'resume';
    const path = `/api/v1/namespaces/${ns}/configmaps`;
    const start = (await core.listNamespacedConfigMap({ namespace: ns })).metadata?.resourceVersion ?? '';
    const received: { type: string; name: string; v: string; rv: string }[] = [];
    const record = (type: string, obj: V1ConfigMap) =>
      received.push({ type, name: obj.metadata?.name ?? '', v: obj.data?.v ?? '', rv: obj.metadata?.resourceVersion ?? '' });
    const expected: string[] = [];
    const change = async (type: 'ADDED' | 'MODIFIED' | 'DELETED', name: string, v: string) => {
      expected.push(`${type} ${name} ${v}`);
      if (type === 'ADDED') await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name }, data: { v } } });
      else if (type === 'MODIFIED') await core.patchNamespacedConfigMap({ name, namespace: ns, body: { data: { v } } }, mergePatch);
      else await core.deleteNamespacedConfigMap({ name, namespace: ns });
    };

    // First watch: it sees some changes, then its connection is dropped while changes keep coming.
    let firstOpen = true;
    const first = await new Watch(kc).watch(path, { resourceVersion: start }, (type, obj: V1ConfigMap) => firstOpen && record(type, obj), () => undefined);
    await change('ADDED', 'w1', '1');
    await change('ADDED', 'w2', '1');
    await eventually(() => (received.length >= 2 ? true : undefined), 'the first watch to see two events');
    const burst = [change('MODIFIED', 'w1', '2'), change('MODIFIED', 'w2', '2')];
    firstOpen = false; // whatever arrives from here on is lost with the connection
    first.abort();
    await Promise.all(burst);
    // No watch open: these are only seen through the resumed watch.
    await change('DELETED', 'w1', '2');
    await change('ADDED', 'w3', '1');
    await change('MODIFIED', 'w3', '2');
    const resumeFrom = received.at(-1)?.rv ?? '';
    assert.match(resumeFrom, /^\d+$/);

    const second = await new Watch(kc).watch(path, { resourceVersion: resumeFrom }, (type, obj: V1ConfigMap) => record(type, obj), () => undefined);
    try {
      await change('ADDED', 'sentinel', '1');
      await eventually(() => (received.some((e) => e.name === 'sentinel') ? true : undefined), 'the sentinel through the resumed watch');
    } finally {
      second.abort();
    }
    // Events carry the object as it was after the change; a deletion carries its last state.
    assert.deepEqual(received.map((e) => `${e.type} ${e.name} ${e.v}`), expected);
    const rvs = received.map((e) => BigInt(e.rv));
    assert.ok(rvs.every((rv, i) => i === 0 || rv > (rvs[i - 1] ?? 0n)), `resourceVersions strictly increase: ${rvs.join(',')}`);
  });
});
