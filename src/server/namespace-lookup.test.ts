// The namespace lookup of NamespaceLifecycle admission, through the served stores over a memory backend
// whose consistent reads (currentRevision) are counted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { builtInResources } from '../apis/index.js';
import { createMemoryBackend } from '../storage/memory/index.js';
import type { Backend } from '../storage/interface.js';
import { namespaceLookup, recordingWrites } from './namespace-lookup.js';
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

describe('namespaceLookup', () => {
  const inner = createMemoryBackend();
  const backend = counting(inner);
  let served: ServedStores;
  const write = { dryRun: false };
  const lookup = () => {
    const storage = served.storageOf(served.namespaces)!;
    return namespaceLookup(() => served.namespaces, () => ({ ...storage, backend: storage.backend as ReturnType<typeof recordingWrites> }));
  };
  before(async () => {
    // Stored kinds only: computed ones (ComponentStatus) need the server's probes.
    served = buildStores(backend, '/registry', builtInResources().filter((d) => !d.computed));
    await Promise.all([...served.storages.values()].map((s) => s.cacher.start()));
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
