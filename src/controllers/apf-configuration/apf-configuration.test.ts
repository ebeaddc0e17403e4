// ensureAPFConfiguration over real stores (memory backend): the bootstrap objects, their restoration,
// removal of retired auto-updated objects, and the Dangling condition.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../../apis/index.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { buildStores } from '../../server/stores.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { ensureAPFConfiguration } from './apf-configuration-controller.js';

const write = { dryRun: false };
type Obj = KubeObject & { spec: Record<string, unknown>; status?: { conditions?: { type: string; status: string; reason: string }[] } };

describe('ensureAPFConfiguration', () => {
  const served = buildStores(createMemoryBackend(), '/registry', builtInResources());
  const find = (resource: string) => served.stores.find((s) => s.def.version === 'v1beta2' && s.def.resource === resource)!;
  const deps = { flowSchemas: find('flowschemas'), priorityLevels: find('prioritylevelconfigurations') };
  const names = async (resource: 'flowSchemas' | 'priorityLevels'): Promise<string[]> => (await deps[resource].list('', {})).items.map((i) => i.object.metadata.name ?? '').sort();
  const get = async (resource: 'flowSchemas' | 'priorityLevels', name: string): Promise<Obj> => (await deps[resource].get('', name)).object as Obj;
  before(() => Promise.all([...served.storages.values()].map((s) => s.cacher.start())));
  after(() => [...served.storages.values()].forEach((s) => s.cacher.stop()));

  test('creates the mandatory and suggested objects, FlowSchemas marked not dangling', async () => {
    await ensureAPFConfiguration(deps);
    assert.deepEqual(await names('priorityLevels'), ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low']);
    assert.equal((await names('flowSchemas')).length, 13);
    const exempt = await get('flowSchemas', 'exempt');
    assert.deepEqual(exempt.status?.conditions?.map((c) => [c.type, c.status, c.reason]), [['Dangling', 'False', 'Found']]);
    assert.equal(exempt.metadata.annotations?.['apf.kubernetes.io/autoupdate-spec'], 'true');
  });

  test('a pass with nothing to do writes nothing', async () => {
    const before = (await deps.flowSchemas.list('', {})).revision;
    await ensureAPFConfiguration(deps);
    assert.equal((await deps.flowSchemas.list('', {})).revision, before);
  });

  test('restores deleted objects and drifted auto-updated specs; removes retired auto-updated objects; flags dangling references', async () => {
    await deps.flowSchemas.delete('', 'catch-all', {}, write);
    await deps.priorityLevels.update('', 'system', (cur) => {
      const next = structuredClone(cur as Obj);
      (next.spec['limited'] as Record<string, unknown>)['assuredConcurrencyShares'] = 1;
      return next;
    }, write);
    const retired = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'PriorityLevelConfiguration', metadata: { name: 'retired', annotations: { 'apf.kubernetes.io/autoupdate-spec': 'true' } }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } };
    await deps.priorityLevels.create('', retired, write);
    const mine = { apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'FlowSchema', metadata: { name: 'mine' }, spec: { priorityLevelConfiguration: { name: 'nowhere' }, matchingPrecedence: 600, rules: [] } };
    await deps.flowSchemas.create('', mine, write);
    await ensureAPFConfiguration(deps);
    assert.ok((await names('flowSchemas')).includes('catch-all'));
    assert.equal(((await get('priorityLevels', 'system')).spec['limited'] as Record<string, unknown>)['assuredConcurrencyShares'], 30);
    assert.ok(!(await names('priorityLevels')).includes('retired'));
    assert.deepEqual((await get('flowSchemas', 'mine')).status?.conditions?.map((c) => [c.type, c.status, c.reason]), [['Dangling', 'True', 'NotFound']]);
  });
});
