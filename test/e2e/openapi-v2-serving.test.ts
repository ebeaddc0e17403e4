// /openapi/v2 as kube-apiserver 1.25 serves it: kube-openapi's handler behind NYTimes' gziphandler, then Go's
// http.ServeContent. Compressed (gzip at 1,400 bytes and above) when Accept-Encoding allows it, a Content-Type
// sniffed from the bytes, Last-Modified and If-Modified-Since, an unquoted ETag that no If-None-Match matches
// but `*`, byte ranges; kubectl (Go's transport asks for gzip) reads the document as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { useCluster } from './support/cluster.js';

const env = useCluster();
const PB = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';

test('the JSON and protobuf documents go out gzip-compressed to a client that accepts gzip', async () => {
  for (const accept of ['application/json', PB]) {
    const plain = await env.client.request('GET', '/openapi/v2', { accept });
    const gzipped = await env.client.request('GET', '/openapi/v2', { accept, headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    assert.equal(gzipped.status, 200);
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.equal(gzipped.headers['content-length'], undefined);
    assert.equal(gzipped.headers['vary'], 'Accept-Encoding, Accept');
    assert.equal(gzipped.headers['content-type'], plain.headers['content-type']);
    assert.equal(gzipped.headers['etag'], plain.headers['etag']);
    assert.deepEqual(gunzipSync(gzipped.bytes), plain.bytes);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['content-length'], String(plain.bytes.length));
    // q=0 refuses it.
    const refused = await env.client.request('GET', '/openapi/v2', { accept, headers: { 'accept-encoding': 'gzip;q=0' } });
    assert.equal(refused.headers['content-encoding'], undefined);
  }
});

test('the headers of ServeContent: sniffed Content-Type, Last-Modified, Accept-Ranges, an unquoted ETag', async () => {
  const json = await env.client.request('GET', '/openapi/v2', { accept: 'application/json' });
  assert.equal(json.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(json.headers['accept-ranges'], 'bytes');
  assert.match(String(json.headers['last-modified']), /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  assert.match(String(json.headers['etag']), /^[0-9A-F]{128}$/);
  assert.equal((json.json() as { swagger: string }).swagger, '2.0');
  const head = await env.client.request('HEAD', '/openapi/v2', { accept: 'application/json', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-length'], String(json.bytes.length));
  assert.equal(head.headers['content-encoding'], undefined);
});

test('conditional requests as Go decides them', async () => {
  const first = await env.client.request('GET', '/openapi/v2');
  const lastModified = String(first.headers['last-modified']);
  const etag = String(first.headers['etag']);
  const status = async (headers: Record<string, string>): Promise<number> => (await env.client.request('GET', '/openapi/v2', { headers })).status;
  assert.equal(await status({ 'if-modified-since': lastModified }), 304);
  assert.equal(await status({ 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }), 200);
  // The unquoted ETag is no entity tag to Go: neither it nor its quoted form matches; `*` does.
  assert.equal(await status({ 'if-none-match': etag }), 200);
  assert.equal(await status({ 'if-none-match': `"${etag}"` }), 200);
  assert.equal(await status({ 'if-none-match': `"${etag}"`, 'if-modified-since': lastModified }), 200);
  assert.equal(await status({ 'if-none-match': '*' }), 304);
  assert.equal(await status({ 'if-match': `"${etag}"` }), 412);
  assert.equal(await status({ 'if-unmodified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }), 412);
  const notModified = await env.client.request('GET', '/openapi/v2', { headers: { 'if-none-match': '*' } });
  assert.equal(notModified.headers['last-modified'], undefined);
  assert.equal(notModified.headers['etag'], etag);
  assert.equal(notModified.body, '');
});

test('byte ranges: one part, several parts, and none that overlaps', async () => {
  const whole = (await env.client.request('GET', '/openapi/v2')).bytes;
  const one = await env.client.request('GET', '/openapi/v2', { headers: { range: 'bytes=0-9' } });
  assert.equal(one.status, 206);
  assert.equal(one.headers['content-range'], `bytes 0-9/${whole.length}`);
  assert.deepEqual(one.bytes, whole.subarray(0, 10));
  const several = await env.client.request('GET', '/openapi/v2', { headers: { range: 'bytes=0-1,-2' } });
  assert.equal(several.status, 206);
  assert.match(String(several.headers['content-type']), /^multipart\/byteranges; boundary=[0-9a-f]{60}$/);
  assert.ok(several.body.includes(`Content-Range: bytes ${whole.length - 2}-${whole.length - 1}/${whole.length}`));
  const none = await env.client.request('GET', '/openapi/v2', { headers: { range: `bytes=${whole.length}-` } });
  assert.equal(none.status, 416);
  assert.equal(none.headers['content-range'], `bytes */${whole.length}`);
  assert.equal(none.body, 'invalid range: failed to overlap\n');
});

test('kubectl reads the document through gzip', async () => {
  const document = JSON.parse(await env.cluster.kubectl(['get', '--raw', '/openapi/v2'])) as { swagger: string; definitions: Record<string, unknown> };
  assert.equal(document.swagger, '2.0');
  assert.ok('io.k8s.api.core.v1.Pod' in document.definitions);
});

test("subresource operations name the kind they read and write, as upstream's x-kubernetes-group-version-kind", async () => {
  const v2 = (await env.client.request('GET', '/openapi/v2')).json() as { paths: Record<string, Record<string, { 'x-kubernetes-group-version-kind'?: unknown }>> };
  const v3 = (await env.client.request('GET', '/openapi/v3/apis/apps/v1')).json() as { paths: Record<string, Record<string, { 'x-kubernetes-group-version-kind'?: unknown }>> };
  const gvk = (paths: typeof v2.paths, path: string, method: string): unknown => paths[path]?.[method]?.['x-kubernetes-group-version-kind'];
  const expected: Array<[string, string, unknown]> = [
    ['/api/v1/namespaces/{namespace}/pods/{name}/binding', 'post', { group: '', kind: 'Binding', version: 'v1' }],
    ['/api/v1/namespaces/{namespace}/pods/{name}/eviction', 'post', { group: 'policy', kind: 'Eviction', version: 'v1' }],
    ['/api/v1/namespaces/{namespace}/serviceaccounts/{name}/token', 'post', { group: 'authentication.k8s.io', kind: 'TokenRequest', version: 'v1' }],
    ['/api/v1/namespaces/{namespace}/replicationcontrollers/{name}/scale', 'put', { group: 'autoscaling', kind: 'Scale', version: 'v1' }],
    ['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale', 'patch', { group: 'autoscaling', kind: 'Scale', version: 'v1' }],
    ['/api/v1/namespaces/{namespace}/pods/{name}/ephemeralcontainers', 'patch', { group: '', kind: 'Pod', version: 'v1' }],
    ['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/status', 'get', { group: 'apps', kind: 'Deployment', version: 'v1' }],
  ];
  for (const [path, method, kind] of expected) assert.deepEqual(gvk(v2.paths, path, method), kind, `${method} ${path}`);
  assert.deepEqual(gvk(v3.paths, '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale', 'get'), { group: 'autoscaling', kind: 'Scale', version: 'v1' });
});
