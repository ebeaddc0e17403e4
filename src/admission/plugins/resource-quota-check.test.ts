// CheckRequest's decisions and upstream's messages, table by table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { coreEvaluators, QuotaRegistry } from '../../quota/registry.js';
import { formatResourceList } from '../../quota/resource-list.js';
import { checkRequest, quotaState, type QuotaRequest, type QuotaState } from './resource-quota-check.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const registry = new QuotaRegistry(coreEvaluators());
const quota = (name: string, hard: Record<string, string>, used: Record<string, string> | undefined, spec: Partial<NonNullable<ResourceQuota['spec']>> = {}): QuotaState =>
  quotaState({ metadata: { name, namespace: 'ns', resourceVersion: '7' }, spec: { hard, ...spec }, status: { hard, ...(used ? { used } : {}) } });
const pod = (resources: Record<string, Record<string, string>> = {}, spec: Record<string, unknown> = {}): KubeObject =>
  ({ metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'i', resources }], ...spec } });
const claim = (storage: string): KubeObject => ({ metadata: { name: 'data', namespace: 'ns', resourceVersion: '3' }, spec: { resources: { requests: { storage } } } });
const service = (type: string): KubeObject => ({ metadata: { name: 's', namespace: 'ns', resourceVersion: '3' }, spec: { type, ports: [{ port: 80 }] } });

/** The outcome: the 403's cause, or each quota's usage afterwards. */
function check(states: QuotaState[], resource: string, request: Omit<QuotaRequest, 'now'>): string | Array<Record<string, string>> {
  const result = checkRequest(states, registry.getOrCount('', resource), { ...request, now: NOW });
  return 'forbidden' in result ? result.forbidden : result.states.map((s) => formatResourceList(s.used));
}

test('a request within every quota is charged to the quotas that track it', () => {
  const states = [quota('pods', { pods: '2' }, { pods: '1' }), quota('other', { secrets: '5' }, { secrets: '0' })];
  assert.deepEqual(check(states, 'pods', { operation: 'CREATE', object: pod() }), [{ pods: '2' }, { secrets: '0' }]);
});

test('refusals in upstream words', () => {
  const cpu = { requests: { cpu: '500m', memory: '512Mi' }, limits: { cpu: '1', memory: '1Gi' } };
  const compute = { 'requests.cpu': '1', 'requests.memory': '1Gi', 'limits.cpu': '2', 'limits.memory': '2Gi' };
  const cases: Array<[string, QuotaState[], string, Omit<QuotaRequest, 'now'>, string]> = [
    ['pods exceeded', [quota('q', { pods: '1' }, { pods: '1' })], 'pods', { operation: 'CREATE', object: pod() },
      'exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1'],
    ['only the exceeded resources are named', [quota('compute', compute, { 'requests.cpu': '800m', 'requests.memory': '0', 'limits.cpu': '1', 'limits.memory': '1Gi' })], 'pods', { operation: 'CREATE', object: pod(cpu) },
      'exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=800m, limited: requests.cpu=1'],
    ['several exceeded, sorted', [quota('compute', compute, { 'requests.cpu': '800m', 'requests.memory': '768Mi', 'limits.cpu': '1', 'limits.memory': '1Gi' })], 'pods', { operation: 'CREATE', object: pod(cpu) },
      'exceeded quota: compute, requested: requests.cpu=500m,requests.memory=512Mi, used: requests.cpu=800m,requests.memory=768Mi, limited: requests.cpu=1,requests.memory=1Gi'],
    ['compute quota without declared resources', [quota('compute', compute, { 'requests.cpu': '0', 'requests.memory': '0', 'limits.cpu': '0', 'limits.memory': '0' })], 'pods', { operation: 'CREATE', object: pod() },
      'failed quota: compute: must specify limits.cpu for: c; limits.memory for: c; requests.cpu for: c; requests.memory for: c'],
    ['usage not yet known for a limited resource', [quota('q', { pods: '5', 'requests.cpu': '1' }, { pods: '0' })], 'pods', { operation: 'CREATE', object: pod({ requests: { cpu: '1' } }) },
      'status unknown for quota: q, resources: pods,requests.cpu'],
    ['the second quota refuses', [quota('a', { pods: '5' }, { pods: '0' }), quota('b', { 'count/pods': '1' }, { 'count/pods': '1' })], 'pods', { operation: 'CREATE', object: pod() },
      'exceeded quota: b, requested: count/pods=1, used: count/pods=1, limited: count/pods=1'],
    ['an object count', [quota('q', { 'count/configmaps': '2', configmaps: '5' }, { 'count/configmaps': '2', configmaps: '2' })], 'configmaps', { operation: 'CREATE', object: { metadata: { name: 'c' } } },
      'exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=2, limited: count/configmaps=2'],
    ['a claim growing past its quota', [quota('storage', { 'requests.storage': '5Gi' }, { 'requests.storage': '4Gi' })], 'persistentvolumeclaims',
      { operation: 'UPDATE', object: claim('3Gi'), oldObject: claim('1Gi') }, 'exceeded quota: storage, requested: requests.storage=2Gi, used: requests.storage=4Gi, limited: requests.storage=5Gi'],
    ['storage per class', [quota('gold', { 'gold.storageclass.storage.k8s.io/requests.storage': '1Gi' }, { 'gold.storageclass.storage.k8s.io/requests.storage': '0' })], 'persistentvolumeclaims',
      { operation: 'CREATE', object: { ...claim('2Gi'), spec: { storageClassName: 'gold', resources: { requests: { storage: '2Gi' } } } } },
      'exceeded quota: gold, requested: gold.storageclass.storage.k8s.io/requests.storage=2Gi, used: gold.storageclass.storage.k8s.io/requests.storage=0, limited: gold.storageclass.storage.k8s.io/requests.storage=1Gi'],
    ['a service turning NodePort', [quota('q', { 'services.nodeports': '0', services: '5' }, { 'services.nodeports': '0', services: '1' })], 'services',
      { operation: 'UPDATE', object: service('NodePort'), oldObject: service('ClusterIP') }, 'exceeded quota: q, requested: services.nodeports=1, used: services.nodeports=0, limited: services.nodeports=0'],
  ];
  for (const [name, states, resource, request, message] of cases) assert.equal(check(states, resource, request), message, name);
});

