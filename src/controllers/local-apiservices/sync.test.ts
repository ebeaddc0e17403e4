// syncLocalAPIServices over real stores (memory backend): create, drift, removal, users' objects.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../../apis/index.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { buildStores } from '../../server/stores.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { localAPIServicesController } from './local-apiservices-controller.js';
import { syncLocalAPIServices, type GroupVersion } from './local-apiservices.js';

/** Polls `check` until true (controllers act asynchronously). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const write = { dryRun: false };

describe('syncLocalAPIServices', () => {
  const served = buildStores(createMemoryBackend(), '/registry', builtInResources());
  const store = served.stores.find((s) => s.def.resource === 'apiservices')!;
  const names = async (): Promise<string[]> => (await store.list('', {})).items.map((i) => i.object.metadata.name ?? '').sort();
  before(() => Promise.all([...served.storages.values()].map((s) => s.cacher.start())));
  after(() => [...served.storages.values()].forEach((s) => s.cacher.stop()));

  const gvs: GroupVersion[] = [
    { group: '', version: 'v1' },
    { group: 'coordination.k8s.io', version: 'v1' },
    { group: 'apiregistration.k8s.io', version: 'v1' },
  ];

  test('creates one Local APIService per served group-version, Available at once', async () => {
    await syncLocalAPIServices(store, gvs);
    assert.deepEqual(await names(), ['v1.', 'v1.coordination.k8s.io']);
    const core = (await store.get('', 'v1.')).object as KubeObject & { status: { conditions: { type: string; status: string; reason: string }[] } };
    assert.deepEqual(core.status.conditions.map((c) => [c.type, c.status, c.reason]), [['Available', 'True', 'Local']]);
  });

  test('puts back a drifted spec, leaves users\' APIServices alone, removes managed ones no longer served', async () => {
    await store.update('', 'v1.', (cur) => ({ ...structuredClone(cur as KubeObject), spec: { group: '', version: 'v1', groupPriorityMinimum: 5, versionPriority: 5 } }), write);
    await store.create('', { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.example.com' }, spec: { group: 'example.com', version: 'v1', groupPriorityMinimum: 10, versionPriority: 10 } }, write);
    await syncLocalAPIServices(store, [{ group: '', version: 'v1' }]);
    assert.deepEqual(await names(), ['v1.', 'v1.example.com']);
    const core = (await store.get('', 'v1.')).object as KubeObject & { spec: { groupPriorityMinimum: number } };
    assert.equal(core.spec.groupPriorityMinimum, 18000);
  });

  test('the controller syncs again when the served set changes', async () => {
    let served: GroupVersion[] = [{ group: '', version: 'v1' }];
    const listeners = new Set<() => void>();
    const controller = localAPIServicesController({
      apiServices: store,
      servedGroupVersions: () => served,
      onServedSetChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    });
    await controller.start();
    try {
      served = [{ group: '', version: 'v1' }, { group: 'apps', version: 'v1' }];
      for (const listener of listeners) listener();
      await until(async () => (await names()).includes('v1.apps'), 'v1.apps');
      served = [{ group: '', version: 'v1' }];
      for (const listener of listeners) listener();
      await until(async () => !(await names()).includes('v1.apps'), 'v1.apps to go');
    } finally {
      await controller.stop();
    }
    assert.equal(listeners.size, 0, 'stop unsubscribes');
  });
});
