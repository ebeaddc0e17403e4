// kube-controller-manager's --cluster-signing-cert-file, --cluster-signing-key-file and --cluster-signing-duration:
// the csrsigning controller signs with the named CA, for at most the given duration; an unreadable file stops the start.
import 'reflect-metadata';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { generateCa } from '../../src/server/pki/generate.js';
import { startServer } from '../../src/server/start-server.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

x509.cryptoProvider.set(webcrypto);
const TWO_HOURS_MS = 2 * 3_600_000;
let dir = '';
let cluster: TestCluster | undefined;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-signing-'));
  const ca = await generateCa(new Date(), 'other-signer');
  await writeFile(join(dir, 'ca.crt'), ca.cert);
  await writeFile(join(dir, 'ca.key'), ca.key);
  cluster = await startCluster({ clusterSigning: { certFile: join(dir, 'ca.crt'), keyFile: join(dir, 'ca.key'), durationMs: TWO_HOURS_MS } });
});

after(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

test('csrsigning signs with the CA of --cluster-signing-cert-file/-key-file, for at most --cluster-signing-duration', async () => {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const request = await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=dana', keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
  await cluster!.kubectl(['create', '-f', '-'], { input: JSON.stringify({
    apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'dana' },
    spec: { request: Buffer.from(request.toString('pem')).toString('base64'), signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] },
  }) });
  await cluster!.kubectl(['certificate', 'approve', 'dana']);
  const issued = await eventually(async () => (JSON.parse(await cluster!.kubectl(['get', 'csr', 'dana', '-o', 'json'])) as { status: { certificate?: string } }).status.certificate, 'the certificate');
  const certificate = new x509.X509Certificate(Buffer.from(issued, 'base64').toString());
  assert.equal(certificate.issuer, 'CN=other-signer');
  // Backdated by up to five minutes, as upstream; never longer than the flag's duration after that.
  const lifetime = certificate.notAfter.getTime() - certificate.notBefore.getTime();
  assert.ok(lifetime <= TWO_HOURS_MS + 5 * 60_000 && lifetime > TWO_HOURS_MS - 60_000, `lifetime ${lifetime} ms`);
});

test('an unreadable --cluster-signing-key-file stops the start', async () => {
  await assert.rejects(
    startServer({ storage: 'memory', securePort: 0, clusterSigning: { certFile: join(dir, 'ca.crt'), keyFile: join(dir, 'missing.key') } }),
    /error reading CA key file ".*missing\.key": ENOENT/,
  );
});
