// The evaluators of pods, services, claims and object counts, table by table, as upstream's evaluator tests.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { objectCountEvaluator, objectCountResourceName, quotaMatches, scopeRequirements, type ScopeRequirement } from './evaluator.js';
import { persistentVolumeClaimEvaluator } from './persistent-volume-claims.js';
import { podEvaluator } from './pods.js';
import { coreEvaluators, isIgnoredResource, QuotaRegistry } from './registry.js';
import { formatResourceList } from './resource-list.js';
import { formatScopeRequirement, formatScopeRequirements } from './scope-selectors.js';
import { serviceEvaluator } from './services.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
type Resources = { requests?: Record<string, string>; limits?: Record<string, string> };
const container = (name: string, resources: Resources = {}) => ({ name, image: 'i', resources });
const pod = (spec: Record<string, unknown>, extra: Partial<KubeObject> = {}): KubeObject => ({ metadata: { name: 'p', namespace: 'ns' }, spec: { containers: [container('c')], ...spec }, ...extra });
const usage = (object: KubeObject, evaluator = podEvaluator) => formatResourceList(evaluator.usage(object, NOW));

describe('pods', () => {
  test('usage: containers summed, init containers as the largest, overhead added, under quota names', () => {
    const cases: Array<[string, KubeObject, Record<string, string>]> = [
      ['best effort', pod({}), { 'count/pods': '1', pods: '1' }],
      ['requests and limits', pod({ containers: [container('a', { requests: { cpu: '100m', memory: '1Gi' }, limits: { cpu: '200m', memory: '2Gi' } })] }),
        { 'count/pods': '1', cpu: '100m', 'limits.cpu': '200m', 'limits.memory': '2Gi', memory: '1Gi', pods: '1', 'requests.cpu': '100m', 'requests.memory': '1Gi' }],
      ['two containers summed', pod({ containers: [container('a', { requests: { cpu: '250m' } }), container('b', { requests: { cpu: '750m' } })] }),
        { 'count/pods': '1', cpu: '1', pods: '1', 'requests.cpu': '1' }],
      ['an init container larger than the sum', pod({ containers: [container('a', { requests: { cpu: '100m' } })], initContainers: [container('i', { requests: { cpu: '1' } })] }),
        { 'count/pods': '1', cpu: '1', pods: '1', 'requests.cpu': '1' }],
      ['overhead', pod({ containers: [container('a', { requests: { memory: '100Mi' }, limits: { memory: '200Mi' } })], overhead: { memory: '10Mi', cpu: '250m' } }),
        { 'count/pods': '1', cpu: '250m', 'limits.cpu': '250m', 'limits.memory': '210Mi', memory: '110Mi', pods: '1', 'requests.cpu': '250m', 'requests.memory': '110Mi' }],
      ['ephemeral storage', pod({ containers: [container('a', { requests: { 'ephemeral-storage': '1Gi' }, limits: { 'ephemeral-storage': '2Gi' } })] }),
        { 'count/pods': '1', 'ephemeral-storage': '1Gi', 'limits.ephemeral-storage': '2Gi', pods: '1', 'requests.ephemeral-storage': '1Gi' }],
      ['hugepages and extended resources', pod({ containers: [container('a', { requests: { 'hugepages-2Mi': '4Mi', 'example.com/gpu': '2' }, limits: { 'hugepages-2Mi': '4Mi', 'example.com/gpu': '2' } })] }),
        { 'count/pods': '1', 'hugepages-2Mi': '4Mi', pods: '1', 'requests.example.com/gpu': '2', 'requests.hugepages-2Mi': '4Mi' }],
      ['succeeded: the object count only', pod({ containers: [container('a', { requests: { cpu: '1' } })] }, { status: { phase: 'Succeeded' } }), { 'count/pods': '1' }],
      ['failed: the object count only', pod({}, { status: { phase: 'Failed' } }), { 'count/pods': '1' }],
      ['deleted, past its grace period', { ...pod({}), metadata: { name: 'p', deletionTimestamp: '2025-12-31T23:59:00Z', deletionGracePeriodSeconds: 30 } }, { 'count/pods': '1' }],
      ['deleted, within its grace period', { ...pod({}), metadata: { name: 'p', deletionTimestamp: '2025-12-31T23:59:50Z', deletionGracePeriodSeconds: 30 } }, { 'count/pods': '1', pods: '1' }],
    ];
    for (const [name, object, expected] of cases) assert.deepEqual(usage(object), expected, name);
  });

  test('constraints: a quota of cpu or memory makes every container declare them', () => {
    const required = ['limits.cpu', 'limits.memory', 'requests.cpu', 'pods', 'requests.storage'];
    const cases: Array<[string, KubeObject, string[], string | undefined]> = [
      ['nothing declared', pod({ containers: [container('web'), container('log')] }), required,
        'must specify limits.cpu for: log,web; limits.memory for: log,web; requests.cpu for: log,web'],
      ['one container lacks a limit', pod({ containers: [container('web', { requests: { cpu: '1' }, limits: { cpu: '1', memory: '1Gi' } }), container('log', { requests: { cpu: '1' }, limits: { cpu: '1' } })] }),
        required, 'must specify limits.memory for: log'],
      ['init containers too', pod({ containers: [container('web', { requests: { cpu: '1' }, limits: { cpu: '1', memory: '1Gi' } })], initContainers: [container('setup')] }),
        required, 'must specify limits.cpu for: setup; limits.memory for: setup; requests.cpu for: setup'],
      ['cpu names the request', pod({}), ['cpu'], 'must specify cpu for: c'],
      ['all declared', pod({ containers: [container('web', { requests: { cpu: '1' }, limits: { cpu: '1', memory: '1Gi' } })] }), required, undefined],
      ['only counts limited', pod({}), ['pods', 'count/pods', 'requests.ephemeral-storage'], undefined],
    ];
    for (const [name, object, names, expected] of cases) assert.equal(podEvaluator.constraints(names, object), expected, name);
  });

  test('scopes', () => {
    const exists = (scopeName: string): ScopeRequirement => ({ scopeName, operator: 'Exists' });
    const priority = (operator: string, ...values: string[]): ScopeRequirement => ({ scopeName: 'PriorityClass', operator, values });
    const burstable = pod({ containers: [container('a', { requests: { memory: '1Gi' } })] });
    const zeroRequests = pod({ containers: [container('a', { requests: { cpu: '0' } })] });
    const terminating = pod({ activeDeadlineSeconds: 0 });
    const high = pod({ priorityClassName: 'high' });
    const crossNamespace = pod({ affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'k', namespaceSelector: {} } }] } } });
    const sameNamespace = pod({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'k', labelSelector: {} }] } } });
    const cases: Array<[ScopeRequirement, KubeObject, boolean]> = [
      [exists('BestEffort'), pod({}), true],
      [exists('BestEffort'), zeroRequests, true],
      [exists('BestEffort'), burstable, false],
      [exists('NotBestEffort'), burstable, true],
      [exists('NotBestEffort'), pod({}), false],
      [exists('Terminating'), terminating, true],
      [exists('Terminating'), pod({}), false],
      [exists('NotTerminating'), pod({}), true],
      [exists('NotTerminating'), terminating, false],
      [exists('PriorityClass'), high, true],
      [exists('PriorityClass'), pod({}), false],
      [priority('In', 'high', 'low'), high, true],
      [priority('In', 'low'), high, false],
      [priority('In', 'high'), pod({}), false],
      [priority('NotIn', 'low'), high, true],
      [priority('NotIn', 'high'), high, false],
      [priority('NotIn', 'high'), pod({}), true],
      [priority('DoesNotExist'), pod({}), true],
      [priority('DoesNotExist'), high, false],
      [exists('CrossNamespacePodAffinity'), crossNamespace, true],
      [exists('CrossNamespacePodAffinity'), pod({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'k', namespaces: ['other'] }] } } }), true],
      [exists('CrossNamespacePodAffinity'), sameNamespace, false],
      [exists('CrossNamespacePodAffinity'), pod({}), false],
    ];
    for (const [requirement, object, expected] of cases) assert.equal(podEvaluator.matchesScope(requirement, object), expected, `${JSON.stringify(requirement)} ${JSON.stringify(object.spec)}`);
  });

  test('MatchingScopes and UncoveredQuotaScopes (the admission configuration\'s matchScopes)', () => {
    const high = pod({ priorityClassName: 'high', activeDeadlineSeconds: 10 });
    const inHigh: ScopeRequirement = { scopeName: 'PriorityClass', operator: 'In', values: ['high'] };
    const terminating: ScopeRequirement = { scopeName: 'Terminating', operator: 'Exists' };
    const bestEffort: ScopeRequirement = { scopeName: 'NotBestEffort', operator: 'Exists' };
    assert.deepEqual(podEvaluator.matchingScopes(high, [inHigh, terminating, bestEffort]), [inHigh, terminating]);
    assert.deepEqual(podEvaluator.matchingScopes(high, []), []);
    // A PriorityClass selector that does not parse fails the match; Exists is not parsed (values ignored).
    const cases: Array<[ScopeRequirement, string | undefined]> = [
      [{ scopeName: 'PriorityClass', operator: 'In' }, "values: Invalid value: []string(nil): for 'in', 'notin' operators, values set can't be empty"],
      [{ scopeName: 'PriorityClass', operator: 'DoesNotExist', values: ['a'] }, 'values: Invalid value: []string{"a"}: values set must be empty for exists and does not exist'],
      [{ scopeName: 'PriorityClass', operator: 'Equals', values: ['a'] }, '"Equals" is not a valid scope selector operator'],
      [{ scopeName: 'PriorityClass', operator: 'Exists', values: ['a'] }, undefined],
    ];
    for (const [requirement, error] of cases) {
      const expected = error === undefined ? [requirement] : { error: `error on matching scope ${formatScopeRequirement(requirement)}: failed to parse and convert selector: ${error}` };
      assert.deepEqual(podEvaluator.matchingScopes(high, [requirement]), expected, error);
    }
    assert.deepEqual(podEvaluator.uncoveredScopes([inHigh, terminating], [{ scopeName: 'PriorityClass', operator: 'Exists' }]), [terminating], 'covered by scope name');
    assert.deepEqual(serviceEvaluator.matchingScopes({ metadata: {} }, [inHigh]), []);
    assert.deepEqual(serviceEvaluator.uncoveredScopes([inHigh], []), []);
    assert.equal(formatScopeRequirements([inHigh, terminating]), '[{PriorityClass In [high]} {Terminating Exists []}]');
  });

  test('matching resources and operations', () => {
    assert.deepEqual(podEvaluator.matchingResources(['pods', 'count/pods', 'services', 'hugepages-1Gi', 'requests.hugepages-2Mi', 'requests.example.com/gpu', 'requests.storage', 'limits.cpu', 'requests.kubernetes.io/x']).sort(),
      ['count/pods', 'hugepages-1Gi', 'limits.cpu', 'pods', 'requests.example.com/gpu', 'requests.hugepages-2Mi']);
    assert.ok(podEvaluator.handles('CREATE'));
    assert.ok(!podEvaluator.handles('UPDATE'));
  });
});

