// syncLocalAPIServices and the controller through a loopback over real stores (memory backend): create,
// drift, removal, users' objects, the served set changing, the Available condition.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { APIService } from '../../apis/apiregistration/v1/apiservice.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import { builtInTestStores, startServedLoopback, type TestLoopback } from '../../server/test-loopback.js';
import type { ControllerContext } from '../controller-context.js';
import { until, untilHealthy } from '../test-eventually.js';
import { localAPIServicesController, LOCAL_APISERVICES } from './local-apiservices-controller.js';
import { syncLocalAPIServices, type GroupVersion } from './local-apiservices.js';

const write = { dryRun: false };

describe('syncLocalAPIServices', () => {
  const served = builtInTestStores();
  const store = served.stores.find((s) => s.def.resource === 'apiservices')!;
  const names = async (): Promise<string[]> => (await store.list('', {})).items.map((i) => i.object.metadata.name ?? '').sort();
  let loopback: TestLoopback;
  let context: ControllerContext;
  let client: ResourceClient;
  before(async () => {
    loopback = await startServedLoopback(served);
    context = loopback.runtime.contextFor(LOCAL_APISERVICES);
    client = context.clients.resource(store.def);
  });
  after(async () => {
    await loopback.close();
  });
  /** What the informer of the controller would hold: the live list. */
  const sync = async (gvs: readonly GroupVersion[]): Promise<void> =>
    syncLocalAPIServices(client, (await client.list('')).items as unknown as APIService[], gvs);

  const gvs: GroupVersion[] = [
    { group: '', version: 'v1' },
    { group: 'coordination.k8s.io', version: 'v1' },
    { group: 'apiregistration.k8s.io', version: 'v1' },
  ];

  test('creates one Local APIService per served group-version, Available at once, managed by kube-apiserver', async () => {
    await sync(gvs);
    assert.deepEqual(await names(), ['v1.', 'v1.coordination.k8s.io']);
    const core = (await store.get('', 'v1.')).object as KubeObject & { status: { conditions: { type: string; status: string; reason: string }[] } };
    assert.deepEqual(core.status.conditions.map((c) => [c.type, c.status, c.reason]), [['Available', 'True', 'Local']]);
    assert.deepEqual(core.metadata.managedFields?.map((m) => [m.manager, m.operation]), [['kube-apiserver', 'Update']], 'written as kube-apiserver\'s loopback client');
  });

  test('puts back a drifted spec, leaves users\' APIServices alone, removes managed ones no longer served', async () => {
    await store.update('', 'v1.', (cur) => ({ ...structuredClone(cur as KubeObject), spec: { group: '', version: 'v1', groupPriorityMinimum: 5, versionPriority: 5 } }), write);
    await store.create('', { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.example.com' }, spec: { group: 'example.com', version: 'v1', groupPriorityMinimum: 10, versionPriority: 10 } }, write);
    await sync([{ group: '', version: 'v1' }]);
    assert.deepEqual(await names(), ['v1.', 'v1.example.com']);
    const core = (await store.get('', 'v1.')).object as KubeObject & { spec: { groupPriorityMinimum: number } };
    assert.equal(core.spec.groupPriorityMinimum, 18000);
  });

  test('the controller syncs again when the served set changes, and marks an APIService without its service unavailable', async () => {
    let serving: GroupVersion[] = [{ group: '', version: 'v1' }];
    const listeners = new Set<() => void>();
    const services = served.stores.find((s) => s.def.group === '' && s.def.resource === 'services')!;
    const controller = localAPIServicesController(context, {
      apiServices: store.def,
      services: services.def,
      servedGroupVersions: () => serving,
      onServedSetChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    });
    await controller.start();
    try {
      serving = [{ group: '', version: 'v1' }, { group: 'apps', version: 'v1' }];
      for (const listener of listeners) listener();
      await until(async () => ((await names()).includes('v1.apps') || undefined), 'v1.apps');
      serving = [{ group: '', version: 'v1' }];
      for (const listener of listeners) listener();
      await until(async () => (!(await names()).includes('v1.apps') || undefined), 'v1.apps to go');
      const remote = { group: 'metrics.k8s.io', version: 'v1beta1', groupPriorityMinimum: 100, versionPriority: 100, service: { namespace: 'kube-system', name: 'metrics-server' } };
      await store.create('', { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1beta1.metrics.k8s.io' }, spec: remote }, write);
      const condition = await until(async () => ((await store.get('', 'v1beta1.metrics.k8s.io')).object as APIService).status?.conditions?.[0], 'the Available condition');
      assert.deepEqual([condition.type, condition.status, condition.reason], ['Available', 'False', 'ServiceNotFound']);
      await untilHealthy(controller);
    } finally {
      await controller.stop();
    }
    assert.equal(listeners.size, 0, 'stop unsubscribes');
  });
});
