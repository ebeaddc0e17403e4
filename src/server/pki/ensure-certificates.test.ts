import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureCertificates } from './ensure-certificates.js';
import { pkiFileNames, type Pki } from './pki.js';

const run = promisify(execFile);
const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kplane-pki-'));
  dirs.push(dir);
  return join(dir, 'certs'); // not created yet: ensureCertificates must create it
}

const certOf = (pem: string): X509Certificate => new X509Certificate(pem);

describe('ensureCertificates', () => {
  it('generates a CA, a serving and an admin certificate with the expected contents', async () => {
    const dir = await freshDir();
    const pki = await ensureCertificates(dir, { hosts: ['10.1.2.3', 'api.example.com', '0.0.0.0'] });
    const ca = certOf(pki.caCert);
    assert.equal(ca.subject, 'CN=kplane-ca');
    assert.equal(ca.ca, true);
    assert.ok(Date.parse(ca.validTo) - Date.now() > 9 * 365 * 24 * 3600 * 1000, 'CA valid ~10 years');

    const serving = certOf(pki.servingCert);
    assert.ok(serving.verify(ca.publicKey) && serving.checkIssued(ca));
    assert.ok(serving.checkPrivateKey(await import('node:crypto').then((c) => c.createPrivateKey(pki.servingKey))));
    for (const host of ['localhost', 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc',
      'kubernetes.default.svc.cluster.local', 'api.example.com']) {
      assert.equal(serving.checkHost(host, { subject: 'never' }), host, `SAN ${host}`);
    }
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3']) assert.ok(serving.checkIP(ip), `SAN ${ip}`);
    assert.equal(serving.checkIP('0.0.0.0'), undefined, 'unspecified bind address is not a SAN');

    const admin = certOf(pki.adminCert);
    assert.ok(admin.verify(ca.publicKey));
    assert.match(admin.subject, /^O=system:masters\nCN=kubernetes-admin$/);
    assert.match(pki.adminKey, /^-----BEGIN PRIVATE KEY-----\n/);
  });

  it('writes PEM files, private keys with mode 0600', async () => {
    const dir = await freshDir();
    const pki = await ensureCertificates(dir, { hosts: [] });
    for (const [field, fileName] of Object.entries(pkiFileNames)) {
      const path = join(dir, fileName);
      assert.equal(await readFile(path, 'utf8'), pki[field as keyof typeof pkiFileNames]);
      const mode = (await stat(path)).mode & 0o777;
      if (fileName.endsWith('.key')) assert.equal(mode, 0o600, fileName);
    }
    assert.equal(pki.certDir, dir);
  });

  it('reuses existing files without rewriting them', async () => {
    const dir = await freshDir();
    const first = await ensureCertificates(dir, { hosts: ['10.0.0.1'] });
    const mtimes = await Promise.all(Object.values(pkiFileNames).map(async (f) => (await stat(join(dir, f))).mtimeMs));
    const second = await ensureCertificates(dir, { hosts: ['10.0.0.1'] });
    assert.deepEqual(second, first);
    const after = await Promise.all(Object.values(pkiFileNames).map(async (f) => (await stat(join(dir, f))).mtimeMs));
    assert.deepEqual(after, mtimes);
  });

  it('regenerates only the serving certificate when a host is missing, keeping earlier names', async () => {
    const dir = await freshDir();
    const first = await ensureCertificates(dir, { hosts: ['10.0.0.1'] });
    const second = await ensureCertificates(dir, { hosts: ['10.0.0.2', 'new.example.com'] });
    assert.equal(second.caCert, first.caCert);
    assert.equal(second.adminCert, first.adminCert);
    assert.notEqual(second.servingCert, first.servingCert);
    const serving = certOf(second.servingCert);
    assert.ok(serving.checkIP('10.0.0.1') && serving.checkIP('10.0.0.2'));
    assert.ok(serving.checkHost('new.example.com', { subject: 'never' }));
  });

  it('repairs a missing admin key and replaces everything when the CA is broken', async () => {
    const dir = await freshDir();
    const first = await ensureCertificates(dir, { hosts: [] });
    await rm(join(dir, 'admin.key'));
    const repaired = await ensureCertificates(dir, { hosts: [] });
    assert.equal(repaired.caCert, first.caCert);
    assert.equal(repaired.servingCert, first.servingCert);
    assert.notEqual(repaired.adminCert, first.adminCert);
    assert.ok(certOf(repaired.adminCert).verify(certOf(first.caCert).publicKey));

    await writeFile(join(dir, 'ca.crt'), 'garbage');
    const regenerated = await ensureCertificates(dir, { hosts: [] });
    assert.notEqual(regenerated.caCert, first.caCert);
    const ca = certOf(regenerated.caCert);
    assert.ok(certOf(regenerated.servingCert).verify(ca.publicKey));
    assert.ok(certOf(regenerated.adminCert).verify(ca.publicKey));
  });

  it('renews leaf certificates close to expiry, keeping the CA', async () => {
    const dir = await freshDir();
    const first = await ensureCertificates(dir, { hosts: [] });
    const later = new Date(Date.now() + 350 * 24 * 3600 * 1000);
    const renewed = await ensureCertificates(dir, { hosts: [], now: () => later });
    assert.equal(renewed.caCert, first.caCert);
    assert.notEqual(renewed.servingCert, first.servingCert);
    assert.notEqual(renewed.adminCert, first.adminCert);
  });

  it('gives concurrent callers in one process the same CA', async () => {
    const dir = await freshDir();
    const results = await Promise.all([1, 2, 3].map(() => ensureCertificates(dir, { hosts: [] })));
    assert.deepEqual(results[1], results[0]);
    assert.deepEqual(results[2], results[0]);
    assert.equal(await readFile(join(dir, 'ca.crt'), 'utf8'), results[0]?.caCert);
  });

  it('gives concurrent processes the same CA', async () => {
    const dir = await freshDir();
    const moduleUrl = new URL('./ensure-certificates.js', import.meta.url).href;
    const script = `const m = await import(${JSON.stringify(moduleUrl)});
      const pki = await m.ensureCertificates(${JSON.stringify(dir)}, { hosts: [] });
      process.stdout.write(pki.caCert + pki.servingCert + pki.adminCert);`;
    const outputs = await Promise.all(
      [1, 2].map(() => run(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('.', import.meta.url)) })),
    );
    assert.equal(outputs[0]?.stdout, outputs[1]?.stdout);
    const onDisk: Pki = await ensureCertificates(dir, { hosts: [] });
    assert.equal(outputs[0]?.stdout, onDisk.caCert + onDisk.servingCert + onDisk.adminCert);
  });

  it('breaks a lock left by a process that is gone', async () => {
    const dir = await freshDir();
    const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await ensureCertificates(dir, { hosts: [] }); // creates the directory
    await rm(join(dir, 'ca.crt'));
    await writeFile(join(dir, '.pki.lock'), `${stdout}\n`);
    const pki = await ensureCertificates(dir, { hosts: [] });
    assert.equal(certOf(pki.caCert).subject, 'CN=kplane-ca');
    await assert.rejects(stat(join(dir, '.pki.lock')), /ENOENT/);
  });
});
