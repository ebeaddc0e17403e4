// Contract: ranges by prefix, pagination, reads at past revisions, compaction.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Backend, KeyValue } from '../interface.js';
import { isStorageError } from '../errors.js';
import { rejectsWith, uniquePrefix, withBackend, type OpenFixture } from './helpers.js';

const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
const keysOf = (kvs: KeyValue[]): string[] => kvs.map((kv) => kv.key);

async function createAll(backend: Backend, keys: string[]): Promise<KeyValue[]> {
  const out: KeyValue[] = [];
  for (const key of keys) out.push(await backend.create(key, `value of ${key}`));
  return out;
}

/** Registers the range and compaction tests. */
export function rangeCases(open: OpenFixture): void {
  test('range returns the keys under a prefix in ascending byte order', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      // UTF-16 order would put the emoji (surrogates) before U+FF01; byte order puts it after.
      const inside = ['z', 'a', 'B', 'a/b', 'ab', 'é', '\uFF01', '😀', 'a\u0000'].map((s) => p + s);
      const outside = [p.slice(0, -1), `${p.slice(0, -1)}0`, `${p.slice(0, -1)}.x`, `${p.slice(0, -2)}`];
      await createAll(backend, [...inside, ...outside]);
      const result = await backend.range(p);
      assert.deepEqual(keysOf(result.kvs), [...inside].sort(byBytes));
      assert.equal(result.count, inside.length);
      assert.equal(result.more, false);
      assert.equal(result.revision, await backend.currentRevision());
      const exact = await backend.range(`${p}a`);
      assert.deepEqual(keysOf(exact.kvs), [`${p}a`, `${p}a\u0000`, `${p}a/b`, `${p}ab`]);
      assert.deepEqual(await backend.range(`${p}none/`), { kvs: [], revision: result.revision, more: false, count: 0 });
    }));

  test('limit, startKey, more and count page through a prefix', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const keys = Array.from({ length: 10 }, (_, i) => `${p}k${String(i).padStart(2, '0')}`);
      await createAll(backend, [...keys].reverse());
      const seen: string[] = [];
      let startKey: string | undefined;
      for (let page = 0; ; page++) {
        const result = await backend.range(p, { limit: 3, startKey });
        assert.equal(result.count, keys.length - seen.length, 'count covers [startKey, end of prefix)');
        seen.push(...keysOf(result.kvs));
        assert.equal(result.more, seen.length < keys.length);
        if (!result.more) break;
        startKey = `${seen.at(-1) ?? ''}\u0000`;
        assert.ok(page < 10);
      }
      assert.deepEqual(seen, keys);
      const fromMiddle = await backend.range(p, { startKey: keys[4] as string });
      assert.deepEqual(keysOf(fromMiddle.kvs), keys.slice(4));
      assert.deepEqual(keysOf((await backend.range(p, { startKey: '/' })).kvs), keys, 'a startKey before the prefix is the prefix');
      assert.equal((await backend.range(p, { limit: 0 })).kvs.length, keys.length, 'limit 0 means all');
    }));

  test('range at a past revision reads the snapshot of that revision', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const [a, b, c] = await createAll(backend, [`${p}a`, `${p}b`, `${p}c`]);
      assert.ok(a && b && c);
      const then = await backend.currentRevision();
      await backend.update(`${p}a`, 'a2', a.modRevision);
      await backend.delete(`${p}b`);
      await backend.create(`${p}d`, 'new');
      await backend.delete(`${p}c`);
      await backend.create(`${p}c`, 'c again');
      const past = await backend.range(p, { revision: then });
      assert.equal(past.revision, then);
      assert.deepEqual(past.kvs, [a, b, c], 'old values, deleted keys included, later keys excluded');
      assert.equal(past.count, 3);
      const page = await backend.range(p, { revision: then, limit: 2 });
      assert.deepEqual(page.kvs, [a, b]);
      assert.deepEqual([page.more, page.count], [true, 3]);
      const rest = await backend.range(p, { revision: then, startKey: `${p}b\u0000` });
      assert.deepEqual(rest.kvs, [c]);
      assert.deepEqual([rest.more, rest.count], [false, 1]);
      const now = await backend.range(p);
      assert.deepEqual(keysOf(now.kvs), [`${p}a`, `${p}c`, `${p}d`]);
      assert.deepEqual(await backend.range(p, { revision: now.revision }), now);
    }));

  test('a range at a future revision fails with FutureRevision', () =>
    withBackend(open, async ({ backend }) => {
      const current = await backend.currentRevision();
      await rejectsWith(backend.range(uniquePrefix(), { revision: current + 1 }), 'FutureRevision');
    }));

  test('compaction makes older revisions unreadable and keeps the snapshot at the compacted revision', () =>
    withBackend(open, async ({ backend }) => {
      const p = uniquePrefix();
      const [a, b, c] = await createAll(backend, [`${p}a`, `${p}b`, `${p}c`]);
      assert.ok(a && b && c);
      const a2 = await backend.update(`${p}a`, 'a2', a.modRevision);
      await backend.delete(`${p}b`);
      const mid = await backend.currentRevision();
      await backend.update(`${p}c`, 'c2', c.modRevision);
      await backend.create(`${p}d`, 'd');
      await backend.compact(mid);
      assert.ok((await backend.compactedRevision()) >= mid);
      const compacted = await rejectsWith(backend.range(p, { revision: mid - 1 }), 'Compacted');
      assert.ok(isStorageError(compacted));
      assert.deepEqual((await backend.range(p, { revision: mid })).kvs, [a2, c]);
      assert.deepEqual(keysOf((await backend.range(p)).kvs), [`${p}a`, `${p}c`, `${p}d`]);
      await backend.compact(mid); // compacting again at or below is harmless
      const current = await backend.currentRevision();
      await rejectsWith(backend.compact(current + 10), 'FutureRevision');
    }));
}
