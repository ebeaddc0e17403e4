// Server-side apply and field ownership through real clients (1-conventions "Patch and server-side
// apply"): kubectl apply --server-side with conflicting managers, client-node's ServerSideApply patch,
// managedFields after kubectl's everyday writes, and the exact answers of bad apply requests.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CoreV1Api,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
  type V1ConfigMap,
  type V1ManagedFieldsEntry,
} from '@kubernetes/client-node';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const NS = 'ssa';
const configMap = (name: string, data: Record<string, string>, metadata: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: NS, ...metadata }, data });

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  fieldsType: string;
  fieldsV1: Record<string, unknown>;
  subresource?: string;
}
interface Obj {
  data?: Record<string, string>;
  metadata: { resourceVersion: string; managedFields?: Entry[]; labels?: Record<string, string> };
}

/** manager/operation -> fieldsV1, the view the assertions compare. */
const ownership = (entries: readonly (Entry | V1ManagedFieldsEntry)[] | undefined): Record<string, unknown> =>
  Object.fromEntries((entries ?? []).map((e) => [`${e.manager}/${e.operation}`, e.fieldsV1]));

describe('server-side apply', () => {
  let c: TestCluster;
  let raw: RawClient;
  const getObj = async (name: string): Promise<Obj> => JSON.parse(await c.kubectl(['get', 'cm', name, '-n', NS, '-o', 'json', '--show-managed-fields'])) as Obj;
  before(async () => {
    c = await startCluster();
    raw = rawClient(c.server.kubeconfig);
    await c.kubectl(['create', 'namespace', NS]);
  });
  after(() => c.stop());

  test('kubectl apply --server-side: two managers on one field conflict; --force-conflicts takes it', async () => {
    const apply = (manager: string, value: string, extra: string[] = []) =>
      c.kubectlResult(['apply', '--server-side', `--field-manager=${manager}`, ...extra, '-f', '-'], { input: configMap('shared', { key: value, [manager]: 'x' }) });
    assert.equal((await apply('a', 'one')).code, 0);
    const conflict = await apply('b', 'two');
    assert.notEqual(conflict.code, 0);
    assert.match(conflict.stderr, /Apply failed with 1 conflict: conflict with "a": \.data\.key/);
    assert.match(conflict.stderr, /--force-conflicts/);
    const forced = await apply('b', 'two', ['--force-conflicts']);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stdout, /configmap\/shared serverside-applied/);
    const obj = await getObj('shared');
    assert.deepEqual(obj.data, { a: 'x', b: 'x', key: 'two' });
    assert.deepEqual(ownership(obj.metadata.managedFields), {
      'a/Apply': { 'f:data': { 'f:a': {} } },
      'b/Apply': { 'f:data': { 'f:b': {}, 'f:key': {} } },
    });
    // Same value: shared ownership, no conflict.
    const same = await c.kubectlResult(['apply', '--server-side', '--field-manager=c', '-f', '-'], { input: configMap('shared', { key: 'two' }) });
    assert.equal(same.code, 0, same.stderr);
  });

  test('a field set by kubectl client-side apply conflicts with another applier, named with its version', async () => {
    await c.kubectl(['apply', '-f', '-'], { input: configMap('client-side', { key: 'v1' }) });
    const result = await c.kubectlResult(['apply', '--server-side', '--field-manager=ssa-tool', '-f', '-'], { input: configMap('client-side', { key: 'v2' }) });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: \.data\.key/);
    // kubectl itself takes over its own client-side apply without conflict.
    await c.kubectl(['apply', '--server-side', '-f', '-'], { input: configMap('client-side', { key: 'v2' }) });
    assert.deepEqual((await getObj('client-side')).data, { key: 'v2' });
  });

  test('managedFields after kubectl create, label, annotate, patch, edit and replace', async () => {
    await c.kubectl(['create', 'configmap', 'everyday', '-n', NS, '--from-literal=a=1']);
    await c.kubectl(['label', 'cm', 'everyday', '-n', NS, 'tier=web']);
    await c.kubectl(['annotate', 'cm', 'everyday', '-n', NS, 'note=hi']);
    await c.kubectl(['patch', 'cm', 'everyday', '-n', NS, '--type=merge', '-p', '{"data":{"b":"2"}}']);
    await c.kubectl(['edit', 'cm', 'everyday', '-n', NS], { env: { KUBE_EDITOR: `sed -i 's/^  a: "1"$/  a: "edited"/'` } });
    const obj = await getObj('everyday');
    assert.deepEqual(obj.data, { a: 'edited', b: '2' });
    assert.deepEqual(ownership(obj.metadata.managedFields), {
      'kubectl-create/Update': { 'f:data': {} },
      'kubectl-label/Update': { 'f:metadata': { 'f:labels': { '.': {}, 'f:tier': {} } } },
      'kubectl-annotate/Update': { 'f:metadata': { 'f:annotations': { '.': {}, 'f:note': {} } } },
      'kubectl-patch/Update': { 'f:data': { 'f:b': {} } },
      'kubectl-edit/Update': { 'f:data': { 'f:a': {} } },
    });
    for (const entry of obj.metadata.managedFields ?? []) {
      assert.equal(entry.apiVersion, 'v1');
      assert.equal(entry.fieldsType, 'FieldsV1');
      assert.match(entry.time ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    await c.kubectl(['replace', '-f', '-'], { input: configMap('everyday', { only: 'this' }) });
    const replaced = await getObj('everyday');
    assert.deepEqual(ownership(replaced.metadata.managedFields)['kubectl-replace/Update'], { 'f:data': { 'f:only': {} } });
  });

  test('@kubernetes/client-node ServerSideApply: two field managers, managedFields read back', async () => {
    const kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    const objects = KubernetesObjectApi.makeApiClient(kc);
    const core = kc.makeApiClient(CoreV1Api);
    const spec = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-node', namespace: NS, labels: { app: 'web' } }, data: { host: 'h1' } };
    const created = await objects.patch(spec, undefined, undefined, 'deployer', undefined, PatchStrategy.ServerSideApply);
    assert.equal(created.metadata?.name, 'from-node');
    const ssa = setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply);
    const second: V1ConfigMap = await core.patchNamespacedConfigMap(
      { name: 'from-node', namespace: NS, fieldManager: 'tuner', body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-node' }, data: { port: '80' } } },
      ssa,
    );
    assert.deepEqual(second.data, { host: 'h1', port: '80' });
    const read = await core.readNamespacedConfigMap({ name: 'from-node', namespace: NS });
    assert.deepEqual(ownership(read.metadata?.managedFields), {
      'deployer/Apply': { 'f:data': { 'f:host': {} }, 'f:metadata': { 'f:labels': { 'f:app': {} } } },
      'tuner/Apply': { 'f:data': { 'f:port': {} } },
    });
    assert.deepEqual(read.metadata?.managedFields?.map((e) => [e.manager, e.operation, e.apiVersion, e.fieldsType]), [
      ['deployer', 'Apply', 'v1', 'FieldsV1'],
      ['tuner', 'Apply', 'v1', 'FieldsV1'],
    ]);
    // The deployer drops the label: nobody else owns it, so it goes (rule 6).
    await objects.patch({ ...spec, metadata: { name: 'from-node', namespace: NS } }, undefined, undefined, 'deployer', undefined, PatchStrategy.ServerSideApply);
    const after = await core.readNamespacedConfigMap({ name: 'from-node', namespace: NS });
    assert.equal(after.metadata?.labels, undefined);
    assert.deepEqual(after.data, { host: 'h1', port: '80' });
  });

  test('list-map items that omit a defaulted key field (ports without protocol) apply, keyed as TCP', async () => {
    const service = `apiVersion: v1
kind: Service
metadata: {name: no-protocol, namespace: ${NS}}
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: 8080
`;
    for (let i = 0; i < 2; i++) assert.match(await c.kubectl(['apply', '--server-side', '-f', '-'], { input: service }), /serverside-applied/);
    const applied = JSON.parse(await c.kubectl(['get', 'svc', 'no-protocol', '-n', NS, '--show-managed-fields', '-o', 'json'])) as { metadata: { managedFields: Entry[] } };
    const fields = applied.metadata.managedFields.find((e) => e.manager === 'kubectl' && e.operation === 'Apply')?.fieldsV1 as { 'f:spec': { 'f:ports': Record<string, unknown> } };
    assert.deepEqual(Object.keys(fields['f:spec']['f:ports']), ['k:{"port":80,"protocol":"TCP"}']);
  });

  test('an applied empty map is owned (a NetworkPolicy selecting every pod), as kubernetes#92913 fixed', async () => {
    const policy = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: {name: all-pods, namespace: ${NS}}
spec:
  podSelector: {}
  policyTypes: [Ingress]
`;
    assert.match(await c.kubectl(['apply', '--server-side', '-f', '-'], { input: policy }), /serverside-applied/);
    const applied = JSON.parse(await c.kubectl(['get', 'networkpolicy', 'all-pods', '-n', NS, '--show-managed-fields', '-o', 'json'])) as { metadata: { managedFields: Entry[] } };
    const fields = applied.metadata.managedFields.find((e) => e.manager === 'kubectl' && e.operation === 'Apply')?.fieldsV1;
    assert.deepEqual(fields?.['f:spec'], { 'f:podSelector': {}, 'f:policyTypes': {} });
  });

  test('bad apply requests answer as upstream', async () => {
    const path = `/api/v1/namespaces/${NS}/configmaps/bad`;
    const applyReq = (query: string, body: string) => raw.request('PATCH', `${path}${query}`, { body, contentType: 'application/apply-patch+yaml' });
    const noManager = await applyReq('', configMap('bad', { a: '1' }));
    assert.equal(noManager.status, 422);
    assert.equal((noManager.json() as { message: string }).message, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch');
    const force = await raw.request('PATCH', `${path}?force=true`, { body: '{}', contentType: 'application/merge-patch+json' });
    assert.equal(force.status, 422);
    assert.match((force.json() as { message: string }).message, /force: Forbidden: may not be specified for non-apply patch/);
    const managed = await applyReq('?fieldManager=m', configMap('bad', { a: '1' }, { managedFields: [] }));
    assert.equal(managed.status, 400);
    assert.equal((managed.json() as { message: string }).message, 'metadata.managedFields must be nil');
    const version = await applyReq('?fieldManager=m', JSON.stringify({ apiVersion: 'v2', kind: 'ConfigMap', metadata: { name: 'bad' } }));
    assert.equal(version.status, 400);
    assert.equal((version.json() as { message: string }).message, 'Incorrect version specified in apply patch. Specified patch version: v2, expected: v1');
    const strict = await applyReq('?fieldManager=m&fieldValidation=Strict', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bad' }, foo: 1, data: { a: '1' }, bar: 2 }));
    assert.equal(strict.status, 400);
    assert.match((strict.json() as { message: string }).message, /unknown field "bar", unknown field "foo"|unknown field "foo", unknown field "bar"/);
    const warn = await applyReq('?fieldManager=m&fieldValidation=Warn', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bad' }, foo: 1 }));
    assert.equal(warn.status, 201);
    assert.match(String(warn.headers['warning']), /299 - "unknown field \\"foo\\""/);
    // Read as YAML 1.1, as sigs.k8s.io/yaml reads it: a plain `y` key is the boolean true, so the key "true".
    const yaml = await applyReq('?fieldManager=m', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndata:\n  y: "2"\n  "n": "3"\n');
    assert.equal(yaml.status, 200);
    assert.deepEqual((yaml.json() as Obj).data, { true: '2', n: '3' });
    // A boolean where a string is wanted is the decoder's type error, as upstream's.
    const typed = await applyReq('?fieldManager=m', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndata:\n  a: yes\n');
    assert.equal(typed.status, 400, typed.body);
    const wrongName = await applyReq('?fieldManager=m', configMap('other', { a: '1' }));
    assert.equal(wrongName.status, 400);
    assert.equal((wrongName.json() as { message: string }).message, 'the name of the object (other) does not match the name on the URL (bad)');
  });

  test('apply creates (201), a no-op apply keeps resourceVersion, dry run stores nothing, conflicts are 409 with causes', async () => {
    const path = `/api/v1/namespaces/${NS}/configmaps/lifecycle`;
    const applyReq = (manager: string, data: Record<string, string>, query = '') =>
      raw.request('PATCH', `${path}?fieldManager=${manager}${query}`, { body: configMap('lifecycle', data), contentType: 'application/apply-patch+yaml' });
    assert.equal((await applyReq('m', { a: '1' }, '&dryRun=All')).status, 201);
    assert.equal((await raw.request('GET', path)).status, 404);
    const first = await applyReq('m', { a: '1' });
    assert.equal(first.status, 201);
    const again = await applyReq('m', { a: '1' });
    assert.equal(again.status, 200);
    assert.equal((again.json() as Obj).metadata.resourceVersion, (first.json() as Obj).metadata.resourceVersion);
    const conflict = await applyReq('other', { a: '2' });
    assert.equal(conflict.status, 409);
    assert.deepEqual(conflict.json(), {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "m": .data.a',
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "m"', field: '.data.a' }] },
      code: 409,
    });
  });

  test('managedFields reset with [{}] through a merge patch; an empty list does not reset', async () => {
    await c.kubectl(['create', 'configmap', 'resettable', '-n', NS, '--from-literal=a=1']);
    const path = `/api/v1/namespaces/${NS}/configmaps/resettable`;
    const patch = (body: unknown) => raw.request('PATCH', path, { body: JSON.stringify(body), contentType: 'application/merge-patch+json' });
    const empty = (await patch({ metadata: { managedFields: [] } })).json() as Obj;
    assert.equal(empty.metadata.managedFields?.length, 1);
    const reset = (await patch({ metadata: { managedFields: [{}] } })).json() as Obj;
    assert.equal(reset.metadata.managedFields, undefined);
    assert.deepEqual(reset.data, { a: '1' });
  });
});
