import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

const labels = { verb: 'GET', group: '', version: 'v1', resource: 'configmaps', subresource: '', scope: 'resource', component: 'apiserver' };

test('request metrics render as a Prometheus counter and histogram', async () => {
  const registry = new Registry();
  const metrics = new RequestMetrics();
  metrics.registerWith(registry);
  metrics.record(labels, '200', 0.003);
  metrics.record(labels, '200', 0.3);
  metrics.record(labels, '404', 0.004);
  metrics.record({ ...labels, verb: 'WATCH' }, '200');
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
