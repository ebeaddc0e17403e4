// In-flight limits (issue 15, item 4; upstream WithMaxInFlightLimit): a request over
// --max-mutating-requests-inflight or --max-requests-inflight gets Go's plain-text 429 with Retry-After;
// long-running requests take no seat and system:masters is always served. These filters apply with
// --enable-priority-and-fairness=false (priority and fairness takes their place by default).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import YAML from 'yaml';
import { startCluster, type TestCluster } from './support/cluster.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient, type RawClient, type RawResponse } from './support/raw-client.js';

const TOKEN = 'limited-user-token';
let cluster: TestCluster;
let admin: RawClient;
let dir: string;
let ca: string;
const open: ClientRequest[] = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-inflight-'));
  const tokens = join(dir, 'tokens.csv');
  await writeFile(tokens, `${TOKEN},jane,1001,"developers"\n`);
  cluster = await startCluster({ tokenAuthFile: tokens, maxRequestsInflight: 1, maxMutatingRequestsInflight: 1, enablePriorityAndFairness: false });
  admin = rawClient(cluster.server.kubeconfig);
  await bindClusterRole(admin, 'developers', 'cluster-admin', [{ kind: 'Group', name: 'developers' }]);
  const config = YAML.parse(cluster.server.kubeconfig) as { clusters: { cluster: { 'certificate-authority-data': string } }[] };
  ca = Buffer.from(config.clusters[0]!.cluster['certificate-authority-data'], 'base64').toString('utf8');
});
after(async () => {
  for (const req of open) req.destroy();
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Jane's request, answered in full. */
function asJane(method: string, path: string, body?: string): Promise<RawResponse> {
  return admin.request(method, path, { anonymous: true, headers: { authorization: `Bearer ${TOKEN}` }, ...(body === undefined ? {} : { body }) });
}

/** A request of Jane's that stays in flight: its body never finishes arriving. */
function stalledPost(path: string): Promise<void> {
  const url = new URL(cluster.server.url);
  const req = httpsRequest({
    host: url.hostname, port: url.port, path, method: 'POST', ca,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': 1000 },
  });
  req.on('error', () => undefined);
  req.write('{"apiVersion":"v1",');
  open.push(req);
  // Give the server time to take the request in.
  return new Promise((resolve) => setTimeout(resolve, 200));
}

const CM = '/api/v1/namespaces/default/configmaps';

test('a mutating request over the limit gets a plain-text 429 with Retry-After: 1', async () => {
  await stalledPost(CM);
  const refused = await asJane('POST', CM, JSON.stringify({ metadata: { name: 'second' } }));
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['retry-after'], '1');
  assert.equal(refused.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(refused.body, 'Too many requests, please try again later.\n');
  // Read-only requests have their own seats; system:masters is served over the limit.
  assert.equal((await asJane('GET', CM)).status, 200);
  const asAdmin = await admin.request('POST', CM, { body: JSON.stringify({ metadata: { name: 'by-admin' } }) });
  assert.equal(asAdmin.status, 201, asAdmin.body);
  const metrics = await admin.request('GET', '/metrics');
  assert.match(metrics.body, /^apiserver_current_inflight_requests\{request_kind="mutating"\} 1$/m);
});

test('long-running requests take no seat; the seat frees when the request ends', async () => {
  const watch = admin.request('GET', `${CM}?watch=true&timeoutSeconds=2`, { anonymous: true, headers: { authorization: `Bearer ${TOKEN}` } });
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal((await asJane('GET', CM)).status, 200);
  assert.equal((await watch).status, 200);
  for (const req of open.splice(0)) req.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const created = await asJane('POST', CM, JSON.stringify({ metadata: { name: 'after' } }));
  assert.equal(created.status, 201, created.body);
});
