// kubectl's strategic-merge-patch workflows against a started kplane: client-side `apply` (three-way
// patches with `$setElementOrder` and the last-applied annotation), `patch --type=strategic` with
// `$patch: delete` on keyed lists (ownerReferences by uid; Namespace status conditions by type through
// the status subresource), `create --save-config`, `edit` and `diff`; then the raw wire behaviour.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const NS = 'smp';

interface ConfigMapJson {
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string>; ownerReferences?: { uid: string; name: string }[] };
  data?: Record<string, string>;
}

const configMap = (name: string, data: Record<string, string>, metadata: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NS, ...metadata }, data });

describe('kubectl strategic merge patch workflows', () => {
  let c: TestCluster;
  let raw: RawClient;
  let dir: string;
  const getCm = async (name: string) => JSON.parse(await c.kubectl(['get', 'cm', name, '-n', NS, '-o', 'json'])) as ConfigMapJson;
  const manifest = async (file: string, text: string) => {
    const path = join(dir, file);
    await writeFile(path, text);
    return path;
  };

  before(async () => {
    // The owner references here name owners that never existed: no garbage collector, or it would collect them.
    c = await startCluster({ controllers: ['*', '-garbagecollector'] });
    raw = rawClient(await import('node:fs/promises').then((fs) => fs.readFile(c.server.kubeconfigPath, 'utf8')));
    dir = await mkdtemp(join(tmpdir(), 'kplane-smp-'));
    await c.kubectl(['create', 'namespace', NS]);
  });
  after(async () => {
    await c.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('apply twice with a field removed in between: the field goes, last-applied follows', async () => {
    const first = await manifest('applied-1.json', configMap('applied', { a: '1', b: '2' }, { labels: { tier: 'web', keep: 'yes' } }));
    assert.match(await c.kubectl(['apply', '-f', first]), /configmap\/applied created/);
    const second = await manifest('applied-2.json', configMap('applied', { a: '1' }, { labels: { keep: 'yes' } }));
    assert.match(await c.kubectl(['apply', '-f', second]), /configmap\/applied configured/);
    const cm = await getCm('applied');
    assert.deepEqual(cm.data, { a: '1' });
    assert.deepEqual(cm.metadata.labels, { keep: 'yes' });
    const lastApplied = JSON.parse(cm.metadata.annotations?.[LAST_APPLIED] ?? '{}') as ConfigMapJson;
    assert.deepEqual(lastApplied.data, { a: '1' });
    assert.deepEqual(lastApplied.metadata.labels, { keep: 'yes' });
    assert.match(await c.kubectl(['apply', '-f', second]), /configmap\/applied unchanged/);
  });

  test('apply keeps fields set by others (three-way merge)', async () => {
    const path = await manifest('shared-1.json', configMap('shared', { a: '1' }));
    await c.kubectl(['apply', '-f', path]);
    await c.kubectl(['label', 'cm', 'shared', '-n', NS, 'owner=other']);
    await c.kubectl(['apply', '-f', await manifest('shared-2.json', configMap('shared', { a: '2' }))]);
    const cm = await getCm('shared');
    assert.deepEqual(cm.data, { a: '2' });
    assert.equal(cm.metadata.labels?.['owner'], 'other');
  });

  test('apply drops a keyed-list item and a finalizer ($setElementOrder, $patch: delete, $deleteFromPrimitiveList)', async () => {
    const owner = (n: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: `o${n}`, uid: `${n}${n}${n}${n}${n}${n}${n}${n}-0000-0000-0000-000000000000` });
    const first = configMap('listed', { a: '1' }, { ownerReferences: [owner(1), owner(2), owner(3)], finalizers: ['example.com/one', 'example.com/two'] });
    await c.kubectl(['apply', '-f', await manifest('listed-1.json', first)]);
    const second = configMap('listed', { a: '1' }, { ownerReferences: [owner(3), owner(1)], finalizers: ['example.com/two'] });
    const out = await c.kubectl(['apply', '-f', await manifest('listed-2.json', second)]);
    assert.match(out, /configmap\/listed configured/);
    const cm = JSON.parse(await c.kubectl(['get', 'cm', 'listed', '-n', NS, '-o', 'json'])) as ConfigMapJson & { metadata: { finalizers?: string[] } };
    assert.deepEqual(cm.metadata.ownerReferences?.map((o) => o.name), ['o3', 'o1']);
    assert.deepEqual(cm.metadata.finalizers, ['example.com/two']);
    await c.kubectl(['patch', 'cm', 'listed', '-n', NS, '--type=merge', '-p', '{"metadata":{"finalizers":null}}']);
  });

  test('patch --type=strategic with $patch: delete removes one owner reference by uid', async () => {
    const owners = [
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner-1', uid: '11111111-1111-1111-1111-111111111111' },
      { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner-2', uid: '22222222-2222-2222-2222-222222222222' },
    ];
    await c.kubectl(['create', '-f', '-'], { input: configMap('owned', { a: '1' }, { ownerReferences: owners }) });
    const patch = JSON.stringify({ metadata: { ownerReferences: [{ $patch: 'delete', uid: owners[0]!.uid }] } });
    assert.match(await c.kubectl(['patch', 'cm', 'owned', '-n', NS, '--type=strategic', '-p', patch]), /configmap\/owned patched/);
    assert.deepEqual((await getCm('owned')).metadata.ownerReferences?.map((o) => o.name), ['owner-2']);
  });

  test('patch: nulls inside labels the object lacks are dropped, not stored as "" (IgnoreUnmatchedNulls)', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('no-labels', { a: '1' }) });
    await c.kubectl(['patch', 'cm', 'no-labels', '-n', NS, '-p', '{"metadata":{"labels":{"x":null,"b":"c"}}}']);
    assert.deepEqual((await getCm('no-labels')).metadata.labels, { b: 'c' });
  });

  test('patch: $patch: delete on an absent list is taken as an item, as 1.25 takes it (a warning, then 422)', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('no-owners', { a: '1' }) });
    const patch = JSON.stringify({ metadata: { ownerReferences: [{ $patch: 'delete', uid: '33333333-3333-3333-3333-333333333333' }] } });
    const result = await c.kubectlResult(['patch', 'cm', 'no-owners', '-n', NS, '-p', patch]);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /Warning: unknown field "metadata\.ownerReferences\[0\]\.\$patch"/);
    assert.match(result.stderr, /metadata\.ownerReferences\.apiVersion: Invalid value: "": version must not be empty/);
    assert.match(result.stderr, /metadata\.ownerReferences\.kind: Invalid value: "": kind must not be empty/);
    assert.equal((await getCm('no-owners')).metadata.ownerReferences, undefined);
  });

  test('patch (default type strategic) merges labels and data', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('merged', { a: '1', b: '2' }, { labels: { x: '1' } }) });
    await c.kubectl(['patch', 'cm', 'merged', '-n', NS, '-p', '{"metadata":{"labels":{"y":"2"}},"data":{"b":null,"c":"3"}}']);
    const cm = await getCm('merged');
    assert.deepEqual(cm.metadata.labels, { x: '1', y: '2' });
    assert.deepEqual(cm.data, { a: '1', c: '3' });
  });

  test('Namespace status conditions merge on type through the status subresource; $patch: delete removes one', async () => {
    await c.kubectl(['create', 'namespace', 'conditions']);
    const conditions = [
      { type: 'NamespaceDeletionDiscoveryFailure', status: 'False', reason: 'ResourcesDiscovered' },
      { type: 'NamespaceDeletionContentFailure', status: 'False', reason: 'ContentDeleted' },
    ];
    const patchStatus = (patch: unknown) => c.kubectl(['patch', 'ns', 'conditions', '--subresource=status', '--type=strategic', '-p', JSON.stringify(patch)]);
    await patchStatus({ status: { conditions } });
    await patchStatus({ status: { conditions: [{ type: conditions[1]!.type, message: 'all gone' }] } });
    await patchStatus({ status: { conditions: [{ $patch: 'delete', type: conditions[0]!.type }] } });
    const ns = JSON.parse(await c.kubectl(['get', 'ns', 'conditions', '-o', 'json'])) as { status: { phase: string; conditions: Record<string, string>[] } };
    assert.equal(ns.status.phase, 'Active');
    // NamespaceCondition's lastTransitionTime is a metav1.Time held by value: Go writes the zero time as null.
    assert.deepEqual(ns.status.conditions, [{ ...conditions[1], message: 'all gone', lastTransitionTime: null }]);
  });

  test('create --save-config, then apply', async () => {
    await c.kubectl(['create', '--save-config', '-f', await manifest('saved-1.json', configMap('saved', { a: '1', b: '2' }))]);
    assert.ok((await getCm('saved')).metadata.annotations?.[LAST_APPLIED]);
    await c.kubectl(['apply', '-f', await manifest('saved-2.json', configMap('saved', { b: '3' }))]);
    const cm = await getCm('saved');
    assert.deepEqual(cm.data, { b: '3' });
    assert.deepEqual((JSON.parse(cm.metadata.annotations?.[LAST_APPLIED] ?? '{}') as ConfigMapJson).data, { b: '3' });
  });

  test('edit with EDITOR set to a script: the change lands', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('edited', { greeting: 'hello' }) });
    const editor = join(dir, 'editor.sh');
    await writeFile(editor, '#!/bin/sh\nsed -i "s/greeting: hello/greeting: goodbye/" "$1"\n');
    await chmod(editor, 0o755);
    assert.match(await c.kubectl(['edit', 'cm', 'edited', '-n', NS], { env: { EDITOR: editor, KUBE_EDITOR: editor } }), /configmap\/edited edited/);
    assert.deepEqual((await getCm('edited')).data, { greeting: 'goodbye' });
  });

  test('diff -f: exit 0 when the same, exit 1 with both sides when different', async () => {
    const same = await manifest('diffed-1.json', configMap('diffed', { a: '1' }));
    await c.kubectl(['apply', '-f', same]);
    const unchanged = await c.kubectlResult(['diff', '-f', same]);
    assert.equal(unchanged.code, 0, unchanged.stderr);
    assert.equal(unchanged.stdout, '');
    const changed = await c.kubectlResult(['diff', '-f', await manifest('diffed-2.json', configMap('diffed', { a: '2' }))]);
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /^- {2}a: "1"$/m);
    assert.match(changed.stdout, /^\+ {2}a: "2"$/m);
    assert.deepEqual((await getCm('diffed')).data, { a: '1' }, 'diff is a dry run');
  });

  test('wire: 415 lists the patch types of a built-in kind', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('wire', { a: '1' }) });
    const res = await raw.request('PATCH', `/api/v1/namespaces/${NS}/configmaps/wire`, { body: '{}', contentType: 'text/plain' });
    assert.equal(res.status, 415);
    assert.equal(
      (res.json() as { message: string }).message,
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml',
    );
  });

  test('wire: an unknown $patch is a 500 Status without a reason, as upstream', async () => {
    const res = await raw.request('PATCH', `/api/v1/namespaces/${NS}/configmaps/wire`, {
      body: '{"data":{"$patch":"bogus"}}',
      contentType: 'application/strategic-merge-patch+json',
    });
    assert.equal(res.status, 500);
    const status = res.json() as { reason?: string; message: string; code: number };
    assert.equal(status.reason, undefined);
    assert.equal(status.message, 'unknown patch type: bogus in map: map[$patch:bogus]');
  });

  test('wire: an unknown field under fieldValidation=Strict is 422 on field patch', async () => {
    const res = await raw.request('PATCH', `/api/v1/namespaces/${NS}/configmaps/wire?fieldValidation=Strict`, {
      body: '{"data":{"b":"2"},"bogus":1}',
      contentType: 'application/strategic-merge-patch+json',
    });
    assert.equal(res.status, 422);
    assert.equal(
      (res.json() as { message: string }).message,
      ' "" is invalid: patch: Invalid value: "map[bogus:1 data:map[b:2]]": strict decoding error: unknown field "bogus"',
    );
  });

  test('wire: a body that is not an object is 400', async () => {
    const res = await raw.request('PATCH', `/api/v1/namespaces/${NS}/configmaps/wire`, { body: '[1]', contentType: 'application/strategic-merge-patch+json' });
    assert.equal(res.status, 400);
    assert.equal((res.json() as { message: string }).message, 'json: cannot unmarshal array into Go value of type map[string]interface {}');
  });
});