describe('services', () => {
  const service = (spec: Record<string, unknown>): KubeObject => ({ metadata: { name: 's' }, spec: { ports: [{ port: 80 }, { port: 443, nodePort: 30001 }], ...spec } });
  test('usage by type', () => {
    const base = { 'count/services': '1', services: '1' };
    assert.deepEqual(usage(service({ type: 'ClusterIP' }), serviceEvaluator), { ...base, 'services.loadbalancers': '0', 'services.nodeports': '0' });
    assert.deepEqual(usage(service({ type: 'NodePort' }), serviceEvaluator), { ...base, 'services.loadbalancers': '0', 'services.nodeports': '2' });
    assert.deepEqual(usage(service({ type: 'LoadBalancer' }), serviceEvaluator), { ...base, 'services.loadbalancers': '1', 'services.nodeports': '2' });
    assert.deepEqual(usage(service({ type: 'LoadBalancer', allocateLoadBalancerNodePorts: false }), serviceEvaluator), { ...base, 'services.loadbalancers': '1', 'services.nodeports': '1' });
    assert.ok(serviceEvaluator.handles('UPDATE'));
    assert.deepEqual(serviceEvaluator.matchingResources(['services.nodeports', 'pods', 'count/services']), ['services.nodeports', 'count/services']);
  });
});

