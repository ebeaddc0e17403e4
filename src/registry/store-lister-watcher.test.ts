import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../apis/index.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { buildStores } from '../server/stores.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { storeListerWatcher } from './store-lister-watcher.js';

const served = buildStores(createMemoryBackend(), '/registry', builtInResources(), { admissionPlugins: { disable: ['NamespaceLifecycle'] } });
const configMaps = served.stores.find((s) => s.def.group === '' && s.def.resource === 'configmaps')!;
await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
after(() => [...served.storages.values()].forEach((s) => s.cacher.stop()));

test('items the reader does not need are handed over as their identity, undecoded; the others whole', async () => {
  const write = { dryRun: false };
  const kept = (await configMaps.create('a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' }, data: { keep: 'yes' } } as KubeObject, write)).object;
  const other = (await configMaps.create('a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' }, data: { x: 'y' } } as KubeObject, write)).object;
  const source = storeListerWatcher(configMaps, (json) => json.includes('"keep"'));
  const { objects, resourceVersion } = await source.list();
  const byName = new Map(objects.map((o) => [o.metadata.name, o]));
  assert.deepEqual((byName.get('kept') as KubeObject & { data?: unknown }).data, { keep: 'yes' });
  assert.deepEqual(byName.get('other'), { metadata: { name: 'other', namespace: 'a', resourceVersion: other.metadata.resourceVersion } });
  assert.ok(Number(resourceVersion) >= Number(kept.metadata.resourceVersion));
  // Watch events take the same road.
  const abort = new AbortController();
  const seen: Readonly<KubeObject>[] = [];
  const watching = (async () => {
    for await (const batch of source.watch(resourceVersion, abort.signal)) {
      seen.push(...batch.map((event) => event.object));
      abort.abort();
    }
  })().catch(() => undefined);
  const third = (await configMaps.create('a', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'third' } } as KubeObject, write)).object;
  await watching;
  assert.deepEqual(seen, [{ metadata: { name: 'third', namespace: 'a', resourceVersion: third.metadata.resourceVersion } }]);
});
