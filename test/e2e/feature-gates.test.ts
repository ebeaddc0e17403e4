// --feature-gates: the gates a server starts with decide what lists and writes do (APIListChunking,
// ServerSideFieldValidation, ServerSideApply), and `kplane serve` refuses a gate kube-apiserver 1.25 does not know.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const CLI = fileURLToPath(new URL('../../kplane-cli.js', import.meta.url));
const base = '/api/v1/namespaces/default/configmaps';
const configMap = (name: string, extra: Record<string, unknown> = {}) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels: { set: 'paged' } }, data: { a: '1' }, ...extra });
const paged = `${base}?labelSelector=set%3Dpaged&limit=1`;

interface List {
  metadata: { continue?: string; remainingItemCount?: number };
  items: { metadata: { name: string } }[];
}

async function createConfigMaps(api: RawClient, names: string[]): Promise<void> {
  for (const name of names) assert.equal((await api.request('POST', base, { body: configMap(name) })).status, 201);
}

describe('APIListChunking=false, ServerSideFieldValidation=false, LegacyServiceAccountTokenNoAutoGeneration=false', () => {
  let c: TestCluster;
  let api: RawClient;
  before(async () => {
    c = await startCluster({ featureGates: { APIListChunking: false, ServerSideFieldValidation: false, LegacyServiceAccountTokenNoAutoGeneration: false } });
    api = rawClient(c.server.kubeconfig);
    await createConfigMaps(api, ['one', 'two', 'three']);
  });
  after(() => c.stop());

  test('a list with limit=1 is whole, with no continue token', async () => {
    const list = (await api.request('GET', paged)).json() as List;
    assert.deepEqual(list.items.map((i) => i.metadata.name).sort(), ['one', 'three', 'two']);
    assert.equal(list.metadata.continue, undefined);
    assert.equal(list.metadata.remainingItemCount, undefined);
  });

  test('a continue token is ignored: the list starts over', async () => {
    const list = (await api.request('GET', `${paged}&continue=bm90LWEtdG9rZW4`)).json() as List;
    assert.equal(list.items.length, 3);
  });

  test('kubectl get --chunk-size=1 shows every object', async () => {
    const out = await c.kubectl(['get', 'configmaps', '-n', 'default', '-l', 'set=paged', '--chunk-size=1', '-o', 'name']);
    for (const name of ['one', 'two', 'three']) assert.match(out, new RegExp(`^configmap/${name}$`, 'm'));
  });

  test('fieldValidation=Strict is ignored: an unknown field is dropped silently', async () => {
    const res = await api.request('POST', `${base}?fieldValidation=Strict`, { body: configMap('strict', { bogus: 1 }) });
    assert.equal(res.status, 201);
    assert.equal(res.headers['warning'], undefined);
    assert.equal((res.json() as Record<string, unknown>)['bogus'], undefined);
  });

  test('duplicate fields are taken silently', async () => {
    const res = await api.request('POST', `${base}?fieldValidation=Strict`, { body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"dup"},"data":{"a":"1","a":"2"}}' });
    assert.equal(res.status, 201);
    assert.equal(res.headers['warning'], undefined);
  });

  test('every service account gets a token secret, as before 1.24', async () => {
    const name = await eventually(async () => (await c.kubectl(['get', 'serviceaccount', 'default', '-n', 'default', '-o', 'jsonpath={.secrets[0].name}'])) || undefined, 'the default account\'s token');
    assert.match(name, /^default-token-[a-z0-9]{5}$/);
    const type = await c.kubectl(['get', 'secret', name, '-n', 'default', '-o', 'jsonpath={.type}']);
    assert.equal(type, 'kubernetes.io/service-account-token');
  });

  test('a fieldValidation that is no directive is still refused', async () => {
    const res = await api.request('POST', `${base}?fieldValidation=Loose`, { body: configMap('loose') });
    assert.equal(res.status, 422);
  });
});

/** The upstream 1.25 415 of an apply PATCH to a built-in kind with ServerSideApply off: the apply type is not listed. */
const NO_APPLY_415 = 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json';

