// /metrics as a kube-apiserver 1.25 dashboard reads it (issue 15, item 8): after watches, a long-running
// watch, a large response, a 429 over a tiny in-flight limit, storage lists and a failed TLS handshake,
// the families carry upstream's names, help texts, labels (sorted as client_golang writes them) and buckets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import YAML from 'yaml';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient, type RawClient } from './support/raw-client.js';

const TOKEN = 'metrics-user-token';
const NS = 'metrics-e2e';
const CM = `/api/v1/namespaces/${NS}/configmaps`;
let cluster: TestCluster;
let admin: RawClient;
let dir: string;
let tls: { ca: string; cert: string; key: string };
const open: ClientRequest[] = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-metrics-'));
  const tokens = join(dir, 'tokens.csv');
  await writeFile(tokens, `${TOKEN},jane,1001,"developers"\n`);
  cluster = await startCluster({ tokenAuthFile: tokens, maxMutatingRequestsInflight: 1, enablePriorityAndFairness: false });
  admin = rawClient(cluster.server.kubeconfig);
  await bindClusterRole(admin, 'developers', 'edit', [{ kind: 'Group', name: 'developers' }], { verb: 'create', resource: 'configmaps' });
  const config = YAML.parse(cluster.server.kubeconfig) as {
    clusters: { cluster: { 'certificate-authority-data': string } }[];
    users: { user: { 'client-certificate-data': string; 'client-key-data': string } }[];
  };
  const decode = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');
  tls = { ca: decode(config.clusters[0]!.cluster['certificate-authority-data']), cert: decode(config.users[0]!.user['client-certificate-data']), key: decode(config.users[0]!.user['client-key-data']) };
  await cluster.kubectl(['create', 'namespace', NS]);
  await eventually(async () => ((await admin.request('GET', `/api/v1/namespaces/${NS}/serviceaccounts/default`)).status === 200 ? true : undefined), 'the default service account');
  await backgroundWritesSettled();
});

/**
 * With one mutating seat, the controllers' writes at start (their service accounts, a new namespace's account
 * and root CA) meet 429s and retry a second later: a test that counts 429s waits until none is refused for longer.
 */
async function backgroundWritesSettled(): Promise<void> {
  let last: number | undefined;
  for (let poll = 0; poll < 20; poll++) {
    const dropped = sample(await scrape(), 'apiserver_dropped_requests_total', 'request_kind="mutating"') ?? 0;
    if (dropped === last) return;
    last = dropped;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  assert.fail('the controllers\' writes kept meeting 429s');
}
after(async () => {
  for (const req of open) req.destroy();
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const res = await admin.request('GET', '/metrics');
  assert.equal(res.status, 200);
  return res.body;
}

/** The value of the sample `name{labels}` (labels as written, sorted), or undefined when absent. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const request = (verb: string, scope: string, extra = '') =>
  `${extra}component="apiserver",group="",resource="configmaps",scope="${scope}",subresource="",verb="${verb}",version="v1"`;

/** A watch of the admin's, streaming: resolves once the server answered its head. */
function openWatch(path: string): Promise<{ lines: string[]; close(): void }> {
  const url = new URL(cluster.server.url);
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    const req = httpsRequest({ host: url.hostname, port: url.port, path, ...tls, agent: false }, (res) => {
      let buffered = '';
      res.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const parts = buffered.split('\n');
        buffered = parts.pop() ?? '';
        lines.push(...parts);
      });
      res.on('error', () => undefined);
      resolve({ lines, close: () => req.destroy() });
    });
    req.on('error', (e) => (lines.length === 0 ? reject(e) : undefined));
    req.end();
    open.push(req);
  });
}

