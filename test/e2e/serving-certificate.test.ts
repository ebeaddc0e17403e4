// --tls-cert-file and --tls-private-key-file: the secure port serves the given pair instead of the generated
// one, the admin kubeconfig trusts it (kubectl works), a rewritten pair is served to new connections without
// a restart (upstream's dynamic serving certificate), and a pair whose key does not match stops the start.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connect } from 'node:tls';
import { generateCa, generateServingCertificate } from '../../src/server/pki/generate.js';
import { startServer } from '../../src/index.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

const root = await mkdtemp(join(tmpdir(), 'kplane-serving-cert-'));
after(() => rm(root, { recursive: true, force: true }));

const NAMES = { dnsNames: ['localhost'], ipAddresses: ['127.0.0.1'] };
const fingerprintOf = (pem: string): string => new X509Certificate(pem).fingerprint256;

/** The fingerprint of the certificate the server presents, verified against `ca`. */
function presented(port: number, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, ca, ALPNProtocols: ['http/1.1'] }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.destroy();
    });
    socket.on('error', reject);
  });
}

describe('a serving certificate from files', () => {
  const certFile = join(root, 'serving.crt');
  const keyFile = join(root, 'serving.key');
  let ca: { cert: string; key: string };
  let c: TestCluster;
  before(async () => {
    ca = await generateCa(new Date(), 'operator-ca');
    const serving = await generateServingCertificate(ca, NAMES, new Date());
    // The chain after the certificate, as the flag's help says: clients told to trust it trust the CA too.
    await writeFile(certFile, `${serving.cert.trimEnd()}\n${ca.cert}`);
    await writeFile(keyFile, serving.key);
    c = await startCluster({ tlsCertFile: certFile, tlsPrivateKeyFile: keyFile });
  });
  after(() => c?.stop());

  test('is what the secure port presents, and the admin kubeconfig trusts it', async () => {
    const { readFile } = await import('node:fs/promises');
    assert.equal(await presented(c.server.port, ca.cert), fingerprintOf(await readFile(certFile, 'utf8')));
    assert.equal((await c.kubectl(['get', 'ns', 'default', '-o', 'name'])).trim(), 'namespace/default');
  });

  test('is served again when the files change', async () => {
    const next = await generateServingCertificate(ca, NAMES, new Date());
    await writeFile(keyFile, next.key);
    await writeFile(certFile, `${next.cert.trimEnd()}\n${ca.cert}`);
    await eventually(async () => ((await presented(c.server.port, ca.cert)) === fingerprintOf(next.cert) ? true : undefined), 'the new certificate');
    assert.equal((await c.kubectl(['get', 'ns', 'default', '-o', 'name'])).trim(), 'namespace/default');
  });

  test('whose key does not match stops the start', async () => {
    const other = await generateServingCertificate(ca, NAMES, new Date());
    const mismatched = join(root, 'other.key');
    await writeFile(mismatched, other.key);
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, tlsCertFile: certFile, tlsPrivateKeyFile: mismatched }), /key values mismatch/);
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, tlsCertFile: certFile }), /missing filename for serving cert/);
  });
});
