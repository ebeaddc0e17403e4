// kubectl (the machine's /usr/bin/kubectl, 1.32) against a started kplane: the everyday commands of a
// Kubernetes user for namespaces and configmaps, each checked through kubectl's own output.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { KUBECTL, eventually, startCluster, type TestCluster } from './support/cluster.js';
import { builtInResources } from '../../src/apis/index.js';

const configMap = (name: string, namespace: string, data: Record<string, string> = { a: '1' }) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data });

describe('kubectl against kplane', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } }) });
  });
  after(() => c.stop());

  test('get namespaces shows the system namespaces with NAME STATUS AGE', async () => {
    const out = await c.kubectl(['get', 'ns']);
    assert.match(out, /^NAME\s+STATUS\s+AGE\n/);
    for (const ns of ['default', 'kube-system', 'kube-public', 'kube-node-lease', 'demo']) assert.match(out, new RegExp(`^${ns}\\s+Active\\s+\\d+s`, 'm'));
  });

  test('create configmap from a manifest, then get shows NAME DATA AGE', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('settings', 'demo', { a: '1', b: '2' }) });
    const out = await c.kubectl(['get', 'cm', '-n', 'demo']);
    assert.match(out, /^NAME\s+DATA\s+AGE\n/);
    assert.match(out, /^settings\s+2\s+\d+s$/m);
  });

  test('get -o yaml, -o json and -o wide render the object', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('formats', 'demo', { k: 'v' }) });
    const yaml = await c.kubectl(['get', 'cm', 'formats', '-n', 'demo', '-o', 'yaml']);
    assert.match(yaml, /^apiVersion: v1$/m);
    assert.match(yaml, /^ {2}k: v$/m);
    assert.match(yaml, /resourceVersion: "\d+"/);
    const json = JSON.parse(await c.kubectl(['get', 'cm', 'formats', '-n', 'demo', '-o', 'json'])) as { kind: string; data: Record<string, string>; metadata: { uid: string } };
    assert.equal(json.kind, 'ConfigMap');
    assert.deepEqual(json.data, { k: 'v' });
    assert.match(json.metadata.uid, /^[0-9a-f-]{36}$/);
    const wide = await c.kubectl(['get', 'cm', '-n', 'demo', '-o', 'wide']);
    assert.match(wide, /^formats\s+1\s+\d+s$/m);
  });

  test('get -w shows a change made afterwards', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('watched', 'demo') });
    const watch = spawn(KUBECTL, ['--kubeconfig', c.server.kubeconfigPath, 'get', 'cm', 'watched', '-n', 'demo', '-w', '-o', 'jsonpath={.metadata.labels.stage}{"\\n"}']);
    let output = '';
    watch.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await eventually(() => (output.length > 0 ? true : undefined), 'the initial watch line');
      await c.kubectl(['label', 'cm', 'watched', '-n', 'demo', 'stage=two']);
      await eventually(() => (output.includes('two') ? true : undefined), 'the MODIFIED event in kubectl get -w');
    } finally {
      watch.kill();
    }
  });

  test('label and annotate change metadata', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('meta', 'demo') });
    await c.kubectl(['label', 'cm', 'meta', '-n', 'demo', 'tier=backend']);
    await c.kubectl(['annotate', 'cm', 'meta', '-n', 'demo', 'owner=team-a']);
    const out = await c.kubectl(['get', 'cm', 'meta', '-n', 'demo', '-o', 'jsonpath={.metadata.labels.tier}/{.metadata.annotations.owner}']);
    assert.equal(out, 'backend/team-a');
    const selected = await c.kubectl(['get', 'cm', '-n', 'demo', '-l', 'tier=backend', '-o', 'name']);
    assert.equal(selected.trim(), 'configmap/meta');
  });

  test('replace writes a whole new object and bumps resourceVersion', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('whole', 'demo', { a: '1' }) });
    const before = JSON.parse(await c.kubectl(['get', 'cm', 'whole', '-n', 'demo', '-o', 'json'])) as { metadata: { resourceVersion: string } };
    await c.kubectl(['replace', '-f', '-'], { input: configMap('whole', 'demo', { b: '2' }) });
    const after = JSON.parse(await c.kubectl(['get', 'cm', 'whole', '-n', 'demo', '-o', 'json'])) as { data: Record<string, string>; metadata: { resourceVersion: string } };
    assert.deepEqual(after.data, { b: '2' });
    assert.ok(Number(after.metadata.resourceVersion) > Number(before.metadata.resourceVersion));
  });

  test('patch --type=merge and --type=json', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('patched', 'demo', { a: '1', b: '2' }) });
    await c.kubectl(['patch', 'cm', 'patched', '-n', 'demo', '--type=merge', '-p', '{"data":{"c":"3","a":null}}']);
    await c.kubectl(['patch', 'cm', 'patched', '-n', 'demo', '--type=json', '-p', '[{"op":"replace","path":"/data/b","value":"20"}]']);
    const data = await c.kubectl(['get', 'cm', 'patched', '-n', 'demo', '-o', 'jsonpath={.data}']);
    assert.deepEqual(JSON.parse(data), { b: '20', c: '3' });
  });

  test('create --dry-run=server validates but stores nothing', async () => {
    const out = await c.kubectl(['create', '--dry-run=server', '-f', '-'], { input: configMap('ghost', 'demo') });
    assert.match(out, /configmap\/ghost created \(server dry run\)/);
    const get = await c.kubectlResult(['get', 'cm', 'ghost', '-n', 'demo']);
    assert.notEqual(get.code, 0);
    assert.match(get.stderr, /NotFound|not found/);
  });

  test('get --chunk-size=2 over 5 objects pages through all of them', async () => {
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'paged' } }) });
    // The root CA publisher's ConfigMap is the sixth.
    await eventually(async () => ((await c.kubectlResult(['get', 'cm', 'kube-root-ca.crt', '-n', 'paged'])).code === 0 ? true : undefined), 'kube-root-ca.crt');
    for (let i = 0; i < 4; i++) await c.kubectl(['create', '-f', '-'], { input: configMap(`item-${i}`, 'paged') });
    const result = await c.kubectlResult(['get', 'cm', '-n', 'paged', '--chunk-size=2', '-o', 'name', '-v=6']);
    assert.equal(result.code, 0, result.stderr);
    assert.deepEqual(result.stdout.trim().split('\n'), [...[0, 1, 2, 3].map((i) => `configmap/item-${i}`), 'configmap/kube-root-ca.crt']);
    const pages = result.stderr.split('\n').filter((l) => /GET .*\/namespaces\/paged\/configmaps\?.*limit=2/.test(l));
    assert.equal(pages.length, 3, 'three pages of at most 2');
  });

  test('delete returns once the object is gone', async () => {
    await c.kubectl(['create', '-f', '-'], { input: configMap('doomed', 'demo') });
    const out = await c.kubectl(['delete', 'cm', 'doomed', '-n', 'demo']);
    assert.match(out, /configmap "doomed" deleted/);
    const get = await c.kubectlResult(['get', 'cm', 'doomed', '-n', 'demo']);
    assert.match(get.stderr, /configmaps "doomed" not found/);
  });

  test('api-resources and api-versions list what is served', async () => {
    const resources = await c.kubectl(['api-resources']);
    assert.match(resources, /^configmaps\s+cm\s+v1\s+true\s+ConfigMap$/m);
    assert.match(resources, /^namespaces\s+ns\s+v1\s+false\s+Namespace$/m);
    assert.match(resources, /^events\s+ev\s+events\.k8s\.io\/v1\s+true\s+Event$/m);
    const versions = (await c.kubectl(['api-versions'])).trim().split('\n');
    const served = new Set(builtInResources().map((d) => (d.group ? `${d.group}/${d.version}` : d.version)));
    assert.deepEqual(versions.sort(), [...served].sort());
    assert.ok(versions.includes('events.k8s.io/v1') && versions.includes('v1'));
  });

  test('explain configmap.data reads the served OpenAPI', async () => {
    const out = await c.kubectl(['explain', 'configmap.data']);
    assert.match(out, /KIND:\s+ConfigMap/);
    assert.match(out, /FIELD:\s+data <map\[string\]string>/);
  });

  test('delete ns removes the namespace and its configmaps', async () => {
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'gone' } }) });
    await c.kubectl(['create', '-f', '-'], { input: configMap('inside', 'gone') });
    await c.kubectl(['delete', 'ns', 'gone']);
    const ns = await c.kubectlResult(['get', 'ns', 'gone']);
    assert.match(ns.stderr, /namespaces "gone" not found/);
    const all = await c.kubectl(['get', 'cm', '-A', '-o', 'name']);
    assert.doesNotMatch(all, /inside/);
  });
});