test('what leaves quotas unchanged', () => {
  const states = [quota('q', { pods: '1', 'requests.storage': '1Gi', services: '1' }, { pods: '1', 'requests.storage': '1Gi', services: '1' })];
  const unchanged = [{ pods: '1', 'requests.storage': '1Gi', services: '1' }];
  assert.deepEqual(check([quotaState({ metadata: { name: 'new' }, spec: { hard: { pods: '0' } } })], 'pods', { operation: 'CREATE', object: pod() }), [{}], 'not yet taken up by the controller');
  assert.deepEqual(check([quota('q', { pods: '0' }, { pods: '0' }, { scopes: ['Terminating'] })], 'pods', { operation: 'CREATE', object: pod() }), [{ pods: '0' }], 'out of scope');
  assert.deepEqual(check(states, 'persistentvolumeclaims', { operation: 'UPDATE', object: claim('1Gi'), oldObject: claim('1Gi') }), unchanged, 'an update without change');
  assert.deepEqual(check(states, 'persistentvolumeclaims', { operation: 'UPDATE', object: claim('1Gi'), oldObject: claim('2Gi') }), unchanged, 'a smaller claim is not credited');
  assert.deepEqual(check(states, 'services', { operation: 'UPDATE', object: service('ClusterIP'), oldObject: service('ClusterIP') }), unchanged, 'a service keeping its type');
  assert.deepEqual(check(states, 'pods', { operation: 'UPDATE', object: pod(), oldObject: pod() }), unchanged, 'pod updates are not handled in 1.25');
  assert.deepEqual(check(states, 'configmaps', { operation: 'CREATE', object: { metadata: { name: 'c' } } }), unchanged, 'a resource the quota does not track');
});

test('a request charged on top of what earlier ones in the batch charged', () => {
  let states = [quota('q', { pods: '2' }, { pods: '0' })];
  for (const expected of [[{ pods: '1' }], [{ pods: '2' }], 'exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2'] as const) {
    const result = checkRequest(states, registry.getOrCount('', 'pods'), { operation: 'CREATE', object: pod(), now: NOW });
    if ('forbidden' in result) assert.equal(result.forbidden, expected);
    else {
      assert.deepEqual(result.states.map((s) => formatResourceList(s.used)), expected);
      states = [...result.states];
    }
  }
});
