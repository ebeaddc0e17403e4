// CheckRequest's decisions and upstream's messages, table by table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { coreEvaluators, QuotaRegistry } from '../../quota/registry.js';
import { formatResourceList } from '../../quota/resource-list.js';
import { checkRequest, quotaState, type QuotaRequest, type QuotaState } from './resource-quota-check.js';
import type { LimitedResource } from './resource-quota-config.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const registry = new QuotaRegistry(coreEvaluators());
const quota = (name: string, hard: Record<string, string>, used: Record<string, string> | undefined, spec: Partial<NonNullable<ResourceQuota['spec']>> = {}): QuotaState =>
  quotaState({ metadata: { name, namespace: 'ns', resourceVersion: '7' }, spec: { hard, ...spec }, status: { hard, ...(used ? { used } : {}) } });
const pod = (resources: Record<string, Record<string, string>> = {}, spec: Record<string, unknown> = {}): KubeObject =>
  ({ metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'i', resources }], ...spec } });
const claim = (storage: string): KubeObject => ({ metadata: { name: 'data', namespace: 'ns', resourceVersion: '3' }, spec: { resources: { requests: { storage } } } });
const service = (type: string): KubeObject => ({ metadata: { name: 's', namespace: 'ns', resourceVersion: '3' }, spec: { type, ports: [{ port: 80 }] } });

/** The outcome: the 403's cause, `500: <message>` for a plain error, or each quota's usage afterwards. */
function check(states: QuotaState[], resource: string, request: Omit<QuotaRequest, 'now'>, limited: LimitedResource[] = []): string | Array<Record<string, string>> {
  const result = checkRequest(states, registry.getOrCount('', resource), { ...request, now: NOW }, limited);
  if ('forbidden' in result) return result.forbidden;
  if ('error' in result) return `500: ${result.error}`;
  return result.states.map((s) => formatResourceList(s.used));
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
    else if ('error' in result) assert.fail(result.error);
    else {
      assert.deepEqual(result.states.map((s) => formatResourceList(s.used)), expected);
      states = [...result.states];
    }
  }
});

test('limited resources (the admission configuration): consumption needs a covering quota', () => {
  const limit = (resource: string, matchContains: string[], matchScopes: LimitedResource['matchScopes'] = [], apiGroup = ''): LimitedResource => ({ apiGroup, resource, matchContains, matchScopes });
  const gold = { ...claim('1Gi'), spec: { storageClassName: 'gold', resources: { requests: { storage: '1Gi' } } } };
  const classStorage = limit('persistentvolumeclaims', ['.storageclass.storage.k8s.io/requests.storage']);
  const critical = limit('pods', [], [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }]);
  const criticalPod = pod({}, { priorityClassName: 'cluster-services' });
  const priorityQuota = quota('critical', { pods: '10' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } });
  const cases: Array<[string, QuotaState[], string, Omit<QuotaRequest, 'now'>, LimitedResource[], string | Array<Record<string, string>>]> = [
    ['no quota covers the storage class', [], 'persistentvolumeclaims', { operation: 'CREATE', object: gold }, [classStorage],
      'insufficient quota to consume: gold.storageclass.storage.k8s.io/requests.storage'],
    ['a quota on another resource does not cover it', [quota('q', { 'requests.storage': '10Gi' }, { 'requests.storage': '0' })], 'persistentvolumeclaims',
      { operation: 'CREATE', object: gold }, [classStorage], 'insufficient quota to consume: gold.storageclass.storage.k8s.io/requests.storage'],
    ['several names, sorted', [], 'persistentvolumeclaims', { operation: 'CREATE', object: gold }, [limit('persistentvolumeclaims', ['gold.', 'requests.storage'])],
      'insufficient quota to consume: gold.storageclass.storage.k8s.io/persistentvolumeclaims,gold.storageclass.storage.k8s.io/requests.storage,requests.storage'],
    ['a covering quota charges as usual', [quota('gold', { 'gold.storageclass.storage.k8s.io/requests.storage': '5Gi' }, { 'gold.storageclass.storage.k8s.io/requests.storage': '1Gi' })],
      'persistentvolumeclaims', { operation: 'CREATE', object: gold }, [classStorage], [{ 'gold.storageclass.storage.k8s.io/requests.storage': '2Gi' }]],
    ['a claim without a storage class consumes nothing limited', [], 'persistentvolumeclaims', { operation: 'CREATE', object: claim('1Gi') }, [classStorage], []],
    ['another group-resource is not limited by names', [], 'configmaps', { operation: 'CREATE', object: { metadata: { name: 'c' } } }, [limit('configmaps', ['configmaps'], [], 'apps')], []],
    ['an update that adds nothing is not checked', [], 'persistentvolumeclaims', { operation: 'UPDATE', object: gold, oldObject: gold }, [classStorage], []],
    ['a pod within a limited scope without a quota of that scope: a plain error', [], 'pods', { operation: 'CREATE', object: criticalPod }, [critical],
      '500: insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]'],
    ['a quota of the scope covers it', [priorityQuota], 'pods', { operation: 'CREATE', object: criticalPod }, [critical], [{ pods: '1' }]],
    ['a quota naming the scope with another operator covers it too (scope names are compared)', [quota('any', { pods: '10' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'Exists' }] } })],
      'pods', { operation: 'CREATE', object: criticalPod }, [critical], [{ pods: '1' }]],
    ['a pod outside the limited scope', [], 'pods', { operation: 'CREATE', object: pod() }, [critical], []],
    ['matchScopes apply whatever resource they are listed under', [], 'pods', { operation: 'CREATE', object: criticalPod }, [{ ...critical, resource: 'persistentvolumeclaims' }],
      '500: insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]'],
    ['a configured scope that does not parse limits nothing', [], 'pods', { operation: 'CREATE', object: criticalPod },
      [limit('pods', [], [{ scopeName: 'PriorityClass', operator: 'In' }]), critical], []],
    ['a quota whose PriorityClass values are no label values: upstream\'s plain error, limits or not',
      [quota('bad', { pods: '10' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['has space'] }] } })], 'pods',
      { operation: 'CREATE', object: criticalPod }, [],
      '500: error matching scopes of quota bad, err: error on matching scope {PriorityClass In [has space]}: failed to parse and convert selector: values[0][PriorityClass]: Invalid value: "has space": '
      + "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"],
    ['names are checked before scopes', [], 'pods', { operation: 'CREATE', object: criticalPod }, [critical, limit('pods', ['pods'])],
      'insufficient quota to consume: count/pods,pods'],
  ];
  for (const [name, states, resource, request, limited, expected] of cases) assert.deepEqual(check(states, resource, request, limited), expected, name);
});
