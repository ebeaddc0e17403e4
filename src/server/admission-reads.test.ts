// Admission's reads (the Namespace, ServiceAccount and LimitRange look-ups), through the served stores over a
// memory backend whose consistent reads (currentRevision) are counted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../apis/index.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import type { Backend } from '../storage/interface.js';
import type { Store } from '../registry/store/index.js';
import { cachedGetter, cachedLister, liveLookupLister, recordingWrites, type AdmissionSource, type RecordingBackend } from './admission-reads.js';
import { buildStores, type ServedStores } from './stores.js';

/** `backend` with a count of currentRevision() calls (one per consistent read). */
function counting(backend: Backend): Backend & { revisionReads: number } {
  const counted = Object.assign(Object.create(null) as object, { revisionReads: 0 }) as Backend & { revisionReads: number };
  for (const key of ['name', 'compactedRevision', 'get', 'range', 'create', 'update', 'delete', 'watch', 'requestProgress', 'compact', 'check', 'close'] as const) {
    const value = backend[key];
    Object.defineProperty(counted, key, { value: typeof value === 'function' ? value.bind(backend) : value });
  }
  Object.defineProperty(counted, 'currentRevision', {
    value: () => {
      counted.revisionReads++;
      return backend.currentRevision();
    },
  });
  return counted;
}

describe('admission reads', () => {
  const inner = createMemoryBackend();
  const backend = counting(inner);
  let served: ServedStores;
  const write = { dryRun: false };
  const sourceOf = (store: () => Store) => (): AdmissionSource => {
    const storage = served.storageOf(store())!;
    return { store: store(), cacher: storage.cacher, backend: storage.backend as RecordingBackend };
  };
  const storeOf = (resource: string) => () => served.stores.find((s) => s.def.group === '' && s.def.resource === resource)!;
  const namespaceGetter = () => cachedGetter(sourceOf(() => served.namespaces), { liveLookup: true });
  const lookup = () => (name: string) => namespaceGetter()('', name);
  const limitRange = (namespace: string, name: string) => ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name, namespace }, spec: { limits: [{ type: 'Container', max: { cpu: '1' } }] } });
  before(async () => {
    // Stored kinds only: computed ones (ComponentStatus) need the server's probes.
    served = buildStores(backend, '/registry', builtInResources().filter((d) => !d.computed));
    await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
    for (const name of ['reads', 'listed', 'empty']) await served.namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, write);
  });
  after(async () => {
    for (const s of served.storages.values()) s.cacher.stop();
    await inner.close();
  });

  test('a namespace written through this server is read from the cache, without a consistent read', async () => {
    await served.namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'local' } }, write);
    const before = backend.revisionReads;
    const found = await lookup()('local');
    assert.equal(found?.metadata.name, 'local');
    assert.equal(backend.revisionReads, before);
  });

  test('a deletion made through this server is seen at once: the namespace reads as Terminating', async () => {
    await served.namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ending' } }, write);
    await served.namespaces.delete('', 'ending', {}, write);
    const found = await lookup()('ending');
    assert.equal((found?.['status'] as { phase?: string } | undefined)?.phase, 'Terminating');
  });

  test('a namespace the cache does not have is looked up with a consistent read (created through another replica)', async () => {
    const value = JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'remote', uid: 'u' }, spec: {}, status: { phase: 'Active' } });
    await inner.create('/registry/namespaces/remote', value);
    assert.equal((await lookup()('remote'))?.metadata.name, 'remote');
    const before = backend.revisionReads;
    assert.equal(await lookup()('absent'), undefined);
    assert.equal(backend.revisionReads, before + 1);
  });

  test('without a live look-up, what the cache lacks is absent (an informer lister): no consistent read', async () => {
    const getter = cachedGetter(sourceOf(storeOf('serviceaccounts')), { liveLookup: false });
    const before = backend.revisionReads;
    assert.equal(await getter('default', 'nobody'), undefined);
    assert.equal(backend.revisionReads, before);
  });

  test('a ServiceAccount created through this server is found by the next admission, from the cache', async () => {
    const accounts = storeOf('serviceaccounts');
    const getter = cachedGetter(sourceOf(accounts), { liveLookup: true });
    await accounts().create('reads', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'web', namespace: 'reads' } }, write);
    const before = backend.revisionReads;
    assert.equal((await getter('reads', 'web'))?.metadata.name, 'web');
    assert.equal(backend.revisionReads, before);
  });

  test('cached lists hold the writes made through this server', async () => {
    const ranges = storeOf('limitranges');
    const lister = cachedLister(sourceOf(ranges));
    await ranges().create('listed', limitRange('listed', 'a'), write);
    const before = backend.revisionReads;
    assert.deepEqual((await lister('listed')).map((lr) => lr.metadata.name), ['a']);
    assert.deepEqual(await lister('other'), []);
    assert.equal(backend.revisionReads, before);
  });

  test("LimitRanger's live look-up: a namespace without LimitRanges in the cache is listed consistently once per 30 s", async () => {
    let now = 1_000_000;
    const ranges = storeOf('limitranges');
    const lister = liveLookupLister(sourceOf(ranges), () => now);
    const before = backend.revisionReads;
    assert.deepEqual(await Promise.all([lister('empty'), lister('empty')]), [[], []]);
    assert.equal(backend.revisionReads, before + 1, 'concurrent admissions share one look-up');
    now += 29_000;
    await lister('empty');
    assert.equal(backend.revisionReads, before + 1, 'kept for 30 s');
    now += 1_001;
    await lister('empty');
    assert.equal(backend.revisionReads, before + 2, 'looked up again after 30 s');
    await ranges().create('empty', limitRange('empty', 'b'), write);
    const created = backend.revisionReads;
    assert.deepEqual((await lister('empty')).map((lr) => lr.metadata.name), ['b']);
    assert.equal(backend.revisionReads, created, 'a namespace the cache holds LimitRanges of is read from the cache');
  });
});

test('recordingWrites remembers the revision of the last write', async () => {
  const backend = recordingWrites(createMemoryBackend());
  assert.equal(backend.lastWrite, 0);
  const created = await backend.create('/k/a', 'v');
  assert.equal(backend.lastWrite, created.modRevision);
  const updated = await backend.update('/k/a', 'w', created.modRevision);
  assert.equal(backend.lastWrite, updated.modRevision);
  const deleted = await backend.delete('/k/a');
  assert.equal(backend.lastWrite, deleted.revision);
  await assert.rejects(backend.update('/k/a', 'x', 1));
  assert.equal(backend.lastWrite, deleted.revision);
  await backend.close();
});
