import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBackendContract, type BackendFixture } from '../contract.js';
import { isStorageError } from '../errors.js';
import { createSqliteBackend, type SqliteBackend, type SqliteBackendOptions } from './sqlite-backend.js';

const root = mkdtempSync(join(tmpdir(), 'kplane-sqlite-test-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;

/** A backend on a fresh file; `reopen` opens the same file again. */
function openSqlite(options: Omit<SqliteBackendOptions, 'path'> = {}) {
  const path = join(root, `store-${++counter}.db`);
  let latest: SqliteBackend = createSqliteBackend({ path, ...options });
  const first = latest;
  return {
    backend: first,
    reopen: async (): Promise<SqliteBackend> => (latest = createSqliteBackend({ path, ...options })),
    cleanup: async () => {
      await first.close();
      await latest.close();
    },
  } satisfies BackendFixture;
}

runBackendContract('sqlite', async () => openSqlite(), { durable: true });

describe('sqlite backend', () => {
  test('a restart keeps every key, revision and the compacted revision', async () => {
    const fixture = openSqlite();
    try {
      const backend = fixture.backend;
      const kvs = await Promise.all(Array.from({ length: 50 }, (_, i) => backend.create(`/d/${i}`, `v${i}`)));
      for (const kv of kvs.slice(0, 10)) await backend.update(kv.key, 'changed', kv.modRevision);
      for (const kv of kvs.slice(40)) await backend.delete(kv.key);
      await backend.compact(kvs[45]?.modRevision ?? 0);
      const before = await backend.range('/d/');
      const revision = await backend.currentRevision();
      const compacted = await backend.compactedRevision();
      await backend.close();
      const reopened = await fixture.reopen();
      assert.deepEqual(await reopened.range('/d/'), before);
      assert.equal(await reopened.currentRevision(), revision);
      assert.equal(await reopened.compactedRevision(), compacted);
      assert.equal((await reopened.create('/d/new', 'v')).modRevision, revision + 1);
    } finally {
      await fixture.cleanup();
    }
  });

  test('concurrent writes share one transaction', async () => {
    const fixture = openSqlite();
    try {
      const { backend } = fixture;
      const before = { ...backend.stats };
      const kvs = await Promise.all(Array.from({ length: 100 }, (_, i) => backend.create(`/g/${i}`, 'v')));
      assert.equal(backend.stats.transactions - before.transactions, 1);
      assert.equal(backend.stats.writes - before.writes, 100);
      const revisions = kvs.map((kv) => kv.modRevision);
      assert.deepEqual(revisions, Array.from({ length: 100 }, (_, i) => (revisions[0] ?? 0) + i), 'one revision each, in order');
    } finally {
      await fixture.cleanup();
    }
  });

  test('a write whose check fails fails alone; the rest of its batch commits', async () => {
    const fixture = openSqlite();
    try {
      const { backend } = fixture;
      const existing = await backend.create('/f/taken', 'v');
      const before = backend.stats.transactions;
      const settled = await Promise.allSettled([
        backend.create('/f/a', 'v'),
        backend.create('/f/taken', 'v'),
        backend.update('/f/taken', 'v', existing.modRevision + 5),
        backend.create('/f/b', 'v'),
      ]);
      assert.equal(backend.stats.transactions - before, 1);
      assert.deepEqual(settled.map((s) => s.status), ['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      assert.ok(settled[1]?.status === 'rejected' && isStorageError(settled[1].reason, 'KeyExists'));
      assert.ok(settled[2]?.status === 'rejected' && isStorageError(settled[2].reason, 'Conflict'));
      assert.equal((await backend.range('/f/')).count, 3);
      assert.equal(await backend.currentRevision(), existing.modRevision + 2);
    } finally {
      await fixture.cleanup();
    }
  });

  test('a batch that fails to commit leaves nothing behind, not even revisions', async () => {
    let failNext = false;
    const fixture = openSqlite({
      hooks: {
        beforeCommit() {
          if (failNext) throw new Error('disk on fire');
        },
      },
    });
    try {
      const { backend } = fixture;
      const start = await backend.currentRevision();
      failNext = true;
      const settled = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => backend.create(`/x/${i}`, 'v')));
      failNext = false;
      for (const s of settled) assert.ok(s.status === 'rejected' && isStorageError(s.reason, 'Unavailable'));
      assert.equal(await backend.currentRevision(), start);
      assert.equal((await backend.range('/x/')).count, 0);
      assert.equal((await backend.create('/x/after', 'v')).modRevision, start + 1);
      await backend.close();
      const reopened = await fixture.reopen();
      assert.deepEqual((await reopened.range('/x/')).kvs.map((kv) => kv.key), ['/x/after']);
      assert.equal(await reopened.currentRevision(), start + 1);
    } finally {
      await fixture.cleanup();
    }
  });

  test('retention compacts by commit time, also after a restart', async () => {
    let now = 5_000_000;
    const fixture = openSqlite({ historyWindowMs: 60_000, clock: () => now });
    try {
      const { backend } = fixture;
      const old = await backend.create('/t/a', 'v1');
      await backend.update('/t/a', 'v2', old.modRevision);
      await backend.delete('/t/a');
      now += 50_000;
      const recent = await backend.create('/t/b', 'v');
      now += 20_000;
      assert.equal(await backend.applyRetention(), recent.modRevision);
      await assert.rejects(backend.range('/t/', { revision: recent.modRevision - 1 }), (e) => isStorageError(e, 'Compacted'));
      assert.deepEqual((await backend.range('/t/', { revision: recent.modRevision })).kvs.map((kv) => kv.key), ['/t/b']);
      await backend.close();
      now += 120_000;
      const reopened = await fixture.reopen();
      // Compaction also runs at open; either way everything is now outside the window.
      assert.equal(await reopened.applyRetention(), await reopened.currentRevision());
      assert.equal((await reopened.range('/t/')).count, 1);
    } finally {
      await fixture.cleanup();
    }
  });

  test('expired keys are reaped as deletes', async () => {
    let now = 1_000;
    const fixture = openSqlite({ clock: () => now, ttlReapIntervalMs: 3_600_000 });
    try {
      const { backend } = fixture;
      await backend.create('/e/short', 'v', { ttlSeconds: 10 });
      await backend.create('/e/long', 'v', { ttlSeconds: 100 });
      const revision = await backend.currentRevision();
      assert.equal(await backend.reapExpired(), 0);
      now += 11_000;
      assert.equal(await backend.reapExpired(), 1);
      assert.deepEqual((await backend.range('/e/')).kvs.map((kv) => kv.key), ['/e/long']);
      assert.equal(await backend.currentRevision(), revision + 1);
    } finally {
      await fixture.cleanup();
    }
  });

  test('the empty prefix ranges over every key', async () => {
    const fixture = openSqlite();
    try {
      const { backend } = fixture;
      for (const key of ['/b', '/a/x', '\u{10FFFF}z', 'z']) await backend.create(key, 'v');
      assert.deepEqual((await backend.range('')).kvs.map((kv) => kv.key), ['/a/x', '/b', 'z', '\u{10FFFF}z']);
      assert.equal((await backend.range('', { limit: 1 })).count, 4);
    } finally {
      await fixture.cleanup();
    }
  });

  test('a second backend on the same file is refused while the first is open', async () => {
    const fixture = openSqlite();
    try {
      const path = join(root, `store-${counter}.db`);
      assert.throws(() => createSqliteBackend({ path }), (e) => isStorageError(e, 'Unavailable') && /in use/.test(e.message));
      await fixture.backend.create('/still/works', 'v');
    } finally {
      await fixture.cleanup();
    }
  });

  test('a watcher that does not keep up is ended with Unavailable', async () => {
    const fixture = openSqlite({ watchBufferLimit: 5 });
    try {
      const { backend } = fixture;
      const iterator = backend.watch('/w/', 0, new AbortController().signal)[Symbol.asyncIterator]();
      await Promise.all(Array.from({ length: 10 }, (_, i) => backend.create(`/w/${i}`, 'v')));
      await assert.rejects(iterator.next(), (e) => isStorageError(e, 'Unavailable') && /fell behind/.test(e.message));
    } finally {
      await fixture.cleanup();
    }
  });
});
