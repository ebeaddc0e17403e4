// A database file of schema version 1 (a kv_current table and a (key, revision) index beside kv_log) is
// converted when opened: the same keys, values, revisions, history, watch prevKvs and TTLs. Page sizes of
// new and existing files.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { WatchEvent } from '../interface.js';
import { createSqliteBackend } from './sqlite-backend.js';
import { openDatabase } from './schema.js';

const root = mkdtempSync(join(tmpdir(), 'kplane-sqlite-schema-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Version 1's layout, as kplane wrote it before the live keys moved to memory. */
const VERSION_1_DDL = `
CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE kv_log (revision INTEGER PRIMARY KEY, key TEXT NOT NULL, create_revision INTEGER NOT NULL, value TEXT);
CREATE INDEX kv_log_key_revision ON kv_log (key, revision);
CREATE TABLE kv_current (key TEXT PRIMARY KEY, mod_revision INTEGER NOT NULL, expires_at INTEGER) WITHOUT ROWID;
CREATE INDEX kv_current_expiry ON kv_current (expires_at) WHERE expires_at IS NOT NULL;
CREATE TABLE commits (revision INTEGER PRIMARY KEY, committed_at INTEGER NOT NULL);
CREATE INDEX commits_time ON commits (committed_at);
INSERT INTO meta VALUES ('schema_version', 1), ('compacted_revision', 0);
`;

/** Revisions 2-7: a created (2) and updated (3), b created (4) and deleted (5), c with a TTL (6), b again (7). */
function writeVersion1(path: string, expiresAt: number): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(VERSION_1_DDL);
  const log = db.prepare('INSERT INTO kv_log VALUES (?, ?, ?, ?)');
  for (const [revision, key, created, value] of [
    [2, '/m/a', 2, 'a1'], [3, '/m/a', 2, 'a2'], [4, '/m/b', 4, 'b1'], [5, '/m/b', 0, null], [6, '/m/c', 6, 'c1'], [7, '/m/b', 7, 'b2'],
  ] as const) log.run(revision, key, created, value);
  const current = db.prepare('INSERT INTO kv_current VALUES (?, ?, ?)');
  current.run('/m/a', 3, null);
  current.run('/m/c', 6, expiresAt);
  current.run('/m/b', 7, null);
  for (const revision of [2, 3, 4, 5, 6, 7]) db.prepare('INSERT INTO commits VALUES (?, ?)').run(revision, Date.now());
  db.close();
}

test('a version 1 file is converted when opened, keeping values, history, prevKvs and TTLs', async () => {
  const path = join(root, 'v1.db');
  let now = Date.now();
  writeVersion1(path, now + 10_000);
  const backend = createSqliteBackend({ path, clock: () => now, ttlReapIntervalMs: 3_600_000 });
  try {
    assert.equal(await backend.currentRevision(), 7);
    assert.deepEqual((await backend.range('/m/')).kvs, [
      { key: '/m/a', value: 'a2', createRevision: 2, modRevision: 3 },
      { key: '/m/b', value: 'b2', createRevision: 7, modRevision: 7 },
      { key: '/m/c', value: 'c1', createRevision: 6, modRevision: 6 },
    ]);
    assert.deepEqual((await backend.range('/m/', { revision: 4 })).kvs.map((kv) => `${kv.key}=${kv.value}`), ['/m/a=a2', '/m/b=b1']);
    assert.deepEqual((await backend.range('/m/', { revision: 2 })).kvs.map((kv) => `${kv.key}=${kv.value}`), ['/m/a=a1']);

    const events: WatchEvent[] = [];
    const stop = new AbortController();
    for await (const batch of backend.watch('/m/', 3, stop.signal)) {
      events.push(...batch.events);
      if (batch.revision >= 7) break;
    }
    assert.deepEqual(events.map((e) => (e.type === 'PUT' ? `PUT ${e.kv.key}@${e.kv.modRevision} prev ${e.prevKv?.modRevision ?? '-'}` : `DELETE ${e.key}@${e.revision} prev ${e.prevKv.modRevision}`)), [
      'PUT /m/a@3 prev 2',
      'PUT /m/b@4 prev -',
      'DELETE /m/b@5 prev 4',
      'PUT /m/c@6 prev -',
      'PUT /m/b@7 prev -',
    ]);

    const updated = await backend.update('/m/a', 'a3', 3);
    assert.equal(updated.createRevision, 2);
    now += 11_000;
    assert.equal(await backend.reapExpired(), 1, 'the TTL of /m/c came over from kv_current');
    assert.deepEqual((await backend.range('/m/')).kvs.map((kv) => kv.key), ['/m/a', '/m/b']);
  } finally {
    await backend.close();
  }
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name`).all().map((r) => r.name);
    assert.deepEqual(tables, ['commits', 'commits_time', 'kv_log', 'meta']);
    assert.equal(db.prepare<[], { value: number }>(`SELECT value FROM meta WHERE name = 'schema_version'`).get()?.value, 2);
  } finally {
    db.close();
  }
});

test('a TTL is kept across a restart, and an update without one clears it', async () => {
  const path = join(root, 'ttl.db');
  let now = 1_000_000;
  const open = () => createSqliteBackend({ path, clock: () => now, ttlReapIntervalMs: 3_600_000 });
  const first = open();
  const kept = await first.create('/t/kept', 'v', { ttlSeconds: 10 });
  const cleared = await first.create('/t/cleared', 'v', { ttlSeconds: 10 });
  await first.update('/t/cleared', 'v2', cleared.modRevision);
  await first.close();
  const second = open();
  try {
    now += 11_000;
    assert.equal(await second.reapExpired(), 1);
    assert.deepEqual((await second.range('/t/')).kvs.map((kv) => kv.key), ['/t/cleared']);
    assert.ok(kept.modRevision > 0);
  } finally {
    await second.close();
  }
});

test('a new file gets 16 KiB pages; a file made with 4 KiB pages keeps them; both checkpoint every 4 MiB of WAL', () => {
  const fresh = openDatabase(join(root, 'fresh.db'));
  const old = join(root, 'old-pages.db');
  writeVersion1(old, Date.now() + 60_000);
  const existing = openDatabase(old);
  try {
    assert.deepEqual([fresh.pragma('page_size', { simple: true }), fresh.pragma('wal_autocheckpoint', { simple: true })], [16_384, 256]);
    assert.deepEqual([existing.pragma('page_size', { simple: true }), existing.pragma('wal_autocheckpoint', { simple: true })], [4_096, 1_024]);
  } finally {
    fresh.close();
    existing.close();
  }
});
