// Hostile input (issue 15, "Show it works"): a table of requests (support/hostile-cases.ts) that each
// get kube-apiserver 1.25's status code and reason, a v1 Status of Failure where upstream sends one
// (Go's plain text where it does not), while the server keeps answering /healthz and the canary
// ConfigMap keeps its resourceVersion and data. Slow bodies end with the request timeout's 504.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from './support/cluster.js';
import { exchangeHttp1, type RawResponse } from './support/raw-client.js';
import { CANARY, CM, HOSTILE_GROUPS, NS, type HostileCase } from './support/hostile-cases.js';

const REQUEST_TIMEOUT_MS = 2000;
const env = useCluster({ requestTimeoutMs: REQUEST_TIMEOUT_MS });

interface Canary {
  metadata: { resourceVersion: string; labels?: Record<string, string> };
  data?: Record<string, string>;
}

let canary = '';
const CANARY_BODY = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'canary', labels: { keep: 'me' } }, data: { a: 'original' } });
const canaryState = async (): Promise<string> => {
  let res = await env.client.request('GET', CANARY);
  // A case that deleted it fails; the canary comes back so that the cases after it are still judged.
  if (res.status === 404) {
    await env.client.request('POST', CM, { body: CANARY_BODY });
    res = await env.client.request('GET', CANARY);
    return `deleted, recreated at ${(res.json() as Canary).metadata.resourceVersion}`;
  }
  assert.equal(res.status, 200, `the canary is readable: ${res.body.slice(0, 300)}`);
  const { metadata, data } = res.json() as Canary;
  return JSON.stringify({ resourceVersion: metadata.resourceVersion, labels: metadata.labels, data });
};

/**
 * Methods Node's HTTP client cannot send as a plain request (CONNECT waits for a tunnel; it upper-cases
 * `get`): written on a TLS socket.
 */
const RAW_METHODS = new Set(['CONNECT', 'get']);

function send(k: HostileCase): Promise<RawResponse> {
  if (RAW_METHODS.has(k.method)) return exchangeHttp1(env.cluster.server.kubeconfig, `${k.method} ${k.path} HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\nConnection: close\r\n\r\n`);
  return env.client.request(k.method, k.path, {
    ...(k.body !== undefined ? { body: k.body } : {}),
    ...(k.contentType ? { contentType: k.contentType } : {}),
    ...(k.accept ? { accept: k.accept } : {}),
    ...(k.headers ? { headers: k.headers } : {}),
  });
}

interface Status {
  kind: string;
  apiVersion: string;
  status: string;
  code: number;
  reason?: string;
  message: string;
}

function expectAnswer(k: HostileCase, res: RawResponse): void {
  assert.equal(res.status, k.code, `${k.method} ${k.path.slice(0, 120)}: ${res.status} ${res.body.slice(0, 400)}`);
  if (k.plain) {
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.match(res.body, k.plain);
    return;
  }
  if (k.code < 400) return;
  const status = res.json() as Status;
  assert.deepEqual(
    { kind: status.kind, apiVersion: status.apiVersion, status: status.status, code: status.code, reason: status.reason ?? '' },
    { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: k.code, reason: k.reason ?? '' },
    status.message,
  );
  if (k.message) assert.match(status.message, k.message);
}

let count = 0;
describe('hostile input', () => {
  before(async () => {
    const created = [
      await env.client.request('POST', '/api/v1/namespaces', { body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } }) }),
      await env.client.request('POST', CM, { body: CANARY_BODY }),
    ];
    for (const res of created) assert.equal(res.status, 201, res.body);
    canary = await canaryState();
  });

for (const group of HOSTILE_GROUPS) {
  describe(group.name, () => {
    for (const k of group.cases) {
      count++;
      test(`${k.title}: ${k.code}${k.reason ? ` ${k.reason}` : ''}`, { ...(k.todo ? { todo: k.todo } : {}) }, async () => {
        const res = await send(k);
        // A wrongly accepted create must not make the cases after it collide with what it stored.
        if (res.status === 201) for (const name of ['x', 'hostile-new', 'bomb']) await env.client.request('DELETE', `${CM}/${name}`);
        const before = canary;
        canary = await canaryState();
        expectAnswer(k, res);
        assert.equal(canary, before, 'the canary is unchanged');
      });
    }
    test('the server still answers /healthz', async () => {
      const res = await env.client.request('GET', '/healthz', { accept: '*/*' });
      assert.equal(res.status, 200);
      assert.equal(res.body, 'ok');
    });
  });
}

/** A body that stalls after `sent` of its declared `length` bytes. */
const STALLS: Array<{ title: string; method: string; path: string; contentType: string; sent: string; length: number }> = [
  { title: 'POST a body that stalls halfway', method: 'POST', path: CM, contentType: 'application/json', sent: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":', length: 200 },
  { title: 'PUT a body that stalls before its first byte', method: 'PUT', path: CANARY, contentType: 'application/json', sent: '', length: 100 },
  { title: 'PATCH a merge patch that stalls', method: 'PATCH', path: CANARY, contentType: 'application/merge-patch+json', sent: '{"data":{"a":"chan', length: 50 },
  { title: 'apply a body that stalls', method: 'PATCH', path: `${CANARY}?fieldManager=slow`, contentType: 'application/apply-patch+yaml', sent: 'apiVersion: v1\nkind: ConfigMap\n', length: 500 },
];

describe('slow bodies end with the request timeout', () => {
  for (const stall of STALLS) {
    count++;
    test(`${stall.title}: 504 Timeout`, async () => {
      const head = `${stall.method} ${stall.path} HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\nContent-Type: ${stall.contentType}\r\nContent-Length: ${stall.length}\r\n\r\n`;
      // The socket stays open: the server must answer (and close) on its own, within the request timeout.
      const res = await exchangeHttp1(env.cluster.server.kubeconfig, head, Buffer.from(stall.sent));
      expectAnswer({ title: stall.title, method: stall.method, path: stall.path, code: 504, reason: 'Timeout', message: /^Timeout: request did not complete within the allotted timeout$/ }, res);
      assert.equal(await canaryState(), canary);
    });
  }
  test('the table has at least 200 cases', () => {
    assert.ok(count >= 200, `${count} cases`);
  });
});
});