describe('persistentvolumeclaims', () => {
  const claim = (storage: string | undefined, storageClassName?: string, annotations?: Record<string, string>): KubeObject => ({
    metadata: { name: 'c', ...(annotations ? { annotations } : {}) },
    spec: { ...(storageClassName !== undefined ? { storageClassName } : {}), resources: { requests: storage ? { storage } : {} } },
  });
  test('usage: the claim, its storage rounded up to bytes, again per class (the beta annotation first)', () => {
    assert.deepEqual(usage(claim('1Gi'), persistentVolumeClaimEvaluator), { 'count/persistentvolumeclaims': '1', persistentvolumeclaims: '1', 'requests.storage': '1Gi' });
    assert.deepEqual(usage(claim('1500m', 'gold'), persistentVolumeClaimEvaluator), {
      'count/persistentvolumeclaims': '1', 'gold.storageclass.storage.k8s.io/persistentvolumeclaims': '1', 'gold.storageclass.storage.k8s.io/requests.storage': '2',
      persistentvolumeclaims: '1', 'requests.storage': '2',
    });
    assert.deepEqual(usage(claim(undefined, 'gold', { 'volume.beta.kubernetes.io/storage-class': 'silver' }), persistentVolumeClaimEvaluator),
      { 'count/persistentvolumeclaims': '1', persistentvolumeclaims: '1', 'silver.storageclass.storage.k8s.io/persistentvolumeclaims': '1' });
    assert.deepEqual(usage(claim('1Gi', ''), persistentVolumeClaimEvaluator), { 'count/persistentvolumeclaims': '1', persistentvolumeclaims: '1', 'requests.storage': '1Gi' });
  });
  test('matching resources', () => {
    assert.deepEqual(persistentVolumeClaimEvaluator.matchingResources(['requests.storage', 'gold.storageclass.storage.k8s.io/requests.storage', 'gold.storageclass.storage.k8s.io/persistentvolumeclaims', 'gold.storageclass.storage.k8s.io/other', 'pods', 'count/persistentvolumeclaims']),
      ['requests.storage', 'gold.storageclass.storage.k8s.io/requests.storage', 'gold.storageclass.storage.k8s.io/persistentvolumeclaims', 'count/persistentvolumeclaims']);
  });
});

