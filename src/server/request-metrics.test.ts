import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import type { ResourceRequestInfo } from '../endpoints/request-info.js';
import { RequestMetrics, requestLabels } from './request-metrics.js';

const get: ResourceRequestInfo = {
  isResourceRequest: true, path: '/api/v1/namespaces/ns/configmaps/a', verb: 'get', apiPrefix: 'api',
  apiGroup: '', apiVersion: 'v1', namespace: 'ns', resource: 'configmaps', subresource: '', name: 'a',
};

test('request metrics render as a Prometheus counter and histogram', async () => {
  const registry = new Registry();
  const metrics = new RequestMetrics();
  metrics.registerWith(registry);
  metrics.record(get, 200, 0.003);
  metrics.record(get, 200, 0.3);
  metrics.record(get, 404, 0.004);
  metrics.record({ ...get, verb: 'watch' }, 200);
  const text = await registry.metrics();
  const l = 'verb="GET",group="",version="v1",resource="configmaps",subresource="",scope="resource",component="apiserver"';
  assert.match(text, /# TYPE apiserver_request_total counter/);
  assert.ok(text.includes(`apiserver_request_total{${l},code="200"} 2`));
  assert.ok(text.includes(`apiserver_request_total{${l},code="404"} 1`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${l},le="0.005"} 2`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${l},le="0.2"} 2`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${l},le="0.4"} 3`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_bucket{${l},le="+Inf"} 3`));
  assert.ok(text.includes(`apiserver_request_duration_seconds_count{${l}} 3`));
  // Watches are counted but have no latency sample.
  assert.match(text, /apiserver_request_total\{verb="WATCH"[^}]*code="200"\} 1/);
  assert.doesNotMatch(text, /apiserver_request_duration_seconds_count\{verb="WATCH"/);
});

test('request labels follow upstream: the route action as verb, and the scope of the path', () => {
  assert.deepEqual(requestLabels({ ...get, verb: 'create', name: '' }), { verb: 'POST', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'namespace', component: 'apiserver' });
  assert.equal(requestLabels({ ...get, verb: 'list', name: '', namespace: '' }).verb, 'LIST');
  assert.equal(requestLabels({ ...get, verb: 'list', name: '', namespace: '' }).scope, 'cluster');
  assert.equal(requestLabels({ ...get, verb: 'deletecollection', name: '' }).verb, 'DELETECOLLECTION');
  assert.deepEqual(requestLabels({ isResourceRequest: false, path: '/healthz', verb: 'get' }), { verb: 'GET', group: '', version: '', resource: '', subresource: '', scope: '', component: 'apiserver' });
});
