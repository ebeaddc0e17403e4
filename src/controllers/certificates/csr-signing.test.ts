// The csrsigning controller over the shared informers and a fake API server that lists a fixed set of
// CertificateSigningRequests, holds the watch open and records writes of the status subresource.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { ClientSet } from '../../client/client-set.js';
import type { Transport } from '../../client/transport.js';
import { SharedInformerFactory } from '../../client/shared-informer-factory.js';
import { generateCa } from '../../server/pki/generate.js';
import type { Controller } from '../controller.js';
import { until } from '../test-eventually.js';
import type { CertificateSigningRequest, CertificateSigningRequestCondition as Condition } from '../../apis/certificates/v1/schemas.generated.js';
import { csrSigningController, DEFAULT_SIGNING_DURATION_MS, signingDuration } from './csr-signing.js';

x509.cryptoProvider.set(webcrypto);

const csrs = { group: 'certificates.k8s.io', version: 'v1', resource: 'certificatesigningrequests', kind: 'CertificateSigningRequest', namespaced: false };
const COLLECTION = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
const NOW = new Date('2030-01-01T00:00:00Z');
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

async function requestB64(name: x509.JsonName, sans: x509.JsonGeneralName[] = []): Promise<string> {
  const keys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const extensions = sans.length > 0 ? [new x509.SubjectAlternativeNameExtension(sans)] : [];
  const pem = (await x509.Pkcs10CertificateRequestGenerator.create({ name, keys, signingAlgorithm: EC, extensions })).toString('pem');
  return Buffer.from(pem).toString('base64');
}

const approved: Condition = { type: 'Approved', status: 'True', reason: 'Test' };
const csr = (name: string, spec: CertificateSigningRequest['spec'], conditions: Condition[] = [approved], certificate?: string): CertificateSigningRequest =>
  ({ apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name, resourceVersion: '1' }, spec, status: { conditions, ...(certificate ? { certificate } : {}) } });

/** A server of `objects`: a list, a watch open until aborted, and PUTs of status recorded by name. */
function fakeServer(objects: readonly KubeObject[]) {
  const writes = new Map<string, CertificateSigningRequest[]>();
  const transport: Transport = {
    async request(method, path, options = {}) {
      if (method === 'GET' && path.split('?')[0] === COLLECTION) return { status: 200, body: JSON.stringify({ metadata: { resourceVersion: '1' }, items: objects }) };
      const name = new RegExp(`^${COLLECTION}/([^/]+)/status$`).exec(path)?.[1];
      if (method === 'PUT' && name) {
        const object = JSON.parse(options.body ?? '{}') as CertificateSigningRequest;
        writes.set(name, [...(writes.get(name) ?? []), object]);
        if (name === 'gone') return { status: 404, body: JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404, message: 'not found' }) };
        return { status: 200, body: JSON.stringify(object) };
      }
      return { status: 405, body: `${method} ${path}` };
    },
    async stream(_path, signal) {
      async function* body(): AsyncIterable<Buffer> {
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      }
      return { status: 200, body: body() };
    },
    close: () => undefined,
  };
  return { transport, writes };
}

