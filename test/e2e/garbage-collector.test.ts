// Garbage collection through kubectl (issue 16): cascading deletion with foreground, background and orphan
// propagation over chains of ConfigMaps that own each other, as against a cluster running
// kube-controller-manager's garbage collector.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CoreV1Api, KubeConfig, makeInformer, type V1ConfigMap } from '@kubernetes/client-node';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

interface Owner {
  kind?: string;
  apiVersion?: string;
  name: string;
  uid: string;
  block?: boolean;
}

describe('garbage collector (kubectl)', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.stop());

  /** Creates a ConfigMap owned by `owners`; returns its uid. */
  const create = async (name: string, owners: Owner[] = [], extra: { namespace?: string; finalizers?: string[] } = {}): Promise<string> => {
    const ownerReferences = owners.map((o) => ({ apiVersion: o.apiVersion ?? 'v1', kind: o.kind ?? 'ConfigMap', name: o.name, uid: o.uid, ...(o.block ? { blockOwnerDeletion: true } : {}) }));
    const metadata = { name, namespace: extra.namespace ?? 'default', ...(owners.length ? { ownerReferences } : {}), ...(extra.finalizers ? { finalizers: extra.finalizers } : {}) };
    return c.kubectl(['create', '-f', '-', '-o', 'jsonpath={.metadata.uid}'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata }) });
  };
  /** The ConfigMap's metadata, or undefined once it is gone. */
  const meta = async (name: string, namespace = 'default'): Promise<{ uid: string; finalizers?: string[]; deletionTimestamp?: string; ownerReferences?: { uid: string }[] } | undefined> => {
    const r = await c.kubectlResult(['get', 'configmap', name, '-n', namespace, '-o', 'json']);
    if (r.code !== 0) {
      assert.match(r.stderr, /NotFound/);
      return undefined;
    }
    return (JSON.parse(r.stdout) as { metadata: { uid: string } }).metadata;
  };
  const gone = (name: string, namespace = 'default') => eventually(async () => ((await meta(name, namespace)) === undefined ? true : undefined), `${namespace}/${name} to be collected`);
  /** A chain root <- child <- grandchild, each reference blocking. */
  const chain = async (prefix: string, grandchildFinalizers?: string[]) => {
    const root = await create(`${prefix}-root`);
    const child = await create(`${prefix}-child`, [{ name: `${prefix}-root`, uid: root, block: true }]);
    await create(`${prefix}-grandchild`, [{ name: `${prefix}-child`, uid: child, block: true }], grandchildFinalizers ? { finalizers: grandchildFinalizers } : {});
  };

  test('--cascade=foreground: the root stays with foregroundDeletion and a deletionTimestamp until its blocking dependents are gone', async () => {
    await chain('fg', ['example.com/hold']);
    await c.kubectl(['delete', 'configmap', 'fg-root', '--cascade=foreground', '--wait=false']);
    const root = await meta('fg-root');
    assert.deepEqual(root?.finalizers, ['foregroundDeletion']);
    assert.ok(root?.deletionTimestamp);
    // The child is deleted in the foreground in turn; the grandchild is held by its own finalizer.
    const grandchild = await eventually(async () => {
      const m = await meta('fg-grandchild');
      return m?.deletionTimestamp ? m : undefined;
    }, 'the grandchild to be deleting');
    assert.deepEqual(grandchild.finalizers, ['example.com/hold']);
    const child = await meta('fg-child');
    assert.deepEqual(child?.finalizers, ['foregroundDeletion']);
    assert.ok((await meta('fg-root'))?.deletionTimestamp, 'the root waits for the held grandchild');
    await c.kubectl(['patch', 'configmap', 'fg-grandchild', '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
    await gone('fg-grandchild');
    await gone('fg-child');
    await gone('fg-root');
  });

  test('--cascade=foreground waits (kubectl --wait) until the whole chain is gone', async () => {
    await chain('fgw');
    await c.kubectl(['delete', 'configmap', 'fgw-root', '--cascade=foreground']);
    assert.equal(await meta('fgw-root'), undefined);
    assert.equal(await meta('fgw-child'), undefined);
    assert.equal(await meta('fgw-grandchild'), undefined);
  });

  test('--cascade=background: the root goes at once, its dependents follow', async () => {
    await chain('bg');
    await c.kubectl(['delete', 'configmap', 'bg-root', '--cascade=background', '--wait=false']);
    assert.equal(await meta('bg-root'), undefined);
    await gone('bg-child');
    await gone('bg-grandchild');
  });

  test('--cascade=orphan: dependents stay, without the reference to the deleted owner', async () => {
    await chain('or');
    await c.kubectl(['delete', 'configmap', 'or-root', '--cascade=orphan']);
    assert.equal(await meta('or-root'), undefined);
    const child = await meta('or-child');
    assert.equal(child?.ownerReferences, undefined);
    assert.equal((await meta('or-grandchild'))?.ownerReferences?.[0]?.uid, child?.uid);
  });

  test('a dependent of an absent owner uid is collected; one of a live owner is never', async () => {
    const owner = await create('live-owner');
    await create('kept', [{ name: 'live-owner', uid: owner }]);
    // The same name with another uid is not the owner; a name that does not exist neither.
    await create('stale-uid', [{ name: 'live-owner', uid: '00000000-0000-0000-0000-000000000001' }]);
    await create('absent-owner', [{ name: 'never-was', uid: '00000000-0000-0000-0000-000000000002' }]);
    await gone('stale-uid');
    await gone('absent-owner');
    assert.equal((await meta('kept'))?.ownerReferences?.[0]?.uid, owner);
  });

  test('a dependent with two owners survives the deletion of one, loses that reference, and goes with the other', async () => {
    const a = await create('two-a');
    const b = await create('two-b');
    await create('two-dep', [{ name: 'two-a', uid: a }, { name: 'two-b', uid: b }]);
    await c.kubectl(['delete', 'configmap', 'two-a']);
    const dep = await eventually(async () => {
      const m = await meta('two-dep');
      return m?.ownerReferences?.length === 1 ? m : undefined;
    }, 'the dangling reference to be removed');
    assert.equal(dep.ownerReferences?.[0]?.uid, b);
    await c.kubectl(['delete', 'configmap', 'two-b']);
    await gone('two-dep');
  });

  test('a cluster-scoped owner (a Namespace) of a namespaced dependent; deleting a namespace still works', async () => {
    await c.kubectl(['create', 'namespace', 'gc-owner']);
    const ns = (await c.kubectl(['get', 'namespace', 'gc-owner', '-o', 'jsonpath={.metadata.uid}'])).trim();
    await create('ns-owned', [{ kind: 'Namespace', name: 'gc-owner', uid: ns }]);
    // A chain inside the namespace goes with it.
    const root = await create('in-ns-root', [], { namespace: 'gc-owner' });
    await create('in-ns-child', [{ name: 'in-ns-root', uid: root }], { namespace: 'gc-owner' });
    await c.kubectl(['delete', 'namespace', 'gc-owner']);
    await gone('ns-owned');
    assert.equal(await meta('in-ns-child', 'gc-owner'), undefined);
  });

  test('kubectl delete namespace --cascade=foreground completes (the collector and the namespace controller both finalize it)', async () => {
    await c.kubectl(['create', 'namespace', 'gc-fg']);
    await create('inside', [], { namespace: 'gc-fg' });
    await c.kubectl(['delete', 'namespace', 'gc-fg', '--cascade=foreground']);
    const r = await c.kubectlResult(['get', 'namespace', 'gc-fg']);
    assert.match(r.stderr, /NotFound/);
  });

  test('an owner named in another namespace is absent: the dependent is collected', async () => {
    await c.kubectl(['create', 'namespace', 'gc-other']);
    const owner = await create('cross-owner');
    await create('cross-dep', [{ name: 'cross-owner', uid: owner }], { namespace: 'gc-other' });
    await gone('cross-dep', 'gc-other');
    assert.ok(await meta('cross-owner'));
    // As upstream, a Warning on the dependent says the owner is not in its namespace.
    const events = JSON.parse(await c.kubectl(['get', 'events', '-n', 'gc-other', '-o', 'json'])) as { items: { reason: string; type: string; message: string; involvedObject: { name: string }; source: { component: string } }[] };
    const warning = events.items.find((e) => e.reason === 'OwnerRefInvalidNamespace');
    assert.equal(warning?.involvedObject.name, 'cross-dep');
    assert.equal(warning?.type, 'Warning');
    assert.equal(warning?.source.component, 'garbage-collector-controller');
    assert.equal(warning?.message, `ownerRef [v1/ConfigMap, namespace: gc-other, name: cross-owner, uid: ${owner}] does not exist in namespace "gc-other"`);
  });

  test('a cycle of blocking references is deleted in the foreground', async () => {
    const a = await create('cyc-a');
    const b = await create('cyc-b', [{ name: 'cyc-a', uid: a, block: true }]);
    await c.kubectl(['patch', 'configmap', 'cyc-a', '--type=merge', '-p', JSON.stringify({ metadata: { ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'cyc-b', uid: b, blockOwnerDeletion: true }] } })]);
    await c.kubectl(['delete', 'configmap', 'cyc-a', '--cascade=foreground', '--wait=false']);
    await gone('cyc-a');
    await gone('cyc-b');
  });

  test('client-node: an informer sees the dependents deleted after their owner (deleted with propagationPolicy Foreground)', async () => {
    const kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    const core = kc.makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: 'informed' } } });
    const owner = await core.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name: 'owner' } } });
    const ref = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata?.uid ?? '', blockOwnerDeletion: true };
    for (const name of ['dep-1', 'dep-2']) await core.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name, ownerReferences: [ref] } } });
    const informer = makeInformer<V1ConfigMap>(kc, '/api/v1/namespaces/informed/configmaps', () => core.listNamespacedConfigMap({ namespace: 'informed' }));
    const deleted: string[] = [];
    informer.on('delete', (o) => deleted.push(o.metadata?.name ?? ''));
    await informer.start();
    try {
      await core.deleteNamespacedConfigMap({ name: 'owner', namespace: 'informed', propagationPolicy: 'Foreground' });
      await eventually(() => (deleted.includes('owner') ? true : undefined), 'the owner\'s deletion');
      // Foreground: the blocking dependents went first.
      assert.deepEqual(deleted.slice(0, 2).sort(), ['dep-1', 'dep-2']);
      assert.equal(deleted[2], 'owner');
      // A dependent created after its owner was deleted (an absent uid) is collected too.
      await core.createNamespacedConfigMap({ namespace: 'informed', body: { metadata: { name: 'late', ownerReferences: [ref] } } });
      await eventually(() => (deleted.includes('late') ? true : undefined), 'the late dependent\'s deletion');
    } finally {
      await informer.stop();
    }
  });

  test('the collector acts as generic-garbage-collector through authorization: without its binding it is forbidden, with it it collects again', async () => {
    const binding = 'system:controller:generic-garbage-collector';
    const account = 'system:serviceaccount:kube-system:generic-garbage-collector';
    /** Requests on configmaps the server answered 403 (apiserver_request_total). */
    const forbidden = async (): Promise<number> => (await c.kubectl(['get', '--raw', '/metrics'])).split('\n')
      .filter((line) => line.startsWith('apiserver_request_total{') && line.includes('code="403"') && line.includes('resource="configmaps"'))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
    const canDelete = async (): Promise<string> => (await c.kubectlResult(['auth', 'can-i', 'delete', 'configmaps', '-n', 'default', `--as=${account}`])).stdout.trim();
    await c.kubectl(['delete', 'clusterrolebinding', binding]);
    await eventually(async () => ((await canDelete()) === 'no' ? true : undefined), 'the binding\'s removal to be authorized on');
    const before = await forbidden();
    await create('authz-dep', [{ name: 'never-was', uid: '00000000-0000-0000-0000-000000000003' }]);
    await eventually(async () => ((await forbidden()) > before ? true : undefined), 'the collector to be forbidden');
    assert.ok(await meta('authz-dep'), 'a forbidden collector collects nothing');
    await c.kubectl(['create', 'clusterrolebinding', binding, `--clusterrole=${binding}`, '--serviceaccount=kube-system:generic-garbage-collector']);
    // The collector retries the item with its backoff (at most 30 s apart).
    await eventually(async () => ((await meta('authz-dep')) === undefined ? true : undefined), 'the dependent to be collected', 60_000);
  });

  test('the collector is a post-start hook of /readyz', async () => {
    const out = await c.kubectl(['get', '--raw', '/readyz?verbose']);
    assert.match(out, /\[\+\]poststarthook\/start-garbagecollector-controller ok/);
  });
});
