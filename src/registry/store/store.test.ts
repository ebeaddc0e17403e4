// The generic store over the memory backend: the semantics the verb handlers rely on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { admissionChain } from '../../admission/chain.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { keyScheme } from '../keys.js';
import { parseFieldSelector } from '../selectors/field-selector.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { parseStored, storedJsonWithRevision } from './codec.js';
import { createStore } from './store.js';
import { statusJson } from '../../endpoints/status-encoding.js';
import type { Store, StorageResource } from './types.js';

const write = { dryRun: false };
const cm = (name: string, data: Record<string, string> = { a: '1' }, extra: Partial<KubeObject['metadata']> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, ...extra },
  data,
});
const statusCode = (code: number) => (e: unknown) => isStatusError(e) && e.code === code;

function openStore(def: ResourceDefinition, backend = createMemoryBackend()): { store: Store; storage: StorageResource } {
  const keys = keyScheme('/registry', def.resource, def.namespaced);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  const storage = { backend, keys, cacher };
  return { store: createStore(def, { storage, admission: admissionChain([]) }), storage };
}

describe('generic store', () => {
  const { store, storage } = openStore(configMapDefinition as unknown as ResourceDefinition);
  before(() => storage.cacher.start());
  after(async () => {
    storage.cacher.stop();
    await storage.backend.close();
  });

  test('create fills system fields; a second create is 409 AlreadyExists', async () => {
    const { object: created } = await store.create('ns', cm('one'), write);
    assert.match(created.metadata.uid ?? '', /^[0-9a-f-]{36}$/);
    assert.match(created.metadata.creationTimestamp ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(created.metadata.namespace, 'ns');
    await assert.rejects(store.create('ns', cm('one'), write), (e) => isStatusError(e) && e.code === 409 && e.reason === 'AlreadyExists');
    const read = await store.get('ns', 'one');
    assert.equal(read.object.metadata.resourceVersion, created.metadata.resourceVersion);
  });

  test('create returns the object\'s JSON without serializing it again: the bytes a get then returns', async () => {
    const { object, json } = await store.create('ns', cm('bytes', { k: 'v' }), write);
    assert.ok(json !== undefined, 'a decoded object is stored with its metadata first');
    assert.deepEqual(JSON.parse(json), object);
    assert.equal((await store.get('ns', 'bytes', object.metadata.resourceVersion)).json, json);
  });

  test('generateName makes a unique name', async () => {
    const { object: created } = await store.create('ns', { ...cm(''), metadata: { generateName: 'gen-' } }, write);
    assert.match(created.metadata.name ?? '', /^gen-[a-z0-9]{5}$/);
  });

  test('update with a stale resourceVersion is 409; without one it applies', async () => {
    const { object: created } = await store.create('ns', cm('two'), write);
    const first = await store.update('ns', 'two', () => cm('two', { a: '2' }, { resourceVersion: created.metadata.resourceVersion! }), write);
    await assert.rejects(store.update('ns', 'two', () => cm('two', { a: '3' }, { resourceVersion: created.metadata.resourceVersion! }), write), statusCode(409));
    const unconditional = await store.update('ns', 'two', () => cm('two', { a: '4' }), write);
    assert.ok(Number(unconditional.object.metadata.resourceVersion) > Number(first.object.metadata.resourceVersion));
    assert.equal(unconditional.object.metadata.uid, created.metadata.uid);
  });

  test('concurrent read-modify-write updates all land (CAS retries)', async () => {
    await store.create('ns', cm('counter', { n: '0' }), write);
    const bump = () => store.update('ns', 'counter', (current) => cm('counter', { n: String(Number((current as KubeObject & { data: Record<string, string> }).data['n']) + 1) }), write);
    await Promise.all(Array.from({ length: 20 }, bump));
    const final = (await store.get('ns', 'counter')).object as KubeObject & { data: Record<string, string> };
    assert.equal(final.data['n'], '20');
  });

  test('dry run validates without storing', async () => {
    await store.create('ns', cm('ghost'), { dryRun: true });
    await assert.rejects(store.get('ns', 'ghost'), statusCode(404));
    await assert.rejects(store.create('ns', cm('Bad_Name'), { dryRun: true }), statusCode(422));
  });

  test('finalizers hold a deleted object Terminating until the last one is removed', async () => {
    await store.create('ns', cm('held', { a: '1' }, { finalizers: ['example.com/hold'] }), write);
    const pending = await store.delete('ns', 'held', {}, write);
    assert.equal(pending.deleted, false);
    assert.ok(pending.object.metadata.deletionTimestamp);
    const again = await store.delete('ns', 'held', {}, write);
    assert.equal(again.deleted, false);
    await store.update('ns', 'held', (current) => ({ ...(current as KubeObject), metadata: { ...current!.metadata, finalizers: [] } }), write);
    await assert.rejects(store.get('ns', 'held'), statusCode(404));
  });

  test('propagationPolicy Foreground and Orphan leave the garbage collector\'s finalizer; a repeated delete switches it', async () => {
    await store.create('ns', cm('fg'), write);
    const fg = await store.delete('ns', 'fg', { propagationPolicy: 'Foreground' }, write);
    assert.equal(fg.deleted, false);
    assert.deepEqual(fg.object.metadata.finalizers, ['foregroundDeletion']);
    assert.ok(fg.object.metadata.deletionTimestamp);
    const orphan = await store.delete('ns', 'fg', { propagationPolicy: 'Orphan' }, write);
    assert.deepEqual(orphan.object.metadata.finalizers, ['orphan']);
    assert.equal(orphan.object.metadata.deletionTimestamp, fg.object.metadata.deletionTimestamp);
    // Background drops the last finalizer: the object goes at once.
    const background = await store.delete('ns', 'fg', { propagationPolicy: 'Background' }, write);
    assert.equal(background.deleted, true);
    await assert.rejects(store.get('ns', 'fg'), statusCode(404));
    await store.create('ns', cm('od'), write);
    const od = await store.delete('ns', 'od', { orphanDependents: true }, write);
    assert.deepEqual(od.object.metadata.finalizers, ['orphan']);
    await store.update('ns', 'od', (current) => ({ ...structuredClone(current!), metadata: { ...structuredClone(current!.metadata), finalizers: [] } }), write);
    await assert.rejects(store.get('ns', 'od'), statusCode(404));
  });

  test('a kind whose default policy orphans (core/v1 ReplicationController, batch/v1 Job) gets `orphan` without options', async () => {
    const def = { ...configMapDefinition, strategy: { ...configMapDefinition.strategy, garbageCollectionPolicy: 'OrphanDependents' } } as unknown as ResourceDefinition;
    const { store: orphaning, storage: own } = openStore(def);
    await own.cacher.start();
    try {
      await orphaning.create('ns', cm('orphans'), write);
      assert.deepEqual((await orphaning.delete('ns', 'orphans', {}, write)).object.metadata.finalizers, ['orphan']);
      assert.equal((await orphaning.delete('ns', 'orphans', { propagationPolicy: 'Background' }, write)).deleted, true);
    } finally {
      own.cacher.stop();
      await own.backend.close();
    }
  });

  test('delete preconditions on uid are 409', async () => {
    await store.create('ns', cm('pre'), write);
    await assert.rejects(store.delete('ns', 'pre', { preconditions: { uid: 'not-it' } }, write), (e) => isStatusError(e) && e.code === 409 && /Precondition failed: UID/.test(e.message));
  });

  test('an update with another uid: 409 as a PUT precondition, else 422 (uid is immutable); none keeps the old', async () => {
    const { object: created } = await store.create('ns', cm('uid'), write);
    const other = () => cm('uid', { a: '2' }, { uid: '00000000-0000-0000-0000-000000000000' });
    await assert.rejects(
      store.update('ns', 'uid', other, { ...write, uidPrecondition: '00000000-0000-0000-0000-000000000000' }),
      (e) => isStatusError(e) && e.code === 409 && /Precondition failed: UID in precondition: 00000000-0000-0000-0000-000000000000, UID in object meta: /.test(e.message),
    );
    await assert.rejects(store.update('ns', 'uid', other, write), (e) => isStatusError(e) && e.code === 422 && /metadata\.uid: Invalid value: "0{8}-.*": field is immutable/.test(e.message));
    assert.equal((await store.update('ns', 'uid', () => cm('uid', { a: '3' }), write)).object.metadata.uid, created.metadata.uid);
  });

  test('paged list is one snapshot: later writes do not show in later pages', async () => {
    for (let i = 0; i < 5; i++) await store.create('paged', cm(`p${i}`), write);
    const first = await store.list('paged', { limit: 2 });
    assert.equal(first.items.length, 2);
    assert.equal(first.remainingItemCount, 3);
    await store.create('paged', cm('p9'), write);
    await store.delete('paged', 'p3', {}, write);
    const names: string[] = first.items.map((i) => i.object.metadata.name ?? '');
    let token = first.continue;
    while (token) {
      const page = await store.list('paged', { limit: 2, continue: token });
      assert.equal(page.revision, first.revision);
      names.push(...page.items.map((i) => i.object.metadata.name ?? ''));
      token = page.continue;
    }
    assert.deepEqual(names, ['p0', 'p1', 'p2', 'p3', 'p4']);
  });

  test('a continue token whose revision was compacted is 410 Expired, carrying a token that continues at the newest revision', async () => {
    for (let i = 0; i < 3; i++) await store.create('compacted', cm(`c${i}`), write);
    const first = await store.list('compacted', { limit: 1 });
    await store.create('compacted', cm('c9'), write);
    await storage.backend.compact(await storage.backend.currentRevision());
    const expired = await store.list('compacted', { limit: 1, continue: first.continue }).then(() => undefined, (e: unknown) => e);
    assert.ok(isStatusError(expired) && expired.code === 410 && expired.reason === 'Expired', String(expired));
    const token = expired.status.metadata.continue;
    assert.ok(token);
    const next = await store.list('compacted', { limit: 5, continue: token });
    assert.deepEqual(next.items.map((i) => i.object.metadata.name), ['c1', 'c2', 'c9']);
    assert.deepEqual(JSON.parse(statusJson(expired.status)).metadata, { continue: token });
  });

  test('NotOlderThan with a limit pages the latest state; a version not reached yet is 504 at once', async () => {
    for (let i = 0; i < 3; i++) await store.create('newer', cm(`n${i}`), write);
    const latest = await store.list('newer', {});
    const page = await store.list('newer', { resourceVersion: '1', resourceVersionMatch: 'NotOlderThan', limit: 2 });
    assert.deepEqual(page.items.map((i) => i.object.metadata.name), ['n0', 'n1']);
    assert.equal(page.remainingItemCount, 1);
    assert.ok(page.continue);
    assert.ok(page.revision >= latest.revision);
    const ahead = String(page.revision + 1000);
    await assert.rejects(store.list('newer', { resourceVersion: ahead, resourceVersionMatch: 'NotOlderThan', limit: 2 }), (e) => isStatusError(e) && e.code === 504 && e.message === `Too large resource version: ${ahead}, current: ${page.revision}`);
  });

  test('watch from a resourceVersion yields every later change once, in order', async () => {
    const { object: start } = await store.create('w', cm('w1'), write);
    await store.update('w', 'w1', () => cm('w1', { a: '2' }), write);
    await store.delete('w', 'w1', {}, write);
    const abort = new AbortController();
    const seen: string[] = [];
    for await (const batch of store.watch('w', { resourceVersion: start.metadata.resourceVersion, allowWatchBookmarks: false, signal: abort.signal })) {
      for (const event of batch) {
        if (event.type === 'BOOKMARK') continue;
        seen.push(`${event.type}:${(event.item.object as KubeObject & { data?: Record<string, string> }).data?.['a']}`);
      }
      if (seen.length >= 2) abort.abort();
    }
    assert.deepEqual(seen, ['MODIFIED:2', 'DELETED:2']);
  });

  test('a watch hands over the events that are ready together as one batch, in order', async () => {
    const { object: start } = await store.create('b', cm('b0'), write);
    const abort = new AbortController();
    const batches: string[][] = [];
    const watching = (async () => {
      for await (const batch of store.watch('b', { resourceVersion: start.metadata.resourceVersion, allowWatchBookmarks: false, signal: abort.signal })) {
        batches.push(batch.map((event) => (event.type === 'BOOKMARK' ? 'BOOKMARK' : `${event.type}:${event.item.object.metadata.name}`)));
        if (batches.flat().length >= 4) abort.abort();
      }
    })();
    // Three writes that are ready before the watcher reads, then one more later.
    await Promise.all(['b1', 'b2', 'b3'].map((name) => store.create('b', cm(name), write)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.create('b', cm('b4'), write);
    await watching;
    assert.deepEqual(batches, [['ADDED:b1', 'ADDED:b2', 'ADDED:b3'], ['ADDED:b4']]);
  });

  test('a watch of every namespace by metadata.name sees that name in each namespace', async () => {
    const { object: first } = await store.create('n1', cm('same'), write);
    await store.create('n2', cm('same'), write);
    await store.create('n2', cm('other'), write);
    await store.update('n1', 'same', () => cm('same', { a: '2' }), write);
    const abort = new AbortController();
    const seen: string[] = [];
    const options = { resourceVersion: first.metadata.resourceVersion, allowWatchBookmarks: false, signal: abort.signal, fieldSelector: parseFieldSelector('metadata.name=same') };
    for await (const batch of store.watch('', options)) {
      for (const event of batch) {
        if (event.type === 'BOOKMARK') continue;
        seen.push(`${event.type}:${event.item.object.metadata.namespace}/${event.item.object.metadata.name}`);
      }
      if (seen.length >= 2) abort.abort();
    }
    assert.deepEqual(seen, ['ADDED:n2/same', 'MODIFIED:n1/same']);
  });

  const past = { dryRun: false, deadline: Date.now() - 1 };
  const future = { dryRun: false, deadline: Date.now() + 60_000 };
  const timedOut = (e: unknown): boolean =>
    isStatusError(e) && e.code === 504 && e.message === 'Timeout: request did not complete within requested timeout - context deadline exceeded';

  test('past the request\'s deadline, no create, update or delete reaches storage (upstream: the storage call fails with the context)', async () => {
    await assert.rejects(store.create('ns', cm('late'), past), timedOut);
    assert.equal(await storage.backend.get(storage.keys.objectKey('ns', 'late')), undefined);
    const { object } = await store.create('ns', cm('kept', { a: '1' }), future);
    await assert.rejects(store.update('ns', 'kept', (current) => ({ ...(current as KubeObject), data: { a: '2' } }), past), timedOut);
    await assert.rejects(store.delete('ns', 'kept', {}, past), timedOut);
    const read = await store.get('ns', 'kept');
    assert.deepEqual([read.object.data, read.object.metadata.resourceVersion], [{ a: '1' }, object.metadata.resourceVersion]);
    await store.update('ns', 'kept', (current) => ({ ...(current as KubeObject), data: { a: '3' } }), future);
    await store.delete('ns', 'kept', {}, future);
  });
});

describe('generic store: metadata.generation for kinds that track it', () => {
  const def = { ...(configMapDefinition as unknown as ResourceDefinition), strategy: { ...configMapDefinition.strategy, tracksGeneration: true } } as ResourceDefinition;
  const { store, storage } = openStore(def);
  before(() => storage.cacher.start());
  after(async () => {
    storage.cacher.stop();
    await storage.backend.close();
  });

  test('generation starts at 1 and moves only when more than metadata changes', async () => {
    const { object: created } = await store.create('ns', cm('g'), write);
    assert.equal(created.metadata.generation, 1);
    const relabeled = await store.update('ns', 'g', () => cm('g', { a: '1' }, { labels: { x: 'y' } }), write);
    assert.equal(relabeled.object.metadata.generation, 1);
    const changed = await store.update('ns', 'g', () => cm('g', { a: '2' }), write);
    assert.equal(changed.object.metadata.generation, 2);
  });
});

test('mutating admission sees a create as the request named it; validating admission sees (and is given) the generated name, uid and creation time', async () => {
  const backend = createMemoryBackend();
  const def = configMapDefinition as unknown as ResourceDefinition;
  const keys = keyScheme('/registry', def.resource, def.namespaced);
  const storage = { backend, keys, cacher: new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision }) };
  const seen: Record<string, unknown>[] = [];
  const record = (a: { name: string; object?: KubeObject }) => void seen.push({ name: a.name, object: a.object?.metadata.name, uid: a.object?.metadata.uid, created: a.object?.metadata.creationTimestamp });
  const store = createStore(def, { storage, admission: admissionChain([{ name: 'Recorder', admit: record, validate: record }]) });
  await store.create('ns', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'gen-' } }, write);
  assert.deepEqual(seen[0], { name: '', object: undefined, uid: undefined, created: undefined }, 'upstream Store.Create fills them after the handler\'s mutating admission');
  assert.match(String(seen[1]?.['object']), /^gen-[a-z0-9]{5}$/);
  assert.equal(seen[1]?.['name'], seen[1]?.['object'], 'validating admission names the generated object, as AdmissionToValidateObjectFunc does');
  assert.match(String(seen[1]?.['uid']), /^[0-9a-f-]{36}$/);
  assert.equal(typeof seen[1]?.['created'], 'string');
  await backend.close();
});
