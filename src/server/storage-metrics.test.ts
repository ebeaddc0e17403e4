import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { createMemoryBackend } from '../storage/memory/index.js';
import { instrumentedBackend } from '../storage/instrumented-backend.js';
import { groupResourceString, StorageMetrics, storedTypeNames } from './storage-metrics.js';

test('the type label names the internal Go type upstream reflects on', () => {
  const cases: [string, string, string, string][] = [
    ['', 'Pod', '*core.Pod', '*[]core.Pod'],
    ['apps', 'Deployment', '*apps.Deployment', '*[]apps.Deployment'],
    ['rbac.authorization.k8s.io', 'ClusterRole', '*rbac.ClusterRole', '*[]rbac.ClusterRole'],
    ['events.k8s.io', 'Event', '*core.Event', '*[]core.Event'],
    ['flowcontrol.apiserver.k8s.io', 'FlowSchema', '*flowcontrol.FlowSchema', '*[]flowcontrol.FlowSchema'],
    ['internal.apiserver.k8s.io', 'StorageVersion', '*apiserverinternal.StorageVersion', '*[]apiserverinternal.StorageVersion'],
  ];
  for (const [group, kind, object, list] of cases) assert.deepEqual(storedTypeNames({ group, kind }), { object, list }, `${group}/${kind}`);
  assert.equal(groupResourceString({ group: '', resource: 'configmaps' }), 'configmaps');
  assert.equal(groupResourceString({ group: 'apps', resource: 'deployments' }), 'deployments.apps');
});

test('backend calls are timed by operation and type, lists counted by resource', async () => {
  const metrics = new StorageMetrics();
  const cm = metrics.forResource({ group: '', resource: 'configmaps', kind: 'ConfigMap' });
  const inner = createMemoryBackend();
  const backend = instrumentedBackend(inner, cm.observe);
  const created = await backend.create('/registry/configmaps/ns/a', '{}');
  await backend.update('/registry/configmaps/ns/a', '{"a":1}', created.modRevision);
  await backend.get('/registry/configmaps/ns/a');
  await backend.range('/registry/configmaps/');
  await backend.delete('/registry/configmaps/ns/a');
  await assert.rejects(backend.delete('/registry/configmaps/ns/a'));
  await backend.currentRevision(); // not timed: upstream has no such call
  // Kept, untimed: the cache's consistent reads ask it instead of awaiting currentRevision.
  assert.equal(backend.localRevision?.(), await inner.currentRevision());
  cm.lists.record(3, 3, 2);
  cm.lists.record(1, 1, 1);
  const registry = new Registry();
  metrics.registerWith(registry);
  const text = await registry.metrics();
  await inner.close();

  assert.ok(text.includes('# HELP etcd_request_duration_seconds [ALPHA] Etcd request latency in seconds for each operation and object type.'));
  for (const [operation, type, count] of [['create', '*core.ConfigMap', 1], ['update', '*core.ConfigMap', 1], ['get', '*core.ConfigMap', 1], ['list', '*[]core.ConfigMap', 1], ['delete', '*core.ConfigMap', 2]] as const) {
    assert.ok(text.includes(`etcd_request_duration_seconds_count{operation="${operation}",type="${type}"} ${count}`), operation);
    assert.ok(text.includes(`etcd_request_duration_seconds_bucket{operation="${operation}",type="${type}",le="60"} ${count}`), operation);
  }
  assert.ok(text.includes('etcd_request_duration_seconds_bucket{operation="get",type="*core.ConfigMap",le="0.005"}'), 'upstream buckets start at 5 ms');
  assert.ok(text.includes('apiserver_storage_list_total{resource="configmaps"} 2'));
  assert.ok(text.includes('apiserver_storage_list_fetched_objects_total{resource="configmaps"} 4'));
  assert.ok(text.includes('apiserver_storage_list_evaluated_objects_total{resource="configmaps"} 4'));
  assert.ok(text.includes('apiserver_storage_list_returned_objects_total{resource="configmaps"} 3'));
  assert.ok(text.includes('# HELP apiserver_storage_list_total [ALPHA] Number of LIST requests served from storage'));
});

test('a resource that never listed from storage has no list series', async () => {
  const metrics = new StorageMetrics();
  metrics.forResource({ group: 'apps', resource: 'deployments', kind: 'Deployment' });
  const registry = new Registry();
  metrics.registerWith(registry);
  assert.doesNotMatch(await registry.metrics(), /apiserver_storage_list_total\{/);
});
