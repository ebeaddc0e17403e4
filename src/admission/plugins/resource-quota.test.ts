// The ResourceQuota plugin over a fake quota store: what it charges and writes, dry runs, lost writes, batches,
// and what it never looks at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceQuota } from '../../apis/core/v1/schemas.generated.js';
import { conflict, isStatusError } from '../../errors/status-error.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import type { QuotaStore } from './resource-quota-access.js';
import { resourceQuotaAdmission } from './resource-quota.js';

const def = (resource: string, namespaced = true, group = ''): ResourceDefinition => ({ group, resource, namespaced }) as ResourceDefinition;
const pods = def('pods');
const pod = (name: string): KubeObject => ({ metadata: { name, namespace: 'ns' }, spec: { containers: [{ name: 'c', image: 'i' }] } });
const attrs = (object: KubeObject, extra: Partial<AdmissionAttributes> = {}): AdmissionAttributes => ({
  operation: 'CREATE', def: pods, namespace: 'ns', name: object.metadata.name ?? '', subresource: '', object, dryRun: false, ...extra,
});

/** Quotas by name with a resourceVersion, written only with the current one (else a 409). */
class FakeQuotas implements QuotaStore {
  readonly quotas = new Map<string, ResourceQuota>();
  readonly writes: Array<Record<string, string>> = [];
  cachedReads = 0;
  liveReads = 0;
  /** Writes to refuse with a conflict (another writer bumps the version first). */
  conflicts = 0;
  #rv = 10;

