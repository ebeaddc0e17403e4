import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../apis/index.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import { buildStores } from '../server/stores.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import { storeListerWatcher } from '../registry/store-lister-watcher.js';
import { Informer } from './informer.js';

const served = buildStores(createMemoryBackend(), '/registry', builtInResources(), { admissionPlugins: { disable: ['NamespaceLifecycle'] } });
const configMaps = served.stores.find((s) => s.def.group === '' && s.def.resource === 'configmaps')!;
const write = { dryRun: false };
const abort = new AbortController();
await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
after(() => {
  abort.abort();
  for (const s of served.storages.values()) s.cacher.stop();
});

const configMap = (namespace: string, name: string, data: Record<string, string> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data } as KubeObject);

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i++) {
    if (i > 200) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

test('an informer lists, then follows creates, updates and deletes, and tells its handlers', async () => {
  await configMaps.create('a', configMap('a', 'before'), write);
  const informer = new Informer<KubeObject & { data?: Record<string, string> }>(storeListerWatcher(configMaps));
  const seen: string[] = [];
  informer.addHandlers({
    onAdd: (o) => seen.push(`add ${o.metadata.namespace}/${o.metadata.name}`),
    onUpdate: (old, o) => seen.push(`update ${o.metadata.name} ${old.data?.['v'] ?? '-'}->${o.data?.['v'] ?? '-'}`),
    onDelete: (o) => seen.push(`delete ${o.metadata.name}`),
  });
  informer.run(abort.signal);
  await informer.synced();
  assert.equal(informer.get('a', 'before')?.metadata.name, 'before');
  await configMaps.create('b', configMap('b', 'after', { v: '1' }), write);
  await configMaps.update('b', 'after', (now) => ({ ...now!, data: { v: '2' } }), write);
  await configMaps.delete('a', 'before', {}, write);
  await until(() => seen.length >= 4);
  assert.deepEqual(seen, ['add a/before', 'add b/after', 'update after 1->2', 'delete before']);
  assert.equal(informer.get('a', 'before'), undefined);
  assert.deepEqual(informer.list('b').map((o) => o.data?.['v']), ['2']);
  assert.equal(informer.list().filter((o) => o.metadata.name === 'after').length, 1);
});

test('a transform keeps only what the reader needs; handlers added late see what is there', async () => {
  await configMaps.create('c', configMap('c', 'slim', { big: 'x'.repeat(1000) }), write);
  const informer = new Informer(storeListerWatcher(configMaps), (o) => ({ metadata: { namespace: o.metadata.namespace, name: o.metadata.name, resourceVersion: o.metadata.resourceVersion } }));
  informer.run(abort.signal);
  await informer.synced();
  const added: string[] = [];
  informer.addHandlers({ onAdd: (o) => added.push(o.metadata.name ?? '') });
  assert.ok(added.includes('slim'));
  assert.deepEqual(Object.keys(informer.get('c', 'slim') ?? {}), ['metadata']);
});
