// Response headers every client sees: Audit-ID on every response (success, error, watch, 304), the
// default no-cache policy, and the immutable caching of OpenAPI v3 documents requested by their hash.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';

let cluster: TestCluster;
let client: RawClient;
before(async () => {
  cluster = await startCluster();
  client = rawClient(cluster.server.kubeconfig);
});
after(() => cluster.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('every response carries its own Audit-ID and is not cached', async () => {
  const ok = await client.request('GET', '/api/v1/namespaces/default');
  const missing = await client.request('GET', '/api/v1/namespaces/default/configmaps/absent');
  assert.equal(ok.status, 200);
  assert.equal(missing.status, 404);
  for (const response of [ok, missing]) {
    assert.match(String(response.headers['audit-id']), UUID);
    assert.equal(response.headers['cache-control'], 'no-cache, private');
  }
  assert.notEqual(ok.headers['audit-id'], missing.headers['audit-id']);
  const watch = await client.request('GET', '/api/v1/namespaces?watch=1&timeoutSeconds=1');
  assert.match(String(watch.headers['audit-id']), UUID);
});

test('an OpenAPI v3 document asked for by its hash may be cached for good', async () => {
  const index = (await client.request('GET', '/openapi/v3')).json() as { paths: Record<string, { serverRelativeURL: string }> };
  const url = index.paths['api/v1']!.serverRelativeURL;
  assert.match(url, /\?hash=/);
  const byHash = await client.request('GET', url);
  assert.equal(byHash.status, 200);
  assert.equal(byHash.headers['cache-control'], 'public, immutable');
  const plain = await client.request('GET', '/openapi/v3/api/v1');
  assert.equal(plain.headers['cache-control'], 'no-cache, private');
  const notModified = await client.request('GET', '/openapi/v2', { headers: { 'if-modified-since': String((await client.request('GET', '/openapi/v2')).headers['last-modified']) } });
  assert.equal(notModified.status, 304);
  assert.match(String(notModified.headers['audit-id']), UUID);
});