  put(name: string, hard: Record<string, string>, used: Record<string, string>): void {
    this.quotas.set(name, { metadata: { name, namespace: 'ns', resourceVersion: String(++this.#rv) }, spec: { hard }, status: { hard, used } });
  }

  cached(namespace: string) {
    this.cachedReads++;
    return [...this.quotas.values()].filter((q) => q.metadata.namespace === namespace).map((q) => structuredClone(q));
  }

  async live(namespace: string) {
    this.liveReads++;
    return this.cached(namespace);
  }

  async updateStatus(quota: ResourceQuota) {
    const name = quota.metadata.name ?? '';
    const current = this.quotas.get(name) as ResourceQuota;
    if (this.conflicts > 0) {
      this.conflicts--;
      current.metadata.resourceVersion = String(++this.#rv);
    }
    if (quota.metadata.resourceVersion !== current.metadata.resourceVersion) throw conflict({ group: '', resource: 'resourcequotas' }, name);
    const written = { ...current, metadata: { ...current.metadata, resourceVersion: String(++this.#rv) }, status: structuredClone(quota.status ?? {}) };
    this.quotas.set(name, written);
    this.writes.push({ ...written.status?.used });
    return structuredClone(written);
  }
}

async function outcome(work: void | Promise<void>): Promise<string> {
  try {
    await work;
    return 'admitted';
  } catch (error) {
    if (isStatusError(error)) return `${error.code} ${error.message}`;
    throw error;
  }
}

test('a namespace without quotas: one live read per 30 s', async () => {
  const store = new FakeQuotas();
  let clock = 0;
  const plugin = resourceQuotaAdmission(store, { now: () => clock });
  for (let i = 0; i < 5; i++) assert.equal(await outcome(plugin.validate!(attrs(pod(`p${i}`)))), 'admitted');
  assert.equal(store.liveReads, 1);
  clock = 30_001;
  await plugin.validate!(attrs(pod('later')));
  assert.equal(store.liveReads, 2);
  assert.deepEqual(store.writes, []);
});

test('charges are written with the read resourceVersion; a full quota refuses with a 403', async () => {
  const store = new FakeQuotas();
  store.put('q', { pods: '2', 'count/configmaps': '1' }, { pods: '1', 'count/configmaps': '0' });
  const plugin = resourceQuotaAdmission(store);
  assert.equal(await outcome(plugin.validate!(attrs(pod('a')))), 'admitted');
  assert.deepEqual(store.writes, [{ 'count/configmaps': '0', pods: '2' }]);
  assert.equal(await outcome(plugin.validate!(attrs(pod('b')))), '403 pods "b" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
  assert.equal(await outcome(plugin.validate!(attrs(pod('g'), { name: '', object: { metadata: { generateName: 'web-', namespace: 'ns' }, spec: { containers: [] } } }))),
    '403 pods "web-" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
  assert.equal(store.writes.length, 1);
});

test('a dry run is checked but charges nothing', async () => {
  const store = new FakeQuotas();
  store.put('q', { pods: '1' }, { pods: '0' });
  const plugin = resourceQuotaAdmission(store);
  assert.equal(await outcome(plugin.validate!(attrs(pod('a'), { dryRun: true }))), 'admitted');
  assert.deepEqual(store.writes, []);
  store.put('q', { pods: '1' }, { pods: '1' });
  assert.equal(await outcome(plugin.validate!(attrs(pod('a'), { dryRun: true }))), '403 pods "a" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1');
});

test('a lost status write reads the quota again; three lost retries fail with the 409', async () => {
  const store = new FakeQuotas();
  store.put('q', { pods: '5' }, { pods: '0' });
  const plugin = resourceQuotaAdmission(store);
  store.conflicts = 2;
  assert.equal(await outcome(plugin.validate!(attrs(pod('a')))), 'admitted');
  assert.deepEqual(store.writes, [{ pods: '1' }]);
  store.conflicts = 4;
  assert.equal(await outcome(plugin.validate!(attrs(pod('b')))),
    '409 Operation cannot be fulfilled on resourcequotas "q": the object has been modified; please apply your changes to the latest version and try again');
  assert.deepEqual(store.writes, [{ pods: '1' }]);
});

test('requests of one namespace at once are decided in batches, each quota written once per batch', async () => {
  const store = new FakeQuotas();
  store.put('q', { pods: '3' }, { pods: '0' });
  const plugin = resourceQuotaAdmission(store);
  const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => outcome(plugin.validate!(attrs(pod(name))))));
  assert.deepEqual(results.filter((r) => r === 'admitted').length, 3);
  assert.deepEqual(results.filter((r) => r !== 'admitted'), [
    '403 pods "d" is forbidden: exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3',
    '403 pods "e" is forbidden: exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3',
  ]);
  assert.ok(store.writes.length < 3, `${store.writes.length} writes`);
  assert.deepEqual(store.writes.at(-1), { pods: '3' });
});

test('subresources, cluster-scoped objects, events and updates of counted objects are not looked at', async () => {
  const store = new FakeQuotas();
  store.put('q', { pods: '0', 'count/nodes': '0', 'count/events': '0', 'count/configmaps': '0' }, { pods: '0', 'count/nodes': '0', 'count/events': '0', 'count/configmaps': '0' });
  const plugin = resourceQuotaAdmission(store);
  const reads = store.cachedReads;
  assert.equal(await outcome(plugin.validate!(attrs(pod('a'), { subresource: 'status', operation: 'UPDATE', oldObject: pod('a') }))), 'admitted');
  assert.equal(await outcome(plugin.validate!(attrs({ metadata: { name: 'n' } }, { def: def('nodes', false), namespace: '' }))), 'admitted');
  assert.equal(await outcome(plugin.validate!(attrs({ metadata: { name: 'e' } }, { def: def('events') }))), 'admitted');
  assert.equal(await outcome(plugin.validate!(attrs({ metadata: { name: 'c', resourceVersion: '1' } }, { def: def('configmaps'), operation: 'UPDATE', oldObject: { metadata: { name: 'c', resourceVersion: '1' } } }))), 'admitted');
  assert.equal(store.cachedReads, reads);
  assert.equal(await outcome(plugin.validate!(attrs({ metadata: { name: 'c' } }, { def: def('configmaps') }))),
    '403 configmaps "c" is forbidden: exceeded quota: q, requested: count/configmaps=1, used: count/configmaps=0, limited: count/configmaps=0');
  assert.equal(await outcome(plugin.validate!(attrs({ metadata: { name: 'd' } }, { def: def('deployments', true, 'apps') }))), 'admitted');
});

test('limited resources: checked even in a namespace without quotas; a scope error is a 500 without reason', async () => {
  const store = new FakeQuotas();
  const plugin = resourceQuotaAdmission(store, {
    limitedResources: [
      { apiGroup: '', resource: 'persistentvolumeclaims', matchContains: ['.storageclass.storage.k8s.io/requests.storage'], matchScopes: [] },
      { apiGroup: '', resource: 'pods', matchContains: [], matchScopes: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] },
    ],
  });
  const claim = (name: string, storageClassName?: string): KubeObject =>
    ({ metadata: { name, namespace: 'ns' }, spec: { ...(storageClassName ? { storageClassName } : {}), resources: { requests: { storage: '1Gi' } } } });
  const claims = def('persistentvolumeclaims');
  assert.equal(await outcome(plugin.validate!(attrs(claim('plain'), { def: claims }))), 'admitted');
  assert.equal(await outcome(plugin.validate!(attrs(claim('fast', 'gold'), { def: claims }))),
    '403 persistentvolumeclaims "fast" is forbidden: insufficient quota to consume: gold.storageclass.storage.k8s.io/requests.storage');
  assert.equal(await outcome(plugin.validate!(attrs(pod('ordinary')))), 'admitted');
  const critical: KubeObject = { ...pod('critical'), spec: { priorityClassName: 'cluster-services', containers: [{ name: 'c', image: 'i' }] } };
  const refusal = await Promise.resolve(plugin.validate!(attrs(critical))).then(() => undefined, (error: unknown) => error);
  assert.ok(isStatusError(refusal));
  assert.deepEqual([refusal.code, refusal.status.reason, refusal.message], [500, undefined, 'insufficient quota to match these scopes: [{PriorityClass In [cluster-services]}]']);
  // A covering quota lets both through, and charges them.
  store.put('gold', { 'gold.storageclass.storage.k8s.io/requests.storage': '5Gi' }, { 'gold.storageclass.storage.k8s.io/requests.storage': '0' });
  store.quotas.set('critical', {
    metadata: { name: 'critical', namespace: 'ns', resourceVersion: '99' },
    spec: { hard: { pods: '5' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } },
    status: { hard: { pods: '5' }, used: { pods: '0' } },
  });
  assert.equal(await outcome(plugin.validate!(attrs(claim('fast', 'gold'), { def: claims }))), 'admitted');
  assert.equal(await outcome(plugin.validate!(attrs(critical))), 'admitted');
  assert.deepEqual(store.writes, [{ 'gold.storageclass.storage.k8s.io/requests.storage': '1Gi' }, { pods: '1' }]);
});
