// A storage backend that stops answering (issue 15, "Show it works"): while it is stalled, every request
// that needs it ends with upstream's 504 `Timeout` within its timeout (the client's `?timeout=`, or the
// server's --request-timeout), /readyz fails its storage check (2 s, as --etcd-healthcheck-timeout), and
// when the backend answers again everything recovers: readiness, reads, writes, open watches, the canary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, useCluster } from './support/cluster.js';
import type { RawResponse } from './support/raw-client.js';
import { StallableBackend } from './support/stallable-backend.js';

const SERVER_TIMEOUT_MS = 3_000;
let backend: StallableBackend | undefined;
const env = useCluster({ requestTimeoutMs: SERVER_TIMEOUT_MS, wrapBackend: (opened) => (backend = new StallableBackend(opened)) });
const stallable = (): StallableBackend => backend ?? assert.fail('the server wraps its backend at start');

const CM = '/api/v1/namespaces/default/configmaps';
const CANARY = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'stall-canary' }, data: { kept: 'yes' } };
/** The exact body upstream's WithTimeoutForNonLongRunningRequests writes (NewTimeoutError(..., 0)). */
const TIMEOUT_STATUS = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: request did not complete within the allotted timeout","reason":"Timeout","details":{},"code":504}\n';

/** Runs `send` and checks it ended with upstream's 504 no sooner than `timeoutMs` and not long after. */
async function expectTimeoutWithin(timeoutMs: number, send: () => Promise<RawResponse>): Promise<void> {
  const started = performance.now();
  const res = await send();
  const elapsed = performance.now() - started;
  assert.equal(res.status, 504, res.body);
  assert.equal(res.body, TIMEOUT_STATUS);
  assert.equal(res.headers['retry-after'], undefined);
  assert.ok(elapsed >= timeoutMs - 50, `answered after ${Math.round(elapsed)} ms, before the ${timeoutMs} ms timeout`);
  assert.ok(elapsed < timeoutMs + 1_000, `answered after ${Math.round(elapsed)} ms, past the ${timeoutMs} ms timeout`);
}

test('a stalled backend: 504 Timeout within the timeout, /readyz fails, and all recovers when it answers again', { timeout: 60_000 }, async () => {
  const { client } = env;
  const canary = (await client.request('POST', CM, { body: JSON.stringify(CANARY) })).json() as { metadata: { resourceVersion: string } };
  const watch = client.request('GET', `${CM}?watch=1&resourceVersion=${canary.metadata.resourceVersion}&timeoutSeconds=8`);

  stallable().stall();
  try {
    // The client's timeout (kubectl --request-timeout=2s sends ?timeout=2s), for each kind of request.
    await Promise.all([
      expectTimeoutWithin(2_000, () => client.request('GET', `${CM}/stall-canary?timeout=2s`)),
      expectTimeoutWithin(2_000, () => client.request('GET', `${CM}?timeout=2s`)),
      expectTimeoutWithin(2_000, () => client.request('POST', `${CM}?timeout=2s`, { body: JSON.stringify({ metadata: { name: 'during-stall' } }) })),
      expectTimeoutWithin(2_000, () => client.request('DELETE', `${CM}/stall-canary?timeout=2s&dryRun=All`)),
      // Without one, the server's --request-timeout.
      expectTimeoutWithin(SERVER_TIMEOUT_MS, () => client.request('GET', `${CM}/stall-canary`)),
      expectTimeoutWithin(SERVER_TIMEOUT_MS, () => client.request('PUT', `${CM}/stall-canary`, { body: JSON.stringify(CANARY) })),
      (async () => {
        // The storage check does not answer within its 2 s: /readyz and /livez fail it as upstream's etcd check.
        const [ready, live, single] = await Promise.all(['/readyz?verbose', '/livez', '/readyz/memory'].map((path) => client.request('GET', path)));
        assert.equal(ready?.status, 500);
        assert.match(ready?.body ?? '', /^\[-\]memory failed: reason withheld$/m);
        assert.match(ready?.body ?? '', /readyz check failed\n$/);
        assert.equal(live?.status, 500);
        assert.equal(single?.status, 500);
      })(),
      (async () => {
        // Paths that need no storage are still served.
        assert.equal((await client.request('GET', '/version')).status, 200);
      })(),
    ]);
  } finally {
    stallable().resume();
  }

  await eventually(async () => ((await client.request('GET', '/readyz')).status === 200 ? true : undefined), 'readiness after the stall');
  const got = await client.request('GET', `${CM}/stall-canary`);
  assert.equal(got.status, 200);
  assert.deepEqual((got.json() as { data: unknown }).data, { kept: 'yes' }, 'the canary is intact');
  const created = await client.request('POST', CM, { body: JSON.stringify({ metadata: { name: 'after-stall' } }) });
  assert.equal(created.status, 201, created.body);
  // The watch opened before the stall sees the write made after it, and ends cleanly.
  const watched = await watch;
  assert.equal(watched.status, 200);
  const names = watched.body.trim().split('\n').map((line) => (JSON.parse(line) as { object: { metadata: { name: string } } }).object.metadata.name);
  assert.ok(names.includes('after-stall'), `watch events: ${names.join(', ')}`);
});
