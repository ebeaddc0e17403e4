// kube-controller-manager's --cluster-signing-* flags: with the general pair, csrsigning signs with the named CA,
// for at most --cluster-signing-duration; with per-signer pairs, each signer with its own CA; the general and
// per-signer flags together are refused at start with upstream's message; an unreadable file stops the start.
import 'reflect-metadata';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as x509 from '@peculiar/x509';
import { generateCa } from '../../src/server/pki/generate.js';
import { startServer } from '../../src/server/start-server.js';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';

x509.cryptoProvider.set(webcrypto);
const CLI = fileURLToPath(new URL('../../kplane-cli.js', import.meta.url));
const TWO_HOURS_MS = 2 * 3_600_000;
const MIXED = 'cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time';
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
let dir = '';
const file = (name: string): string => join(dir, name);

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-signing-'));
  for (const name of ['other-signer', 'client-signer', 'serving-signer']) {
    const ca = await generateCa(new Date(), name);
    await writeFile(file(`${name}.crt`), ca.cert);
    await writeFile(file(`${name}.key`), ca.key);
  }
});

after(() => rm(dir, { recursive: true, force: true }));

/** Creates, approves and waits for the certificate of a CSR; returns the issued certificate. */
async function signed(cluster: TestCluster, name: string, spec: { subject: string; signerName: string; usages: string[]; dnsNames?: string[] }): Promise<x509.X509Certificate> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const extensions = spec.dnsNames ? [new x509.SubjectAlternativeNameExtension(spec.dnsNames.map((value) => ({ type: 'dns' as const, value })))] : [];
  const request = await x509.Pkcs10CertificateRequestGenerator.create({ name: spec.subject, keys, signingAlgorithm: EC, extensions });
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify({
    apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name },
    spec: { request: Buffer.from(request.toString('pem')).toString('base64'), signerName: spec.signerName, usages: spec.usages },
  }) });
  await cluster.kubectl(['certificate', 'approve', name]);
  const issued = await eventually(async () => (JSON.parse(await cluster.kubectl(['get', 'csr', name, '-o', 'json'])) as { status: { certificate?: string } }).status.certificate, `the certificate of ${name}`);
  return new x509.X509Certificate(Buffer.from(issued, 'base64').toString());
}

describe('--cluster-signing-cert-file/-key-file and --cluster-signing-duration', () => {
  let cluster: TestCluster | undefined;
  before(async () => {
    cluster = await startCluster({ clusterSigning: { certFile: file('other-signer.crt'), keyFile: file('other-signer.key'), durationMs: TWO_HOURS_MS } });
  });
  after(() => cluster?.stop());

  test('csrsigning signs with the CA of --cluster-signing-cert-file/-key-file, for at most --cluster-signing-duration', async () => {
    const certificate = await signed(cluster!, 'dana', { subject: 'CN=dana', signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] });
    assert.equal(certificate.issuer, 'CN=other-signer');
    // Backdated by up to five minutes, as upstream; never longer than the flag's duration after that.
    const lifetime = certificate.notAfter.getTime() - certificate.notBefore.getTime();
    assert.ok(lifetime <= TWO_HOURS_MS + 5 * 60_000 && lifetime > TWO_HOURS_MS - 60_000, `lifetime ${lifetime} ms`);
  });
});

describe('--cluster-signing-kube-apiserver-client-* and --cluster-signing-kubelet-serving-*', () => {
  let cluster: TestCluster | undefined;
  before(async () => {
    cluster = await startCluster({ clusterSigning: {
      kubeAPIServerClient: { certFile: file('client-signer.crt'), keyFile: file('client-signer.key') },
      kubeletServing: { certFile: file('serving-signer.crt'), keyFile: file('serving-signer.key') },
    } });
  });
  after(() => cluster?.stop());

  test('a kubernetes.io/kube-apiserver-client request is signed by the CA of its own flags', async () => {
    const certificate = await signed(cluster!, 'erin', { subject: 'CN=erin', signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] });
    assert.equal(certificate.issuer, 'CN=client-signer');
    assert.equal(certificate.subject, 'CN=erin');
  });

  test('a kubernetes.io/kubelet-serving request is signed by the CA of its own flags', async () => {
    const certificate = await signed(cluster!, 'node-1-serving', {
      subject: 'CN=system:node:node-1, O=system:nodes', signerName: 'kubernetes.io/kubelet-serving', usages: ['digital signature', 'server auth'], dnsNames: ['node-1.example'],
    });
    assert.equal(certificate.issuer, 'CN=serving-signer');
    assert.equal(certificate.subject, 'O=system:nodes, CN=system:node:node-1', 'the subject in Go\'s order');
  });
});

/** Runs `kplane serve` with `args` until it exits (or is killed at the deadline); its exit code and output. */
async function serve(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kplane-signing-serve-'));
  const child = spawn(process.execPath, [CLI, 'serve', '--data-dir', dataDir, '--storage=memory', '--secure-port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that starts anyway is stopped, so the test fails instead of hanging.
  const deadline = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, stdout, stderr };
  } finally {
    clearTimeout(deadline);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

// The startServer cases name a data directory: a start refused this early creates nothing in it.
describe('refused at start', () => {
  test('kplane serve with --cluster-signing-{cert,key}-file beside a per-signer pair: exit 1 with upstream\'s message', async () => {
    const { code, stdout, stderr } = await serve([
      `--cluster-signing-cert-file=${file('other-signer.crt')}`, `--cluster-signing-key-file=${file('other-signer.key')}`,
      `--cluster-signing-kube-apiserver-client-cert-file=${file('client-signer.crt')}`, `--cluster-signing-kube-apiserver-client-key-file=${file('client-signer.key')}`,
    ]);
    assert.equal(stderr, `Error: ${MIXED}\n`);
    assert.equal(code, 1);
    assert.equal(stdout, '');
  });

  test('kplane serve with half a per-signer pair: exit 1 with upstream\'s message', async () => {
    const { code, stderr } = await serve([`--cluster-signing-kubelet-serving-cert-file=${file('serving-signer.crt')}`]);
    assert.equal(stderr, 'Error: "cluster-signing-kubelet-serving": cannot specify cert without key\n');
    assert.equal(code, 1);
  });

  test('startServer with the general pair beside a per-signer file', async () => {
    await assert.rejects(
      startServer({ storage: 'memory', securePort: 0, dataDir: file('not-started'), clusterSigning: { certFile: file('other-signer.crt'), keyFile: file('other-signer.key'), legacyUnknown: { certFile: file('client-signer.crt'), keyFile: file('client-signer.key') } } }),
      { message: MIXED },
    );
  });

  test('an unreadable --cluster-signing-key-file stops the start', async () => {
    await assert.rejects(
      startServer({ storage: 'memory', securePort: 0, dataDir: file('not-started'), clusterSigning: { certFile: file('other-signer.crt'), keyFile: file('missing.key') } }),
      /^Error: failed to start kubernetes\.io\/kubelet-serving certificate controller: error reading CA key file ".*missing\.key": ENOENT/,
    );
  });
});
