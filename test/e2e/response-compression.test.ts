// Response compression (upstream 1.25's APIResponseCompression, beta and on by default): an API response over
// 128 KiB goes out gzip-compressed (Content-Encoding and `Vary: Accept-Encoding`) when the request's
// Accept-Encoding names gzip; it decompresses to exactly the uncompressed answer. Smaller answers, other
// encodings, watches and the gate turned off are not compressed. kubectl (Go's transport asks for gzip and
// decompresses on its own) reads such lists as any other.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { startCluster, useCluster, type TestCluster } from './support/cluster.js';
import { adminHttp2Session, rawClient, type RawClient, type RawResponse } from './support/raw-client.js';

const env = useCluster();
const NAMESPACE = 'compression';
// ~1.2 KB each, of random text that gzip shrinks by only a quarter: the list is over 128 KiB, and compressed
// still larger than an HTTP/2 client's 64 KiB window, so its gzip stream waits for the client; a page of 80 is
// under 128 KiB.
const CONFIGMAPS = 150;
const LIST = `/api/v1/namespaces/${NAMESPACE}/configmaps`;
const GZIP = { 'accept-encoding': 'gzip' };

function assertCompressed(compressed: RawResponse, plain: RawResponse): void {
  assert.equal(compressed.status, 200);
  assert.equal(compressed.headers['content-encoding'], 'gzip');
  assert.equal(compressed.headers['vary'], 'Accept-Encoding');
  assert.equal(compressed.headers['content-type'], plain.headers['content-type']);
  assert.ok(compressed.bytes.length < plain.bytes.length / 4, `${compressed.bytes.length} compressed bytes of ${plain.bytes.length}`);
  assert.deepEqual(gunzipSync(compressed.bytes), plain.bytes);
}