describe('object counts and the registry', () => {
  test('count/<resource>.<group>, legacy aliases, creates only, no scope', () => {
    assert.equal(objectCountResourceName('apps', 'deployments'), 'count/deployments.apps');
    assert.equal(objectCountResourceName('', 'configmaps'), 'count/configmaps');
    const registry = new QuotaRegistry(coreEvaluators());
    const configMaps = registry.getOrCount('', 'configmaps');
    assert.deepEqual(configMaps.matchingResources(['configmaps', 'count/configmaps', 'secrets']), ['configmaps', 'count/configmaps']);
    assert.deepEqual(formatResourceList(configMaps.usage({ metadata: {} }, NOW)), { configmaps: '1', 'count/configmaps': '1' });
    const deployments = registry.getOrCount('apps', 'deployments');
    assert.equal(registry.get('apps', 'deployments'), deployments);
    assert.deepEqual(deployments.countedNames, ['count/deployments.apps']);
    assert.ok(deployments.handles('CREATE') && !deployments.handles('UPDATE'));
    assert.equal(deployments.matchesScope({ scopeName: 'BestEffort', operator: 'Exists' }, { metadata: {} }), false);
    assert.deepEqual(objectCountEvaluator('', 'secrets', 'secrets').countedNames, ['count/secrets', 'secrets']);
  });

  test('ignored resources: core events and the virtual resources (1.25 leaves events.k8s.io events in)', () => {
    const ignored = [['', 'events'], ['', 'bindings'], ['', 'componentstatuses'], ['authentication.k8s.io', 'tokenreviews'], ['authorization.k8s.io', 'localsubjectaccessreviews'],
      ['authorization.k8s.io', 'subjectaccessreviews'], ['authorization.k8s.io', 'selfsubjectaccessreviews'], ['authorization.k8s.io', 'selfsubjectrulesreviews']] as const;
    for (const [group, resource] of ignored) assert.ok(isIgnoredResource(group, resource), `${resource}.${group}`);
    for (const [group, resource] of [['events.k8s.io', 'events'], ['', 'pods'], ['authorization.k8s.io', 'events']] as const) assert.ok(!isIgnoredResource(group, resource), `${resource}.${group}`);
  });

  test('Matches reads status.hard and every scope requirement', () => {
    const quota = (status: Record<string, unknown>, spec: Record<string, unknown> = {}) => ({ metadata: { name: 'q' }, spec, status }) as never;
    assert.equal(quotaMatches(quota({}), pod({}), podEvaluator), false, 'not yet taken up by the controller');
    assert.equal(quotaMatches(quota({ hard: { pods: '1' } }), pod({}), podEvaluator), true);
    assert.equal(quotaMatches(quota({ hard: { secrets: '1' } }), pod({}), podEvaluator), false);
    assert.equal(quotaMatches(quota({ hard: { pods: '1' } }, { scopes: ['NotBestEffort'] }), pod({}), podEvaluator), false);
    const selected = quota({ hard: { pods: '1' } }, { scopes: ['NotTerminating'], scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } });
    assert.deepEqual(scopeRequirements(selected), [{ scopeName: 'NotTerminating', operator: 'Exists' }, { scopeName: 'PriorityClass', operator: 'In', values: ['high'] }]);
    assert.equal(quotaMatches(selected, pod({ priorityClassName: 'high' }), podEvaluator), true);
    assert.equal(quotaMatches(selected, pod({ priorityClassName: 'low' }), podEvaluator), false);
  });
});