describe('csrsigning controller', () => {
  const abort = new AbortController();
  let server: ReturnType<typeof fakeServer>;
  let controller: Controller;
  before(async () => {
    const servingRequest = await requestB64([{ O: ['system:nodes'] }, { CN: ['system:node:n1'] }], [{ type: 'dns', value: 'n1.example' }, { type: 'ip', value: '10.0.0.1' }]);
    const clientRequest = await requestB64([{ CN: ['alice'] }]);
    const serving = { request: servingRequest, signerName: 'kubernetes.io/kubelet-serving', usages: ['digital signature', 'key encipherment', 'server auth'] };
    const client = { request: clientRequest, signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'], expirationSeconds: 3600 };
    const kubeletRequest = await requestB64([{ O: ['system:nodes'] }, { CN: ['system:node:n1'] }]);
    const kubeletClient = { request: kubeletRequest, signerName: 'kubernetes.io/kube-apiserver-client-kubelet', usages: ['digital signature', 'client auth'] };
    server = fakeServer([
      csr('serving', serving),
      csr('client-short', client),
      csr('refused', { ...serving, usages: ['server auth', 'client auth'] }),
      csr('pending', serving, []),
      csr('denied', serving, [approved, { type: 'Denied', status: 'True' }]),
      csr('failed', serving, [approved, { type: 'Failed', status: 'True' }]),
      csr('approved-false', serving, [{ type: 'Approved', status: 'False' }]),
      csr('signed', serving, [approved], 'Y2VydA=='),
      csr('third-party', { ...serving, signerName: 'example.com/signer' }),
      csr('unparsable', { ...serving, request: Buffer.from('not a request').toString('base64') }),
      csr('gone', client),
      csr('no-signer-ca', kubeletClient),
    ]);
    const clients = new ClientSet(server.transport);
    const informers = new SharedInformerFactory((ref) => clients.resource(ref));
    // Two signers with CAs of their own; kube-apiserver-client-kubelet and legacy-unknown without one (not running).
    const authorities = new Map([
      ['kubernetes.io/kubelet-serving', await generateCa(new Date(NOW.getTime() - 1000), 'serving-ca')],
      ['kubernetes.io/kube-apiserver-client', await generateCa(new Date(NOW.getTime() - 1000), 'client-ca')],
    ]);
    controller = csrSigningController({ clients, informers }, { csrs, authorities, now: () => NOW });
    await controller.start();
    informers.start(abort.signal);
  });
  after(async () => {
    await controller.stop();
    abort.abort();
  });

  const written = (name: string) => until(async () => server.writes.get(name)?.[0], `a status write of ${name}`);

  test('an approved kubelet-serving request gets its certificate in status', async () => {
    const object = await written('serving');
    assert.equal(object.metadata.name, 'serving');
    assert.deepEqual(object.status?.conditions, [approved], 'conditions unchanged');
    const cert = new x509.X509Certificate(Buffer.from(object.status?.certificate ?? '', 'base64').toString());
    assert.equal(cert.subject, 'O=system:nodes, CN=system:node:n1');
    assert.equal(cert.issuer, 'CN=serving-ca', 'the kubelet-serving signer\'s CA');
    assert.deepEqual(cert.getExtension(x509.SubjectAlternativeNameExtension)?.names.toJSON(), [{ type: 'dns', value: 'n1.example' }, { type: 'ip', value: '10.0.0.1' }]);
    assert.deepEqual([...cert.getExtension(x509.ExtendedKeyUsageExtension)?.usages ?? []], [x509.ExtendedKeyUsage.serverAuth]);
    assert.equal(cert.notAfter.getTime(), NOW.getTime() + DEFAULT_SIGNING_DURATION_MS - 5 * 60_000, '--cluster-signing-duration less the backdate');
  });

  test('spec.expirationSeconds shortens the lifetime', async () => {
    const object = await written('client-short');
    const cert = new x509.X509Certificate(Buffer.from(object.status?.certificate ?? '', 'base64').toString());
    assert.equal(cert.subject, 'CN=alice');
    assert.equal(cert.issuer, 'CN=client-ca', 'the kube-apiserver-client signer\'s CA');
    assert.equal(cert.notAfter.getTime(), NOW.getTime() + 3600_000);
  });

  test('a request its signer refuses gets a Failed condition with upstream\'s message', async () => {
    const object = await written('refused');
    assert.equal(object.status?.certificate, undefined);
    assert.deepEqual(object.status?.conditions, [approved, {
      type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message: 'usages did not match [digital signature key encipherment server auth]', lastUpdateTime: '2030-01-01T00:00:00Z',
    }]);
  });

  test('a request deleted meanwhile is written once, not retried', async () => {
    await written('gone');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(server.writes.get('gone')?.length, 1);
  });

  test('pending, denied, failed, signed, third-party, unparsable requests and those of a signer without a CA are left alone', async () => {
    await Promise.all(['serving', 'client-short', 'refused', 'gone'].map(written));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the unparsable one is retried meanwhile, and still left
    assert.deepEqual([...server.writes.keys()].sort(), ['client-short', 'gone', 'refused', 'serving']);
    for (const name of ['serving', 'client-short', 'refused']) assert.equal(server.writes.get(name)?.length, 1, `${name} written once`);
    controller.check();
  });
});

const durationCases: { name: string; expirationSeconds: number | undefined; want: number }[] = [
  { name: 'unset: the signing duration', expirationSeconds: undefined, want: DEFAULT_SIGNING_DURATION_MS },
  { name: 'shorter: as requested', expirationSeconds: 3600, want: 3600_000 },
  { name: 'the API minimum, 10 minutes', expirationSeconds: 600, want: 600_000 },
  { name: 'below 10 minutes: raised to 10 minutes', expirationSeconds: 60, want: 600_000 },
  { name: 'longer: the signing duration', expirationSeconds: 2 * 365 * 24 * 3600, want: DEFAULT_SIGNING_DURATION_MS },
];

for (const c of durationCases) {
  test(`signingDuration: ${c.name}`, () => {
    assert.equal(signingDuration(DEFAULT_SIGNING_DURATION_MS, c.expirationSeconds), c.want);
  });
}
