import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import type { ResourceRequestInfo } from '../endpoints/request-info.js';
import { dryRunLabel, RequestMetrics, requestLabels } from './request-metrics.js';

const get: ResourceRequestInfo = {
  isResourceRequest: true, path: '/api/v1/namespaces/ns/configmaps/a', verb: 'get', apiPrefix: 'api',
  apiGroup: '', apiVersion: 'v1', namespace: 'ns', resource: 'configmaps', subresource: '', name: 'a',
};
const create: ResourceRequestInfo = { ...get, verb: 'create', name: '' };

/** The labels of `get`, sorted by name as client_golang writes them. */
const L = 'component="apiserver",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1"';
const D = 'component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",verb="GET",version="v1"';

async function scrape(record: (m: RequestMetrics) => void): Promise<string> {
  const registry = new Registry();
  const metrics = new RequestMetrics();
  metrics.registerWith(registry);
  record(metrics);
  return registry.metrics();
}

test('request metrics render as a Prometheus counter and histogram, labels sorted as client_golang sorts them', async () => {
  const text = await scrape((m) => {
    m.record(get, 200, 0.003);
    m.record(get, 200, 0.3);
    m.record(get, 404, 0.004);
    m.record({ ...get, verb: 'watch' }, 200);
  });
  assert.match(text, /# TYPE apiserver_request_total counter/);
  assert.ok(text.includes('# HELP apiserver_request_total [STABLE] Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.'));
  assert.ok(text.includes(`apiserver_request_total{code="200",${D}} 2`));
  assert.ok(text.includes(`apiserver_request_total{code="404",${D}} 1`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${D},le="0.005"} 2`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${D},le="0.2"} 2`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${D},le="0.4"} 3`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${D},le="+Inf"} 3`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_count{${D}} 3`));
  // Watches are counted but have no latency sample.
  assert.match(text, /apiserver_request_total\{code="200",[^}]*verb="WATCH"[^}]*\} 1/);
  assert.doesNotMatch(text, /apiserver_request_duration_seconds_count\{[^}]*verb="WATCH"/);
});

test('response sizes of reads fall in upstream buckets, 1 kB to 1 GB, written as Go writes floats', async () => {
  const text = await scrape((m) => {
    m.record(get, 200, 0.001, 5_000);
    m.record(get, 200, 0.001, 250_000);
    m.record(create, 201, 0.001, 5_000);
  });
  assert.ok(text.includes('# HELP apiserver_response_sizes [STABLE] Response size distribution in bytes for each group, version, verb, resource, subresource, scope and component.'));
  const buckets = ['1000', '10000', '100000', '1e+06', '1e+07', '1e+08', '1e+09', '+Inf'];
  const counts = [0, 1, 1, 2, 2, 2, 2, 2];
  buckets.forEach((le, i) => assert.ok(text.includes(`apiserver_response_sizes_bucket{${L},le="${le}"} ${counts[i]}`), le));
  assert.ok(text.includes(`apiserver_response_sizes_sum{${L}} 255000`));
  // Writes are not measured.
  assert.doesNotMatch(text, /apiserver_response_sizes_count\{[^}]*verb="POST"/);
});

test('terminations and long-running requests are series of the same labels', async () => {
  const text = await scrape((m) => {
    m.recordTermination(create, 429);
    m.recordTermination(get, 504);
    const watch = m.series({ ...get, verb: 'watch', name: '' });
    watch.longRunning = 2;
    m.series(get);
  });
  const post = 'component="apiserver",group="",resource="configmaps",scope="resource",subresource="",verb="POST",version="v1"';
  assert.ok(text.includes(`apiserver_request_terminations_total{code="429",${post}} 1`));
  assert.ok(text.includes(`apiserver_request_terminations_total{code="504",${L}} 1`));
  assert.ok(text.includes('# HELP apiserver_request_terminations_total [ALPHA] Number of requests which apiserver terminated in self-defense.'));
  assert.ok(text.includes('apiserver_longrunning_requests{component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="WATCH",version="v1"} 2'));
  // A series that never had a long-running request has no gauge sample.
  assert.doesNotMatch(text, /apiserver_longrunning_requests\{[^}]*verb="GET"/);
});

test('request labels follow upstream: the canonical method as verb, and the scope of the route', () => {
  // Every POST is of scope resource (upstream's installer), a create on a collection included.
  assert.deepEqual(requestLabels(create), { verb: 'POST', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'resource', component: 'apiserver' });
  assert.equal(requestLabels({ ...get, verb: 'list', name: '', namespace: '' }).verb, 'LIST');
  assert.equal(requestLabels({ ...get, verb: 'list', name: '', namespace: '' }).scope, 'cluster');
  assert.equal(requestLabels({ ...get, verb: 'list', name: '' }).scope, 'namespace');
  // A delete of a collection is a DELETE; an apply patch is APPLY, other patches PATCH.
  assert.equal(requestLabels({ ...get, verb: 'deletecollection', name: '' }).verb, 'DELETE');
  assert.equal(requestLabels({ ...get, verb: 'patch' }, true).verb, 'APPLY');
  assert.equal(requestLabels({ ...get, verb: 'patch' }).verb, 'PATCH');
  assert.equal(requestLabels({ ...get, resource: 'services', subresource: 'proxy/some/path' }).subresource, 'proxy');
  // The health roots as healthz.InstallPathHandler instruments them; other paths with empty labels.
  assert.deepEqual(requestLabels({ isResourceRequest: false, path: '/healthz', verb: 'get' }), { verb: 'GET', group: '', version: '', resource: '', subresource: '/healthz', scope: '', component: '' });
  assert.deepEqual(requestLabels({ isResourceRequest: false, path: '/version', verb: 'get' }), { verb: 'GET', group: '', version: '', resource: '', subresource: '', scope: '', component: 'apiserver' });
});

test('dry_run label as upstream cleanDryRun makes it', () => {
  const cases: [string[], string][] = [[[], ''], [['All'], 'All'], [['All', 'All'], 'All'], [['all'], 'invalid'], [['All', 'x'], 'invalid']];
  for (const [values, label] of cases) assert.equal(dryRunLabel(values), label, values.join(','));
});

test('a dry run is its own request series, with the dry_run label', async () => {
  const text = await scrape((m) => {
    m.record(create, 201, 0.01);
    m.series(create, 'All').codes.set(201, 2);
  });
  assert.match(text, /apiserver_request_total\{code="201",component="apiserver",dry_run="",[^}]*verb="POST"[^}]*\} 1/);
  assert.match(text, /apiserver_request_total\{code="201",component="apiserver",dry_run="All",[^}]*verb="POST"[^}]*\} 2/);
});

test('a request finds the series of its labels: one per label set, whatever else differs', () => {
  const m = new RequestMetrics();
  const first = m.series(get);
  assert.equal(m.series({ ...get, name: 'other', path: '/x' }), first, 'the name and path are no labels');
  assert.equal(m.series({ ...get, namespace: 'elsewhere' }), first, 'nor is the namespace, once the scope is known');
  const distinct = [
    m.series({ ...get, verb: 'list', name: '' }),
    m.series({ ...get, verb: 'list', name: '', namespace: '' }),
    m.series({ ...get, apiGroup: 'g.io' }),
    m.series({ ...get, apiVersion: 'v2' }),
    m.series({ ...get, resource: 'secrets' }),
    m.series({ ...get, subresource: 'status' }),
    m.series({ ...get, verb: 'patch' }),
    m.series({ ...get, verb: 'patch' }, '', true),
    m.series(get, 'All'),
    m.series({ isResourceRequest: false, path: '/healthz', verb: 'get' }),
    m.series({ isResourceRequest: false, path: '/version', verb: 'get' }),
  ];
  assert.equal(new Set([first, ...distinct]).size, distinct.length + 1);
  assert.equal(m.series({ ...get, resource: 'services', subresource: 'proxy/a' }), m.series({ ...get, resource: 'services', subresource: 'proxy/b/c' }));
  assert.equal(m.series({ isResourceRequest: false, path: '/openapi/v2', verb: 'get' }), distinct.at(-1), 'other paths share one series per verb');
});
