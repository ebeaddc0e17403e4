import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { ResourceQuota } from '../apis/core/v1/schemas.generated.js';
import type { QuotaEvaluator } from './evaluator.js';
import { coreEvaluators, QuotaRegistry } from './registry.js';
import { formatResourceList } from './resource-list.js';
import { calculateUsage, trackingEvaluators, type UsageSource } from './usage.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const registry = new QuotaRegistry(coreEvaluators());
registry.getOrCount('apps', 'deployments');
const evaluators = registry.list();

const pod = (name: string, cpu?: string, extra: Record<string, unknown> = {}): KubeObject => ({
  metadata: { name, namespace: 'ns' },
  spec: { containers: [{ name: 'c', image: 'i', resources: cpu ? { requests: { cpu }, limits: { cpu } } : {} }] },
  ...extra,
});
const objects: Record<string, KubeObject[]> = {
  pods: [pod('a', '500m'), pod('b', '250m'), pod('idle'), pod('done', '1', { status: { phase: 'Succeeded' } })],
  services: [{ metadata: { name: 's', namespace: 'ns' }, spec: { type: 'NodePort', ports: [{ port: 80 }] } }],
};
const counts: Record<string, number> = { configmaps: 3, deployments: 2 };
const sourceOf = (evaluator: QuotaEvaluator): UsageSource | undefined =>
  evaluator.resource === 'secrets' ? undefined : { objects: () => objects[evaluator.resource] ?? [], count: () => counts[evaluator.resource] ?? 0 };
const quota = (hard: Record<string, string>, spec: Partial<NonNullable<ResourceQuota['spec']>> = {}): ResourceQuota => ({ metadata: { name: 'q', namespace: 'ns' }, spec: { hard, ...spec } });
const used = (q: ResourceQuota) => formatResourceList(calculateUsage(q, trackingEvaluators(Object.keys(q.spec?.hard ?? {}), evaluators), sourceOf, NOW));

test('CalculateUsage sums each tracking evaluator over the namespace, kept to the hard resources', () => {
  assert.deepEqual(used(quota({ pods: '10', 'count/pods': '10', 'requests.cpu': '2', 'limits.memory': '1Gi', 'services.nodeports': '5', configmaps: '5', 'count/deployments.apps': '3' })), {
    configmaps: '3', 'count/deployments.apps': '2', 'count/pods': '4', 'limits.memory': '0', pods: '3', 'requests.cpu': '750m', 'services.nodeports': '1',
  });
});

test('scopes select pods; object counts are in no scope', () => {
  assert.deepEqual(used(quota({ pods: '10', configmaps: '5' }, { scopes: ['BestEffort'] })), { configmaps: '0', pods: '1' });
  assert.deepEqual(used(quota({ pods: '10', 'requests.cpu': '5' }, { scopes: ['NotBestEffort'] })), { pods: '2', 'requests.cpu': '750m' });
  assert.deepEqual(used(quota({ pods: '10' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'DoesNotExist' }] } })), { pods: '3' });
});

test('resources nothing tracks, or whose objects could not be read, are left out', () => {
  assert.deepEqual(used(quota({ secrets: '1', 'count/widgets.example.com': '1', pods: '1' })), { pods: '3' });
});