async function createConfigMaps(client: RawClient, namespace: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    const created = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) => {
        const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i + k}` }, data: { payload: randomBytes(750).toString('base64') } };
        return client.request('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: JSON.stringify(body) });
      }),
    );
    assert.deepEqual(created.map((r) => r.status), created.map(() => 201));
  }
}

function assertPlain(response: RawResponse): void {
  assert.equal(response.status, 200);
  assert.equal(response.headers['content-encoding'], undefined);
  assert.equal(response.headers['vary'], undefined);
}

describe('a server with the default gates', () => {
  before(async () => {
    await env.client.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } }) });
    await createConfigMaps(env.client, NAMESPACE, CONFIGMAPS);
    const big = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { payload: 'y'.repeat(200_000) } };
    assert.equal((await env.client.request('POST', '/api/v1/namespaces/default/configmaps', { body: JSON.stringify(big) })).status, 201);
  });

  /** The same request with and without Accept-Encoding: gzip. */
  async function bothWays(path: string, accept = 'application/json'): Promise<{ compressed: RawResponse; plain: RawResponse }> {
    const compressed = await env.client.request('GET', path, { accept, headers: GZIP });
    const plain = await env.client.request('GET', path, { accept });
    return { compressed, plain };
  }

  test('a list over 128 KiB is gzip-compressed for a client that accepts gzip, and decompresses to the same list', async () => {
    const { compressed, plain } = await bothWays(`${LIST}?resourceVersion=0`);
    assertPlain(plain);
    assert.ok(plain.bytes.length > 128 * 1024);
    // The master lease's renewal may move the list's resourceVersion between the two reads: compare the items.
    const items = (bytes: Buffer): unknown => (JSON.parse(bytes.toString('utf8')) as { items: unknown }).items;
    assert.deepEqual(items(gunzipSync(compressed.bytes)), items(plain.bytes));
    assert.equal(compressed.headers['content-encoding'], 'gzip');
    assert.equal(compressed.headers['vary'], 'Accept-Encoding');
    assert.equal(compressed.headers['content-length'], undefined);
  });

  test('a large object, in JSON, YAML and protobuf, and a large Table are compressed', async () => {
    for (const accept of ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf']) {
      const { compressed, plain } = await bothWays('/api/v1/namespaces/default/configmaps/big', accept);
      assertPlain(plain);
      assertCompressed(compressed, plain);
    }
    const table = 'application/json;as=Table;v=v1;g=meta.k8s.io';
    // One object's Table: a list's would carry the cache's resourceVersion, which any write anywhere moves.
  const { compressed, plain } = await bothWays('/api/v1/namespaces/default/configmaps/big?includeObject=Object', table);
    assert.equal(JSON.parse(plain.body).kind, 'Table');
    assert.equal(compressed.headers['content-encoding'], 'gzip');
    // The two reads may fall in different seconds: the Age cell is left out of the comparison.
    const withoutAge = (bytes: Buffer): unknown => {
      const t = JSON.parse(bytes.toString('utf8')) as { columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[] };
      const age = t.columnDefinitions.findIndex((c) => c.name === 'Age');
      for (const row of t.rows) row.cells[age] = null;
      return t;
    };
    assert.deepEqual(withoutAge(gunzipSync(compressed.bytes)), withoutAge(plain.bytes));
  });

  test('a HEAD request for a large object says it would be compressed, without a body', async () => {
    const head = await env.client.request('HEAD', '/api/v1/namespaces/default/configmaps/big', { headers: GZIP });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'gzip');
    assert.equal(head.bytes.length, 0);
  });

  test('answers up to 128 KiB, other encodings and watches are not compressed', async () => {
    const page = await env.client.request('GET', `${LIST}?limit=80`, { headers: GZIP });
    assertPlain(page);
    assert.equal((page.json() as { items: unknown[] }).items.length, 80); // streamed in chunks, but whole under 128 KiB
    assertPlain(await env.client.request('GET', `${LIST}/c1`, { headers: GZIP }));
    // Upstream matches the token `gzip` exactly: with parameters it is not recognized.
    for (const encoding of ['gzip;q=1.0', 'deflate, br', 'x-gzip', '']) {
      assertPlain(await env.client.request('GET', `${LIST}?resourceVersion=0`, { headers: { 'accept-encoding': encoding } }));
    }
    const mixed = await env.client.request('GET', '/api/v1/namespaces/default/configmaps/big', { headers: { 'accept-encoding': 'br , gzip,deflate' } });
    assert.equal(mixed.headers['content-encoding'], 'gzip');
    const watch = await env.client.request('GET', `${LIST}?watch=1&timeoutSeconds=1`, { headers: GZIP });
    assertPlain(watch);
    assert.equal(watch.body.split('\n').filter((line) => /"type":"ADDED".*"name":"c\d+"/.test(line)).length, CONFIGMAPS);
  });

  test('over HTTP/2, a streamed list is compressed too', async () => {
    const session = adminHttp2Session(env.cluster.server.kubeconfig);
    try {
      const read = (headers: Record<string, string>): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> =>
        new Promise((resolve, reject) => {
          const stream = session.request({ ':path': `${LIST}?resourceVersion=0`, ...headers });
          const chunks: Buffer[] = [];
          let head: Record<string, unknown> = {};
          stream.on('response', (h) => (head = h));
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve({ headers: head, bytes: Buffer.concat(chunks) }));
          stream.on('error', reject);
        });
      const compressed = await read(GZIP);
      const plain = await read({});
      assert.equal(compressed.headers['content-encoding'], 'gzip');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.ok(compressed.bytes.length > 65_535, `${compressed.bytes.length} compressed bytes: more than the stream window`);
      const items = (bytes: Buffer): unknown => (JSON.parse(bytes.toString('utf8')) as { items: unknown }).items;
      assert.deepEqual(items(gunzipSync(compressed.bytes)), items(plain.bytes));
    } finally {
      session.destroy();
    }
  });

  test('kubectl reads a compressed list (its transport asks for gzip and decompresses it)', async () => {
    const { stdout, stderr } = await env.cluster.kubectlResult(['get', 'configmaps', '-n', NAMESPACE, '-o', 'name', '-v=8']);
    assert.equal(stdout.trim().split('\n').filter((line) => /^configmap\/c\d+$/.test(line)).length, CONFIGMAPS);
    // Go's transport removes Content-Encoding once it decompressed; the Vary header of a compressed answer stays.
    assert.match(stderr, /Vary: Accept-Encoding/);
  });
});

let gateOff: TestCluster | undefined;
after(() => gateOff?.stop());

test('with the APIResponseCompression gate off nothing is compressed', async () => {
  gateOff = await startCluster({ featureGates: { APIResponseCompression: false } });
  const client = rawClient(gateOff.server.kubeconfig);
  const big = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big' }, data: { payload: 'y'.repeat(200_000) } };
  assert.equal((await client.request('POST', '/api/v1/namespaces/default/configmaps', { body: JSON.stringify(big) })).status, 201);
  assertPlain(await client.request('GET', '/api/v1/namespaces/default/configmaps/big', { headers: GZIP }));
  await createConfigMaps(client, 'default', CONFIGMAPS);
  const list = await client.request('GET', '/api/v1/namespaces/default/configmaps', { headers: GZIP });
  assertPlain(list);
  assert.ok(list.bytes.length > 128 * 1024);
});
