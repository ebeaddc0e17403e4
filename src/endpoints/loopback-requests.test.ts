// The loopback's private parameter through a loopback over real stores (server/test-loopback.ts), as the
// garbage collector and the quota monitors use it: lists and watches of PartialObjectMetadata without
// managedFields, everything else of the metadata as the object has it. Other clients are answered as
// upstream answers them, the parameter ignored (test/e2e/partial-metadata.test.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { WatchBatch } from '../client/watch-stream.js';
import { builtInTestStores, startServedLoopback, type TestLoopback } from '../server/test-loopback.js';

const CONFIG_MAPS = { group: '', version: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true };

const metadataOf = (object: KubeObject, omitManagedFields: boolean): KubeObject['metadata'] => {
  const { managedFields, ...rest } = object.metadata;
  return omitManagedFields || managedFields === undefined ? rest : { ...rest, managedFields };
};

describe('the loopback asks for metadata without managedFields', () => {
  const served = builtInTestStores({ admissionPlugins: { disable: ['NamespaceLifecycle'] } });
  const configMaps = served.stores.find((s) => s.def.group === '' && s.def.resource === 'configmaps')!;
  let loopback: TestLoopback;
  before(async () => {
    loopback = await startServedLoopback(served);
  });
  after(async () => {
    await loopback.close();
  });

  for (const omitManagedFields of [true, false]) {
    test(`a metadata list and watch, omitManagedFields ${omitManagedFields}`, async () => {
      const namespace = `omit-${omitManagedFields}`;
      const client = loopback.runtime.apiserver().clients.resource(CONFIG_MAPS);
      const created = await client.create(namespace, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'listed', labels: { app: 'web' }, annotations: { note: ',"managedFields":[{}]}' } }, data: { a: 'b' } });
      assert.ok(created.metadata.managedFields?.length, 'a create records its manager');

      const listed = await client.list(namespace, { metadataOnly: true, omitManagedFields });
      assert.deepEqual(listed.items.map((item) => item.metadata), [metadataOf(created, omitManagedFields)]);

      const abort = new AbortController();
      const events: WatchBatch[number][] = [];
      const watching = (async () => {
        for await (const batch of client.watch(namespace, { metadataOnly: true, omitManagedFields, resourceVersion: listed.resourceVersion, signal: abort.signal })) {
          events.push(...batch);
          if (events.length === 2) abort.abort();
        }
      })().catch((error: unknown) => {
        if (!abort.signal.aborted) throw error;
      });
      const labelled = await client.update(namespace, 'listed', (current) => ({ ...current, metadata: { ...current.metadata, labels: { app: 'web', tier: 'front' } } }));
      await client.delete(namespace, 'listed');
      await watching;
      assert.deepEqual(events.map((e) => e.type), ['MODIFIED', 'DELETED']);
      assert.deepEqual(events[0]?.object, { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: metadataOf(labelled, omitManagedFields) });
      assert.equal(events[1]?.object.metadata.managedFields === undefined, omitManagedFields);
    });
  }

  test('the parameter changes nothing but metadata answers', async () => {
    const client = loopback.runtime.apiserver().clients.resource(CONFIG_MAPS);
    const created = await configMaps.create('whole', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'whole' } }, { dryRun: false });
    const listed = await client.list('whole', { omitManagedFields: true });
    assert.deepEqual(listed.items.map((item) => item.metadata), [created.object.metadata]);
  });
});
