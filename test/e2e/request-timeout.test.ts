// Request timeouts (issue 15, item 2): a request that is not long-running ends with upstream's 504 when
// its `timeout` (client-go's, from kubectl --request-timeout) or the server's --request-timeout runs out,
// here while the request waits for a resource version the store has not reached. Watches end after their
// timeoutSeconds (of any length), or after a random time in [--min-request-timeout, 2×).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { constants as http2 } from 'node:http2';
import { useCluster } from './support/cluster.js';
import { adminHttp2Session } from './support/raw-client.js';

const MIN_REQUEST_TIMEOUT_SECONDS = 1;
const env = useCluster({ requestTimeoutMs: 700, minRequestTimeoutSeconds: MIN_REQUEST_TIMEOUT_SECONDS });

/** A list that waits (up to 3 s, then 504 "Too large resource version") for a version far ahead. */
const WAITING_LIST = '/api/v1/namespaces/default/configmaps?resourceVersion=99999999&resourceVersionMatch=NotOlderThan';

function expectTimeout(response: { status: number; json(): unknown; headers: Record<string, unknown> }): void {
  assert.equal(response.status, 504);
  assert.deepEqual(response.json(), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'Timeout: request did not complete within the allotted timeout', reason: 'Timeout', details: {}, code: 504,
  });
  assert.equal(response.headers['retry-after'], undefined);
}

test('the client timeout ends a waiting request with 504 Timeout', async () => {
  expectTimeout(await env.client.request('GET', `${WAITING_LIST}&timeout=200ms`));
});

test('--request-timeout caps requests without a timeout, and longer ones', async () => {
  expectTimeout(await env.client.request('GET', WAITING_LIST));
  expectTimeout(await env.client.request('GET', `${WAITING_LIST}&timeout=10m`));
});

test('a timeout that does not parse is a 400; watches are not cut by it', async () => {
  const bad = await env.client.request('GET', '/api/v1/namespaces?timeout=soon');
  assert.equal(bad.status, 400);
  assert.equal((bad.json() as { message: string }).message, 'invalid timeout specified in the request URL - time: invalid duration "soon"');
  const watch = await env.client.request('GET', '/api/v1/namespaces?watch=1&timeoutSeconds=1');
  assert.equal(watch.status, 200);
  assert.match(watch.body, /"type":"ADDED"/);
});

test('a watch without timeoutSeconds ends within [--min-request-timeout, 2×), cleanly', async () => {
  const min = MIN_REQUEST_TIMEOUT_SECONDS * 1000;
  const timed = async (): Promise<{ ms: number; status: number; body: string }> => {
    const started = performance.now();
    const response = await env.client.request('GET', '/api/v1/namespaces?watch=1');
    return { ms: performance.now() - started, status: response.status, body: response.body };
  };
  for (const watch of await Promise.all([timed(), timed(), timed()])) {
    assert.equal(watch.status, 200);
    assert.match(watch.body, /"type":"ADDED"/);
    assert.doesNotMatch(watch.body, /"type":"ERROR"/);
    assert.ok(watch.ms >= min, `ended after ${watch.ms} ms, before the minimum`);
    // 2× is exclusive upstream; the margin is for the request's own round trips on a busy machine.
    assert.ok(watch.ms < 2 * min + 500, `ended after ${watch.ms} ms, past twice the minimum`);
  }
});

test('a watch whose timeoutSeconds exceeds what setTimeout holds (3,000,000 s) stays open', async () => {
  // A bare setTimeout fires after 1 ms past 2^31-1 ms; the watch would end at once.
  const watch = env.client.request('GET', '/api/v1/namespaces?watch=1&timeoutSeconds=3000000');
  const first = await Promise.race([watch.then(() => 'ended'), sleep(2 * MIN_REQUEST_TIMEOUT_SECONDS * 1000 + 500).then(() => 'open')]);
  assert.equal(first, 'open');
  // The server's stop (after()) ends it.
});

test('a list whose client stops reading is cut at the timeout (upstream errConnKilled): its HTTP/2 stream is reset', async () => {
  // ~300 KB of ConfigMaps: more than the client's flow-control window, so the streamed list waits for the client.
  await env.client.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'unread' } }) });
  // Random payloads: compressed, the list is still larger than the window.
  const data = (): Record<string, string> => ({ payload: randomBytes(750).toString('base64') });
  for (let i = 0; i < 300; i += 50) {
    const created = await Promise.all(Array.from({ length: 50 }, (_, k) => env.client.request('POST', '/api/v1/namespaces/unread/configmaps', { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i + k}` }, data: data() }) })));
    assert.deepEqual(created.map((r) => r.status), created.map(() => 201));
  }
  const session = adminHttp2Session(env.cluster.server.kubeconfig);
  try {
    // As sent, and gzip-compressed (its compressing stream then waits for the response).
    for (const encoding of [{}, { 'accept-encoding': 'gzip' }]) {
      const started = performance.now();
      const stream = session.request({ ':path': '/api/v1/namespaces/unread/configmaps', ...encoding });
      stream.pause(); // reads nothing
      stream.on('error', () => undefined);
      const head = await new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve));
      assert.equal(head[':status'], 200);
      assert.equal(head['content-encoding'], 'accept-encoding' in encoding ? 'gzip' : undefined);
      await new Promise((resolve) => stream.once('close', resolve));
      assert.equal(stream.rstCode, http2.NGHTTP2_INTERNAL_ERROR);
      const ms = performance.now() - started;
      assert.ok(ms >= 650 && ms < 5_000, `reset after ${ms} ms (request timeout 700 ms)`);
    }
    // Read to the end, the list streamed in chunks is whole, the same over HTTP/2 and HTTP/1.1.
    const overHttp2 = await new Promise<string>((resolve, reject) => {
      const reader = session.request({ ':path': '/api/v1/namespaces/unread/configmaps' });
      let body = '';
      reader.setEncoding('utf8');
      reader.on('data', (chunk: string) => (body += chunk));
      reader.on('end', () => resolve(body));
      reader.on('error', reject);
    });
    const overHttp1 = (await env.client.request('GET', '/api/v1/namespaces/unread/configmaps')).body;
    // The items: the list's resourceVersion moves with any write in between (the master lease's renewal).
    const items = (body: string): Array<{ metadata: { name: string } }> => (JSON.parse(body) as { items: Array<{ metadata: { name: string } }> }).items;
    assert.deepEqual(items(overHttp2), items(overHttp1));
    assert.equal(items(overHttp1).filter((i) => /^c\d+$/.test(i.metadata.name)).length, 300);
  } finally {
    session.destroy();
  }
});

test('the server keeps serving after timeouts', async () => {
  assert.equal((await env.client.request('GET', '/api/v1/namespaces/default')).status, 200);
});
