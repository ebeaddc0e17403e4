import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eventJson, eventLegacyLine, type AuditEvent } from './event.js';
import { backupTimestamp, openAuditLog } from './log-backend.js';

const event = (auditID: string): AuditEvent => ({
  level: 'Metadata', auditID, stage: 'ResponseComplete', requestURI: '/api/v1/namespaces/a/pods?limit=1', verb: 'list',
  user: { username: 'alice', groups: ['dev', 'system:authenticated'] }, impersonatedUser: { username: 'bob' }, sourceIPs: ['127.0.0.1'], userAgent: 'kubectl',
  objectRef: { resource: 'pods', namespace: 'a', apiVersion: 'v1' }, responseStatus: { code: 200 },
  requestReceivedTimestamp: new Date('2026-12-07T01:02:03.040Z'), stageTimestamp: new Date('2026-12-07T01:02:03.500Z'), annotations: { 'authorization.k8s.io/decision': 'allow' },
});

test('eventJson: audit.k8s.io/v1 fields in Go order, MicroTime stamps, Status with metadata', () => {
  assert.equal(eventJson(event('id')), '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"id","stage":"ResponseComplete",'
    + '"requestURI":"/api/v1/namespaces/a/pods?limit=1","verb":"list","user":{"username":"alice","groups":["dev","system:authenticated"]},'
    + '"impersonatedUser":{"username":"bob"},"sourceIPs":["127.0.0.1"],"userAgent":"kubectl","objectRef":{"resource":"pods","namespace":"a","apiVersion":"v1"},'
    + '"responseStatus":{"metadata":{},"code":200},"requestReceivedTimestamp":"2026-12-07T01:02:03.040000Z","stageTimestamp":"2026-12-07T01:02:03.500000Z",'
    + '"annotations":{"authorization.k8s.io/decision":"allow"}}');
});

test('eventLegacyLine: upstream EventString', () => {
  assert.equal(eventLegacyLine(event('id')), '2026-12-07T01:02:03.04Z AUDIT: id="id" stage="ResponseComplete" ip="127.0.0.1" method="list" user="alice" '
    + 'groups="\\"dev\\",\\"system:authenticated\\"" as="bob" asgroups="<lookup>" user-agent="kubectl" namespace="a" uri="/api/v1/namespaces/a/pods?limit=1" response="200"');
});

test('the log rotates past its size, keeps --audit-log-maxbackup backups and compresses them', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-audit-log-'));
  try {
    const path = join(dir, 'audit.log');
    const log = openAuditLog({ path, maxSizeMB: 1, maxBackups: 2, compress: true });
    const line = eventJson(event('x'.repeat(200))).length + 1;
    const perFile = Math.floor((1024 * 1024) / line);
    for (let i = 0; i < perFile * 4 + 10; i++) log.process(event(`${String(i).padStart(6, '0')}${'x'.repeat(194)}`));
    log.close();
    // Compression and pruning run after each rotation, in the background.
    let names: string[] = [];
    for (let i = 0; i < 100; i++) {
      names = (await readdir(dir)).sort();
      if (names.length === 3 && names.filter((n) => n.endsWith('.gz')).length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(names.length, 3, names.join(' '));
    assert.ok(names.includes('audit.log'));
    for (const name of names.filter((n) => n !== 'audit.log')) assert.match(name, /^audit-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}\.log\.gz$/);
    const newestBackup = gunzipSync(await readFile(join(dir, names.filter((n) => n.endsWith('.gz')).at(-1)!))).toString().trim().split('\n');
    assert.equal(newestBackup.length, perFile);
    const current = (await readFile(path, 'utf8')).trim().split('\n');
    assert.equal(current.length, 10);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('backupTimestamp: lumberjack backupTimeFormat in UTC', () => {
  assert.equal(backupTimestamp(new Date('2026-12-07T01:02:03.045Z')), '2026-12-07T01-02-03.045');
});

test('a write that fails (a full disk) is reported as false, never thrown; batch mode never throws either', () => {
  const blocking = openAuditLog({ path: '/dev/full', mode: 'blocking-strict' });
  assert.equal(blocking.strict, true);
  assert.equal(blocking.process(event('x')), false);
  blocking.close();
  const batch = openAuditLog({ path: '/dev/full', mode: 'batch' });
  assert.equal(batch.strict, false);
  assert.equal(batch.process(event('y')), true);
  assert.doesNotThrow(() => batch.close());
});