test('help texts carry the stability level, process metrics use the process collector names', async () => {
  const text = await scrape();
  for (const line of [
    '# HELP apiserver_request_total [STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.',
    '# HELP apiserver_longrunning_requests [ALPHA] Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
    '# HELP apiserver_current_inflight_requests [STABLE] Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
    '# HELP apiserver_storage_objects [STABLE] Number of stored objects at the time of last check split by kind.',
    "# HELP apiserver_tls_handshake_errors_total [ALPHA] Number of requests dropped with 'TLS handshake error from' error",
    // kube-controller-manager's family, for the in-process garbage collector: no list or watch has failed.
    '# HELP garbagecollector_controller_resources_sync_error_total [ALPHA] Number of garbage collector resources sync errors',
    'garbagecollector_controller_resources_sync_error_total 0',
    '# TYPE etcd_request_duration_seconds histogram',
    '# TYPE apiserver_watch_events_sizes histogram',
  ]) assert.ok(text.includes(line), line);
  for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'process_start_time_seconds', 'process_open_fds', 'process_max_fds', 'process_virtual_memory_bytes']) {
    assert.match(text, new RegExp(`^${name} [0-9.e+]+$`, 'm'), name);
  }
  assert.ok((sample(text, 'process_start_time_seconds', '') ?? 0) > 1.6e9);
});

test('a scrape that accepts gzip gets the same families gzip-compressed, as promhttp answers Prometheus', async () => {
  const compressed = await admin.request('GET', '/metrics', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(compressed.status, 200);
  assert.equal(compressed.headers['content-encoding'], 'gzip');
  assert.match(compressed.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  const text = gunzipSync(compressed.bytes).toString('utf8');
  assert.ok(text.includes('# TYPE apiserver_request_total counter'));
  const plain = await admin.request('GET', '/metrics');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.includes('# TYPE apiserver_request_total counter'));
});

test('a watch is a long-running request while open; its events are counted and sized by kind', async () => {
  const before = sample(await scrape(), 'apiserver_watch_events_total', 'group="",kind="ConfigMap",version="v1"') ?? 0;
  // From resourceVersion 1: the namespace's existing configmaps (its kube-root-ca.crt) come as events too.
  const watch = await openWatch(`${CM}?watch=true&resourceVersion=1`);
  const labels = request('WATCH', 'namespace');
  assert.equal(sample(await scrape(), 'apiserver_longrunning_requests', labels), 1);
  await cluster.kubectl(['-n', NS, 'create', 'configmap', 'one', '--from-literal=a=b']);
  await cluster.kubectl(['-n', NS, 'create', 'configmap', 'two', '--from-literal=a=b']);
  await eventually(() => (watch.lines.some((l) => l.includes('"name":"two"')) ? true : undefined), 'the watch events');
  const sent = watch.lines.length;
  const text = await scrape();
  const kind = 'group="",kind="ConfigMap",version="v1"';
  // The controllers' informers watch configmaps through the API too (the root CA publisher's): their events
  // count as well, so this watch's are a lower bound.
  const total = sample(text, 'apiserver_watch_events_total', kind) ?? 0;
  assert.ok(total >= before + sent, `${total} >= ${before} + ${sent}`);
  assert.equal(sample(text, 'apiserver_watch_events_sizes_count', kind), total);
  // Small objects (the root CA's a little over 1 KiB): every one within the buckets, up to 128 KiB.
  const objectBytes = watch.lines.map((l) => Buffer.byteLength(JSON.stringify((JSON.parse(l) as { object: unknown }).object)));
  assert.ok((sample(text, 'apiserver_watch_events_sizes_bucket', `${kind},le="1024"`) ?? 0) >= objectBytes.filter((b) => b <= 1024).length);
  assert.equal(sample(text, 'apiserver_watch_events_sizes_bucket', `${kind},le="131072"`), total);
  watch.close();
  await eventually(async () => (sample(await scrape(), 'apiserver_longrunning_requests', labels) === 0 ? true : undefined), 'the watch to end');
});

test('a large response falls in its size bucket; writes are timed as etcd requests of their type', async () => {
  const big = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big', namespace: NS }, data: { blob: 'x'.repeat(300_000) } };
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify(big) });
  const got = await admin.request('GET', `${CM}/big`);
  assert.equal(got.status, 200);
  const text = await scrape();
  const labels = request('GET', 'resource');
  assert.equal(sample(text, 'apiserver_response_sizes_bucket', `${labels},le="100000"`), 0);
  assert.equal(sample(text, 'apiserver_response_sizes_bucket', `${labels},le="1e+06"`), 1);
  assert.equal(sample(text, 'apiserver_response_sizes_bucket', `${labels},le="+Inf"`), 1);
  assert.equal(sample(text, 'apiserver_response_sizes_sum', labels), got.bytes.length);
  assert.ok((sample(text, 'etcd_request_duration_seconds_count', 'operation="create",type="*core.ConfigMap"') ?? 0) >= 3);
  assert.ok((sample(text, 'etcd_request_duration_seconds_bucket', 'operation="create",type="*core.ConfigMap",le="60"') ?? 0) >= 3);
  assert.ok((sample(text, 'apiserver_storage_objects', 'resource="configmaps"') ?? 0) >= 3);
});