/** A ConfigMap manifest for kubectl (`-f -`). */
const manifest = (name: string, data: Record<string, string>, metadata: Record<string, unknown> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', ...metadata }, data });

interface ConfigMapJson {
  metadata: { managedFields?: { manager: string; operation: string }[]; annotations?: Record<string, string>; resourceVersion: string };
  data?: Record<string, string>;
}

/** The object as kubectl shows it, managedFields included (kubectl hides them by default). */
async function getConfigMap(c: TestCluster, name: string): Promise<ConfigMapJson> {
  return JSON.parse(await c.kubectl(['get', 'configmap', name, '-n', 'default', '-o', 'json', '--show-managed-fields'])) as ConfigMapJson;
}

describe('ServerSideApply=false', () => {
  let dataDir: string;
  let c: TestCluster;
  let api: RawClient;
  before(async () => {
    // What a server with the gate on stored first, on the same storage.
    dataDir = await mkdtemp(join(tmpdir(), 'kplane-ssa-off-'));
    const on = await startCluster({ storage: 'sqlite', dataDir });
    await on.kubectl(['create', '-f', '-'], { input: manifest('stored-before', { a: '1' }) });
    assert.ok((await getConfigMap(on, 'stored-before')).metadata.managedFields?.length, 'the gate on records managedFields');
    await on.stop();
    c = await startCluster({ storage: 'sqlite', dataDir, featureGates: { ServerSideApply: false } });
    api = rawClient(c.server.kubeconfig);
  });
  after(async () => {
    await c.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('kubectl apply --server-side fails with upstream 415, and nothing is created', async () => {
    const result = await c.kubectlResult(['apply', '--server-side', '-f', '-'], { input: manifest('ssa', { a: '1' }) });
    assert.notEqual(result.code, 0);
    assert.ok(result.stderr.includes(NO_APPLY_415), result.stderr);
    const res = await api.request('GET', `${base}/ssa`);
    assert.equal(res.status, 404);
  });

  test('wire: an apply PATCH is 415 before its body or parameters are read', async () => {
    const res = await api.request('PATCH', `${base}/stored-before?fieldManager=x&force=maybe`, { body: 'not: [yaml', contentType: 'application/apply-patch+yaml' });
    assert.equal(res.status, 415);
    const status = res.json() as { reason: string; message: string; details?: unknown };
    assert.equal(status.reason, 'UnsupportedMediaType');
    assert.equal(status.details, undefined, 'upstream\'s 415 Status has no details');
    assert.equal(status.message, NO_APPLY_415);
    const openapi = (await api.request('GET', '/openapi/v2')).body;
    assert.ok(openapi.includes('application/strategic-merge-patch+json') && !openapi.includes('application/apply-patch+yaml'), 'PATCH consumes no apply type');
  });

  test('kubectl create records no managedFields, and drops those the manifest carries', async () => {
    const sent = [{ manager: 'someone', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }];
    await c.kubectl(['create', '-f', '-'], { input: manifest('created', { a: '1' }, { managedFields: sent }) });
    assert.equal((await getConfigMap(c, 'created')).metadata.managedFields, undefined);
  });

  test('client-side kubectl apply creates and updates, with no managedFields', async () => {
    await c.kubectl(['apply', '-f', '-'], { input: manifest('applied', { a: '1' }) });
    await c.kubectl(['apply', '-f', '-'], { input: manifest('applied', { a: '2', b: '3' }) });
    const cm = await getConfigMap(c, 'applied');
    assert.deepEqual(cm.data, { a: '2', b: '3' });
    assert.ok(cm.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']);
    assert.equal(cm.metadata.managedFields, undefined);
  });

  test('stored managedFields are served as stored, and the next write drops them', async () => {
    const before = await getConfigMap(c, 'stored-before');
    assert.deepEqual(before.metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`), ['kubectl-create/Update']);
    await c.kubectl(['label', 'configmap', 'stored-before', '-n', 'default', 'x=y']);
    const after = await getConfigMap(c, 'stored-before');
    assert.notEqual(after.metadata.resourceVersion, before.metadata.resourceVersion);
    assert.equal(after.metadata.managedFields, undefined);
  });
});

describe('the gates at their defaults', () => {
  let c: TestCluster;
  let api: RawClient;
  before(async () => {
    c = await startCluster();
    api = rawClient(c.server.kubeconfig);
    await createConfigMaps(api, ['one', 'two']);
  });
  after(() => c.stop());

  test('limit=1 pages, Strict refuses an unknown field, and no account gets a token secret', async () => {
    const list = (await api.request('GET', paged)).json() as List;
    assert.equal(list.items.length, 1);
    assert.ok(list.metadata.continue);
    const res = await api.request('POST', `${base}?fieldValidation=Strict`, { body: configMap('strict', { bogus: 1 }) });
    assert.equal(res.status, 400);
    assert.match((res.json() as { message: string }).message, /unknown field "bogus"/);
    assert.equal(await c.kubectl(['get', 'secrets', '-n', 'default', '-o', 'name']), '');
  });

  test('ServerSideApply: kubectl create and apply --server-side record managedFields', async () => {
    await c.kubectl(['create', '-f', '-'], { input: manifest('created', { a: '1' }) });
    await c.kubectl(['apply', '--server-side', '-f', '-'], { input: manifest('ssa', { a: '1' }) });
    assert.deepEqual((await getConfigMap(c, 'created')).metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`), ['kubectl-create/Update']);
    assert.deepEqual((await getConfigMap(c, 'ssa')).metadata.managedFields?.map((e) => `${e.manager}/${e.operation}`), ['kubectl/Apply']);
  });
});

/** Runs `kplane serve` with `args`; resolves with its exit code and output once it exits. */
function serve(args: string[], dataDir: string): { child: ChildProcess; exited: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir, '--storage=memory', '--secure-port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, exited };
}

describe('kplane serve --feature-gates', () => {
  let dataDir: string;
  const children: ChildProcess[] = [];
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kplane-feature-gates-'));
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an unknown gate: exit 1 with upstream message, nothing served', async () => {
    const { child, exited } = serve(['--feature-gates=Nope=true'], dataDir);
    children.push(child);
    const { code, stdout, stderr } = await exited;
    assert.equal(code, 1);
    assert.equal(stderr, 'Error: invalid argument "Nope=true" for "--feature-gates" flag: unrecognized feature gate: Nope\n');
    assert.equal(stdout, '');
  });

  test('a locked gate set away from its default: exit 1', async () => {
    const { child, exited } = serve(['--feature-gates', 'APIListChunking=false,PodSecurity=false'], dataDir);
    children.push(child);
    const { code, stderr } = await exited;
    assert.equal(code, 1);
    assert.equal(stderr, 'Error: invalid argument "APIListChunking=false,PodSecurity=false" for "--feature-gates" flag: cannot set feature gate PodSecurity to false, feature is locked to true\n');
  });

  test('a GA gate, not locked in 1.25: the server starts, with upstream warning on stderr', async () => {
    const { child, exited } = serve(['--feature-gates=ServerSideApply=false'], dataDir);
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const serving = await new Promise<boolean>((resolve) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('serving on') && resolve(true));
      void exited.then(() => resolve(false));
    });
    child.kill('SIGKILL');
    await exited;
    assert.ok(serving, stderr);
    assert.match(stderr, /^kplane: Setting GA feature gate ServerSideApply=false\. It will be removed in a future release\.$/m);
  });

  test('--help lists the gates as kube-apiserver does', async () => {
    const { child, exited } = serve(['--help'], dataDir);
    children.push(child);
    const { code, stdout } = await exited;
    assert.equal(code, 0);
    assert.match(stdout, /--feature-gates mapStringBool +A set of key=value pairs that describe feature gates for alpha\/experimental features\. Options are:\n +APIListChunking=true\|false \(BETA - default=true\)\n/);
  });
});
