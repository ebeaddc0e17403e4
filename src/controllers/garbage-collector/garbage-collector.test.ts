// The garbage collector over real stores (memory backend), for the cases kubectl cannot set up easily:
// a cluster-scoped dependent naming a namespaced owner, an owner of a kind not served, a Secret owned by a
// ConfigMap (two resources, two watches), and the graph emptied once everything is collected. The collector
// runs through a loopback over these stores (server/test-loopback.ts), as it runs in the server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject, OwnerReference } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import { builtInTestStores, startServedLoopback, type TestLoopback } from '../../server/test-loopback.js';
import type { Controller } from '../controller.js';
import { until } from '../test-eventually.js';
import { garbageCollectorController } from './garbage-collector.js';
import type { DependencyGraph } from './graph.js';

const write = { dryRun: false };
const ref = (owner: KubeObject, extra: Partial<OwnerReference> = {}): OwnerReference => ({ apiVersion: owner.apiVersion ?? 'v1', kind: owner.kind ?? '', name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', ...extra });

describe('garbage collector controller', () => {
  const served = builtInTestStores({ admissionPlugins: { disable: ['NamespaceLifecycle'] } });
  const store = (group: string, resource: string) => served.stores.find((s) => s.def.group === group && s.def.resource === resource)!;
  const [configMaps, secrets, priorityClasses] = [store('', 'configmaps'), store('', 'secrets'), store('scheduling.k8s.io', 'priorityclasses')];
  let loopback: TestLoopback;
  let gc: Controller & { readonly graph: DependencyGraph };
  before(async () => {
    loopback = await startServedLoopback(served);
    gc = garbageCollectorController(loopback.runtime.contextFor('garbagecollector'), { definitions: served.stores.map((s) => s.def) });
    await gc.start();
  });
  after(async () => {
    gc.stop();
    await loopback.close();
  });

  const cm = async (name: string, owners: OwnerReference[] = []): Promise<KubeObject> =>
    (await configMaps.create('ns', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(owners.length ? { ownerReferences: owners } : {}) } }, write)).object;
  const exists = async (get: () => Promise<unknown>): Promise<boolean> => {
    try {
      await get();
      return true;
    } catch (error) {
      if (isStatusError(error) && error.code === 404) return false;
      throw error;
    }
  };
  const collected = (get: () => Promise<unknown>, what: string) => until(async () => ((await exists(get)) ? undefined : true), what);

  test('a Secret owned by a ConfigMap goes with it; the graph forgets both', async () => {
    const owner = await cm('secret-owner');
    await secrets.create('ns', { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'owned', ownerReferences: [ref(owner)] } }, write);
    await until(async () => (gc.graph.get(owner.metadata.uid ?? '') ? true : undefined), 'the owner in the graph');
    await configMaps.delete('ns', 'secret-owner', {}, write);
    await collected(() => secrets.get('ns', 'owned'), 'the secret');
    await until(async () => (gc.graph.size === 0 ? true : undefined), 'an empty graph');
  });

  test('a cluster-scoped object naming a namespaced owner is never collected (upstream forgets it)', async () => {
    const pc = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'invalid-owner', ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'nowhere', uid: '00000000-0000-0000-0000-00000000000a' }] }, value: 1 };
    await priorityClasses.create('', pc, write);
    // An absent owner of a served kind, created after: once it is collected, the invalid one was looked at too.
    await cm('absent', [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'nowhere', uid: '00000000-0000-0000-0000-00000000000b' }]);
    await collected(() => configMaps.get('ns', 'absent'), 'the dependent of an absent owner');
    assert.ok(await exists(() => priorityClasses.get('', 'invalid-owner')));
  });

  test('an owner of a kind not served is kept, so is its dependent', async () => {
    await cm('unknown-kind', [{ apiVersion: 'example.com/v1', kind: 'Widget', name: 'w', uid: '00000000-0000-0000-0000-00000000000c' }]);
    await cm('absent-2', [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'nowhere', uid: '00000000-0000-0000-0000-00000000000d' }]);
    await collected(() => configMaps.get('ns', 'absent-2'), 'the dependent of an absent owner');
    assert.ok(await exists(() => configMaps.get('ns', 'unknown-kind')));
  });

  test('a stopped collector is told of nothing more (it leaves the shared reflectors)', async () => {
    const other = garbageCollectorController(loopback.runtime.contextFor('garbagecollector'), { definitions: served.stores.map((s) => s.def) });
    await other.start();
    const owner = await cm('unsubscribed-owner');
    const seen = (graph: DependencyGraph, obj: KubeObject) => until(async () => (graph.get(obj.metadata.uid ?? '') ? true : undefined), `${obj.metadata.name} in the graph`);
    await seen(other.graph, await cm('unsubscribed-first', [ref(owner)]));
    other.stop();
    const before = await cm('unsubscribed-before', [ref(owner)]);
    const after = await cm('unsubscribed-after', [ref(owner)]);
    // One reflector tells its subscribers in order: once the running collector has the later one, the stopped one would have the first.
    await seen(gc.graph, after);
    assert.ok(gc.graph.get(before.metadata.uid ?? ''));
    assert.equal(other.graph.get(before.metadata.uid ?? ''), undefined);
  });

  test('a resource whose list fails counts as a sync error, and the collector is not ready', async () => {
    let errors = 0;
    const unserved = { ...configMaps.def, group: 'example.com', resource: 'widgets', kind: 'Widget' };
    const other = garbageCollectorController(loopback.runtime.contextFor('garbagecollector'), { definitions: [configMaps.def, unserved], onSyncError: () => errors++ });
    await other.start();
    try {
      await until(async () => (errors > 0 ? true : undefined), 'a sync error');
      assert.throws(() => other.check(), /not watching every resource/);
      gc.check();
    } finally {
      other.stop();
    }
  });

  test('orphaning removes only the deleted owner\'s reference', async () => {
    const [a, b] = [await cm('orphan-a'), await cm('orphan-b')];
    await cm('orphan-dep', [ref(a), ref(b)]);
    await configMaps.delete('ns', 'orphan-a', { propagationPolicy: 'Orphan' }, write);
    await collected(() => configMaps.get('ns', 'orphan-a'), 'the orphaning owner');
    const dep = (await configMaps.get('ns', 'orphan-dep')).object;
    assert.deepEqual(dep.metadata.ownerReferences?.map((r) => r.name), ['orphan-b']);
  });
});
