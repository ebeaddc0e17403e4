// Contract: single-key operations and the global revision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rejectsWith, uniquePrefix, withBackend, type OpenFixture } from './helpers.js';

/** Registers the single-key tests. */
export function kvCases(open: OpenFixture): void {
  test('every write takes the next global revision, and nothing else does', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const r0 = await backend.currentRevision();
      assert.ok(r0 >= 1);
      const a = await backend.create(`${p}a`, 'v1');
      assert.deepEqual(a, { key: `${p}a`, value: 'v1', createRevision: r0 + 1, modRevision: r0 + 1 });
      assert.equal(await backend.currentRevision(), r0 + 1);
      const b = await backend.update(`${p}a`, 'v2', a.modRevision);
      assert.equal(b.modRevision, r0 + 2);
      const d = await backend.delete(`${p}a`);
      assert.equal(d.revision, r0 + 3);
      const c = await backend.create(`${p}c`, 'v3');
      assert.equal(c.modRevision, r0 + 4);
      // Reads and failed writes take no revision.
      await backend.get(`${p}c`);
      await backend.range(p);
      await rejectsWith(backend.create(`${p}c`, 'again'), 'KeyExists');
      await rejectsWith(backend.update(`${p}c`, 'x', c.modRevision - 1), 'Conflict');
      assert.equal(await backend.currentRevision(), r0 + 4);
    }));

  test('create is create-if-absent', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const first = await backend.create(`${p}k`, 'one');
      const error = await rejectsWith(backend.create(`${p}k`, 'two'), 'KeyExists');
      assert.equal(error.key, `${p}k`);
      assert.deepEqual(await backend.get(`${p}k`), first);
    }));

  test('update is a compare-and-swap on the mod revision', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const created = await backend.create(`${p}k`, 'one');
      const updated = await backend.update(`${p}k`, 'two', created.modRevision);
      assert.equal(updated.value, 'two');
      assert.equal(updated.createRevision, created.createRevision);
      assert.ok(updated.modRevision > created.modRevision);
      const conflict = await rejectsWith(backend.update(`${p}k`, 'three', created.modRevision), 'Conflict');
      assert.equal(conflict.key, `${p}k`);
      assert.deepEqual(conflict.current, updated, 'a Conflict carries the value found instead');
      await rejectsWith(backend.update(`${p}missing`, 'x', created.modRevision), 'KeyNotFound');
      assert.deepEqual(await backend.get(`${p}k`), updated);
    }));

  test('delete returns the deleted value and the revision of the deletion', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const a = await backend.create(`${p}a`, 'va');
      const b = await backend.create(`${p}b`, 'vb');
      const deletedA = await backend.delete(`${p}a`);
      assert.deepEqual(deletedA.prevKv, a);
      assert.equal(deletedA.revision, await backend.currentRevision());
      assert.equal(await backend.get(`${p}a`), undefined);
      const conflict = await rejectsWith(backend.delete(`${p}b`, b.modRevision + 100), 'Conflict');
      assert.deepEqual(conflict.current, b);
      assert.deepEqual(await backend.get(`${p}b`), b, 'a failed delete leaves the key');
      const deletedB = await backend.delete(`${p}b`, b.modRevision);
      assert.deepEqual(deletedB.prevKv, b);
      assert.equal(deletedB.revision, deletedA.revision + 1);
      await rejectsWith(backend.delete(`${p}b`), 'KeyNotFound');
      await rejectsWith(backend.delete(`${p}b`, b.modRevision), 'KeyNotFound');
    }));

  test('a key created again after deletion has a new create revision', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const first = await backend.create(`${p}k`, 'one');
      await backend.update(`${p}k`, 'two', first.modRevision);
      await backend.delete(`${p}k`);
      const again = await backend.create(`${p}k`, 'three');
      assert.ok(again.createRevision > first.createRevision);
      assert.equal(again.createRevision, again.modRevision);
      await rejectsWith(backend.update(`${p}k`, 'x', first.modRevision), 'Conflict');
    }));

  test('get returns the current value, or undefined for a missing key', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      assert.equal(await backend.get(`${p}missing`), undefined);
      const value = JSON.stringify({ kind: 'ConfigMap', data: { text: 'ünïcødé 😀 "quoted"\n' } });
      const kv = await backend.create(`${p}k`, value);
      assert.deepEqual(await backend.get(`${p}k`), kv);
      assert.equal((await backend.get(`${p}k`))?.value, value);
      assert.equal(await backend.get(`${p}`), undefined, 'get is exact, not by prefix');
    }));
}
