import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import YAML from 'yaml';
import { builtInResources } from '../apis/index.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { clusterInfoKubeconfig, publishClusterInfo } from './cluster-info.js';
import { buildStores } from './stores.js';

describe('clusterInfoKubeconfig', () => {
  test("is kubeadm's: one unnamed cluster with the CA and server URL, nothing else", () => {
    const text = clusterInfoKubeconfig('https://127.0.0.1:6443', 'PEM');
    assert.deepEqual(YAML.parse(text), {
      apiVersion: 'v1', kind: 'Config', clusters: [{ name: '', cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority-data': 'UEVN' } }],
      contexts: null, 'current-context': '', preferences: {}, users: null,
    });
  });
});

describe('publishClusterInfo', () => {
  const served = buildStores(createMemoryBackend(), '/registry', builtInResources(), { admissionPlugins: { disable: ['NamespaceLifecycle'] } });
  const configMaps = served.stores.find((s) => s.def.group === '' && s.def.resource === 'configmaps')!;
  before(() => Promise.all([...served.storages.values()].map((s) => s.cacher.start())));
  after(() => [...served.storages.values()].forEach((s) => s.cacher.stop()));
  const get = async () => (await configMaps.get('kube-public', 'cluster-info')).object as KubeObject & { data: Record<string, string> };

  test('creates the ConfigMap, leaves it alone when unchanged, and updates only the kubeconfig', async () => {
    await publishClusterInfo(configMaps, 'one');
    const created = await get();
    assert.deepEqual(created.data, { kubeconfig: 'one' });
    // kubeadm's write upstream: its user agent names the manager.
    assert.deepEqual(created.metadata.managedFields?.map((f) => [f.manager, f.operation]), [['kubeadm', 'Update']]);
    await publishClusterInfo(configMaps, 'one');
    assert.equal((await get()).metadata.resourceVersion, created.metadata.resourceVersion);
    await configMaps.update('kube-public', 'cluster-info', (cur) => ({ ...structuredClone(cur as KubeObject), data: { kubeconfig: 'one', 'jws-kubeconfig-abcdef': 'sig' } }), { dryRun: false });
    await publishClusterInfo(configMaps, 'two');
    assert.deepEqual((await get()).data, { kubeconfig: 'two', 'jws-kubeconfig-abcdef': 'sig' });
  });
});
