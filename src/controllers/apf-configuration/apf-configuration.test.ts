// ensureAPFConfiguration and the controller through a loopback over real stores (memory backend): the
// bootstrap objects, their restoration, removal of retired auto-updated objects, the Dangling condition,
// and the field managers upstream's producer and consumer write with.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { builtInTestStores, startServedLoopback, type TestLoopback } from '../../server/test-loopback.js';
import { until, untilHealthy } from '../test-eventually.js';
import { APF_CONFIGURATION, apfConfiguration, apfConfigurationController, ensureAPFConfiguration, type APFConfiguration } from './apf-configuration-controller.js';

const write = { dryRun: false };
type Obj = KubeObject & { spec: Record<string, unknown>; status?: { conditions?: { type: string; status: string; reason: string }[] } };
type Kind = 'flowSchemas' | 'priorityLevels';

describe('ensureAPFConfiguration', () => {
  const served = builtInTestStores();
  const find = (resource: string) => served.stores.find((s) => s.def.version === 'v1beta2' && s.def.resource === resource)!;
  const stores = { flowSchemas: find('flowschemas'), priorityLevels: find('prioritylevelconfigurations') };
  const deps = { flowSchemas: stores.flowSchemas.def, priorityLevels: stores.priorityLevels.def };
  const names = async (kind: Kind): Promise<string[]> => (await stores[kind].list('', {})).items.map((i) => i.object.metadata.name ?? '').sort();
  const get = async (kind: Kind, name: string): Promise<Obj> => (await stores[kind].get('', name)).object as Obj;
  let loopback: TestLoopback;
  let config: APFConfiguration;
  before(async () => {
    loopback = await startServedLoopback(served);
    config = apfConfiguration(loopback.runtime.contextFor(APF_CONFIGURATION), deps);
  });
  after(async () => {
    await loopback.close();
  });
  /** Waits until the informer of `kind` has caught up with the store (same objects at the same versions). */
  const caughtUp = (kind: Kind) => until(async () => {
    const live = (await stores[kind].list('', {})).items.map((i) => `${i.object.metadata.name}@${i.object.metadata.resourceVersion}`).sort();
    const cached = config[kind].informer.list().map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`).sort();
    return JSON.stringify(live) === JSON.stringify(cached) || undefined;
  }, `the ${kind} informer`);
  const settled = async (): Promise<void> => {
    await caughtUp('priorityLevels');
    await caughtUp('flowSchemas');
  };

  test('creates the mandatory and suggested objects, FlowSchemas marked not dangling, under upstream\'s field managers', async () => {
    await ensureAPFConfiguration(config);
    assert.deepEqual(await names('priorityLevels'), ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
    assert.equal((await names('flowSchemas')).length, 13);
    await settled();
    await ensureAPFConfiguration(config);
    const exempt = await get('flowSchemas', 'exempt');
    assert.deepEqual(exempt.status?.conditions?.map((c) => [c.type, c.status, c.reason]), [['Dangling', 'False', 'Found']]);
    assert.equal(exempt.metadata.annotations?.['apf.kubernetes.io/autoupdate-spec'], 'true');
    // Entries are ordered by operation, then time (seconds), then manager: compare them as a set.
    assert.deepEqual(exempt.metadata.managedFields?.map((m) => [m.manager, m.operation, m.subresource ?? '']).sort(), [
      ['api-priority-and-fairness-config-consumer-v1', 'Update', 'status'],
      ['api-priority-and-fairness-config-producer-v1', 'Update', ''],
    ]);
  });

  test('a pass with nothing to do writes nothing', async () => {
    await settled();
    const before = (await stores.flowSchemas.list('', {})).revision;
    await ensureAPFConfiguration(config);
    assert.equal((await stores.flowSchemas.list('', {})).revision, before);
  });

  test('restores deleted objects and drifted auto-updated specs; removes retired auto-updated objects; flags dangling references', async () => {
    await stores.flowSchemas.delete('', 'catch-all', {}, write);
    await stores.priorityLevels.update('', 'system', (cur) => {
      const next = structuredClone(cur as Obj);
      (next.spec['limited'] as Record<string, unknown>)['assuredConcurrencyShares'] = 1;
      return next;
    }, write);
    const retired = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'PriorityLevelConfiguration', metadata: { name: 'retired', annotations: { 'apf.kubernetes.io/autoupdate-spec': 'true' } }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } };
    await stores.priorityLevels.create('', retired, write);
    const mine = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'FlowSchema', metadata: { name: 'mine' }, spec: { priorityLevelConfiguration: { name: 'nowhere' }, matchingPrecedence: 600, rules: [] } };
    await stores.flowSchemas.create('', mine, write);
    await settled();
    await ensureAPFConfiguration(config);
    assert.ok((await names('flowSchemas')).includes('catch-all'));
    assert.equal(((await get('priorityLevels', 'system')).spec['limited'] as Record<string, unknown>)['assuredConcurrencyShares'], 30);
    assert.ok(!(await names('priorityLevels')).includes('retired'));
    assert.deepEqual((await get('flowSchemas', 'mine')).status?.conditions?.map((c) => [c.type, c.status, c.reason]), [['Dangling', 'True', 'NotFound']]);
  });

  test('the controller brings a deleted mandatory object back and clears Dangling once the level exists', async () => {
    const controller = apfConfigurationController(loopback.runtime.contextFor(APF_CONFIGURATION), deps);
    await controller.start();
    try {
      await stores.priorityLevels.delete('', 'exempt', {}, write);
      await stores.priorityLevels.create('', { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'PriorityLevelConfiguration', metadata: { name: 'nowhere' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } }, write);
      await until(async () => ((await names('priorityLevels')).includes('exempt') || undefined), 'exempt again');
      await until(async () => ((await get('flowSchemas', 'mine')).status?.conditions?.[0]?.status === 'False' || undefined), 'mine no longer dangling');
      await untilHealthy(controller);
    } finally {
      await controller.stop();
    }
  });
});
