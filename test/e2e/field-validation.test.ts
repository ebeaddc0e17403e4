// fieldValidation for duplicate fields (1-conventions: field validation): JSON.parse would keep the
// last value silently; Strict rejects with every duplicate path, Warn answers `Warning: 299` per field.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const base = '/api/v1/namespaces/default/configmaps';
const duplicated = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"NAME","name":"NAME"},"data":{"a":"1","a":"2"}}';

const warnings = (headers: Record<string, string | string[] | undefined>): string[] => {
  const raw = headers['warning'];
  return (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(/,(?=\s*299)/).map((w) => w.trim()).filter(Boolean);
};

describe('duplicate fields in request bodies', () => {
  let c: TestCluster;
  let api: RawClient;
  before(async () => {
    c = await startCluster();
    api = rawClient(c.server.kubeconfig);
  });
  after(() => c.stop());

  test('create, Strict: 400 naming every duplicate path; nothing stored', async () => {
    const res = await api.request('POST', `${base}?fieldValidation=Strict`, { body: duplicated.replaceAll('NAME', 'strict') });
    assert.equal(res.status, 400);
    const status = res.json() as { reason: string; message: string };
    assert.equal(status.reason, 'BadRequest');
    assert.match(status.message, /strict decoding error: duplicate field "metadata\.name", duplicate field "data\.a"/);
    assert.equal((await api.request('GET', `${base}/strict`)).status, 404);
  });

  test('create, Warn (the default): created with the last value and one warning per duplicate', async () => {
    const res = await api.request('POST', base, { body: duplicated.replaceAll('NAME', 'warned') });
    assert.equal(res.status, 201);
    assert.deepEqual((res.json() as { data: Record<string, string> }).data, { a: '2' });
    const texts = warnings(res.headers);
    assert.ok(texts.some((w) => w.includes('duplicate field \\"metadata.name\\"') || w.includes('duplicate field "metadata.name"')), texts.join(' | '));
    assert.ok(texts.some((w) => w.includes('data.a')), texts.join(' | '));
  });

  test('create, Ignore: no warning', async () => {
    const res = await api.request('POST', `${base}?fieldValidation=Ignore`, { body: duplicated.replaceAll('NAME', 'ignored') });
    assert.equal(res.status, 201);
    assert.equal(warnings(res.headers).length, 0);
  });

  test('YAML bodies and merge patches are checked too', async () => {
    const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: yamled\ndata:\n  k: "1"\n  k: "2"\n';
    const created = await api.request('POST', `${base}?fieldValidation=Strict`, { body: yaml, contentType: 'application/yaml' });
    assert.equal(created.status, 400);
    assert.match((created.json() as { message: string }).message, /duplicate field "data\.k"/);
    const ignored = await api.request('POST', `${base}?fieldValidation=Ignore`, { body: yaml, contentType: 'application/yaml' });
    assert.equal(ignored.status, 201, ignored.body);
    assert.deepEqual((ignored.json() as { data: Record<string, string> }).data, { k: '2' });
    const patch = await api.request('PATCH', `${base}/warned?fieldValidation=Strict`, { body: '{"data":{"b":"1","b":"2"}}', contentType: 'application/merge-patch+json' });
    assert.equal(patch.status, 400);
    assert.match((patch.json() as { message: string }).message, /error decoding patch: duplicate field "data\.b"/);
  });

  test('server-side apply bodies are checked too', async () => {
    const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  x: "1"\n  x: "2"\n';
    const res = await api.request('PATCH', `${base}/applied?fieldManager=me&fieldValidation=Strict`, { body, contentType: 'application/apply-patch+yaml' });
    assert.equal(res.status, 400);
    assert.match((res.json() as { message: string }).message, /duplicate field "data\.x"/);
  });
});