test('LIST requests served from storage are counted by resource', async () => {
  const read = async () => {
    const text = await scrape();
    const counts = ['', '_fetched_objects', '_evaluated_objects', '_returned_objects'].map((part) => sample(text, `apiserver_storage_list${part}_total`, 'resource="configmaps"') ?? 0);
    return [...counts, sample(text, 'etcd_request_duration_seconds_count', 'operation="list",type="*[]core.ConfigMap"') ?? 0];
  };
  const [lists, fetched, evaluated, returned, ranges] = await read();
  // A page (as kubectl asks) and a consistent list: both from storage, as upstream serves them.
  const page = (await admin.request('GET', `${CM}?limit=500`)).json() as { items: unknown[] };
  const all = (await admin.request('GET', `${CM}?labelSelector=none%3Dthere`)).json() as { items: unknown[] };
  assert.equal(all.items.length, 0);
  const after = await read();
  assert.equal(after[0], lists! + 2);
  assert.equal(after[1], fetched! + 2 * page.items.length);
  assert.equal(after[2], evaluated! + 2 * page.items.length);
  assert.equal(after[3], returned! + page.items.length);
  // The page is a range of the backend; the consistent list is served by the watch cache once it caught up.
  assert.equal(after[4], ranges! + 1);
  // A list at any version (resourceVersion=0) comes from the watch cache: not a storage list.
  await admin.request('GET', `${CM}?resourceVersion=0`);
  assert.equal((await read())[0], lists! + 2);
});

test('a failed TLS handshake is counted', async () => {
  const before = sample(await scrape(), 'apiserver_tls_handshake_errors_total', '') ?? 0;
  const url = new URL(cluster.server.url);
  await new Promise<void>((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
  await eventually(async () => (sample(await scrape(), 'apiserver_tls_handshake_errors_total', '') === before + 1 ? true : undefined), 'the handshake error counted');
});

test('a 429 over the mutating in-flight limit is a termination and a dropped request', async () => {
  const counts = (text: string) => [
    sample(text, 'apiserver_request_terminations_total', request('POST', 'resource', 'code="429",')) ?? 0,
    sample(text, 'apiserver_dropped_requests_total', 'request_kind="mutating"') ?? 0,
    sample(text, 'apiserver_request_total', request('POST', 'resource', 'code="429",').replace('group=', 'dry_run="",group=')) ?? 0,
  ];
  const before = counts(await scrape());
  // Jane's create whose body never finishes holds the one mutating seat.
  const url = new URL(cluster.server.url);
  const stalled = httpsRequest({
    host: url.hostname, port: url.port, path: CM, method: 'POST', ca: tls.ca, agent: false,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'content-length': 1000 },
  });
  stalled.on('error', () => undefined);
  stalled.write('{"apiVersion":"v1",');
  open.push(stalled);
  const refused = await eventually(async () => {
    const res = await admin.request('POST', CM, { anonymous: true, headers: { authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ metadata: { name: 'refused' } }) });
    return res.status === 429 ? res : undefined;
  }, 'a 429');
  assert.equal(refused.headers['retry-after'], '1');
  // One termination, one dropped request, one 429 counted (every POST is of scope resource, as upstream's
  // installer labels its route); the controllers' writes at start met 429s of their own before.
  assert.deepEqual(counts(await scrape()).map((n, i) => n - before[i]!), [1, 1, 1]);
  stalled.destroy();
});
