import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PeerCertificate } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { HttpRequest, HttpResponse } from '../../server/http-types.js';
import { listen, type Listener } from '../../server/listener.js';
import { ensureCertificates } from '../../server/pki/index.js';
import { buildAdminKubeconfig, writeKubeconfig } from '../../server/kubeconfig.js';
import { generateCa, generateClientCertificate } from '../../server/pki/generate.js';
import { caPool } from './ca-pool.js';
import { userOfCertificate, x509Authenticator } from './x509.js';

const dir = await mkdtemp(join(tmpdir(), 'kplane-x509-'));
const pki = await ensureCertificates(join(dir, 'a'), { hosts: [] });
const foreign = await ensureCertificates(join(dir, 'b'), { hosts: [] }); // a different CA
const authenticate = x509Authenticator();
const run = promisify(execFile);
after(() => rm(dir, { recursive: true, force: true }));

/** Echoes the authentication result of each request as JSON. */
function echo(req: HttpRequest, res: HttpResponse): void {
  void Promise.resolve(authenticate(req)).then((result) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(result));
  });
}

function getHttp1(url: string, client?: { cert: string; key: string }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca: pki.caCert, agent: false, ...client }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

function getHttp2(url: string, client?: { cert: string; key: string }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const session = connect(url, { ca: pki.caCert, ...client });
    session.on('error', reject);
    const stream = session.request({ ':path': '/' });
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => {
      session.close();
      resolve(JSON.parse(body));
    });
    stream.on('error', reject);
  });
}

describe('x509Authenticator over real TLS', () => {
  let listener: Listener;
  before(async () => {
    listener = await listen({ port: 0, host: '127.0.0.1', pki, handler: echo });
  });
  after(async () => {
    await listener.close({ graceMs: 0 });
  });

  const admin = { kind: 'authenticated', user: { name: 'kubernetes-admin', groups: ['system:masters'] } };
  for (const [protocol, get] of [['HTTP/1.1', getHttp1], ['HTTP/2', getHttp2]] as const) {
    it(`${protocol}: a certificate from the CA names CN and O`, async () => {
      assert.deepEqual(await get(listener.url, { cert: pki.adminCert, key: pki.adminKey }), admin);
    });

    it(`${protocol}: no certificate is no credential`, async () => {
      assert.deepEqual(await get(listener.url), { kind: 'none' });
    });

    it(`${protocol}: a certificate from another CA is rejected`, async () => {
      const result = await get(listener.url, { cert: foreign.adminCert, key: foreign.adminKey });
      assert.ok(typeof result === 'object' && result !== null && 'kind' in result && 'reason' in result);
      assert.equal(result.kind, 'rejected');
      assert.match(String(result.reason), /^verifying certificate CN=kubernetes-admin,SN=\w+ failed: .+/);
    });
  }
});

describe('x509Authenticator per connection', () => {
  it('answers every request of an HTTP/2 connection alike, and each connection for itself', async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler: echo });
    const session = connect(server.url, { ca: pki.caCert, cert: pki.adminCert, key: pki.adminKey });
    try {
      const bodies = await Promise.all([1, 2, 3].map(() => new Promise<string>((resolve, reject) => {
        const stream = session.request({ ':path': '/' });
        let body = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => resolve(body));
        stream.on('error', reject);
      })));
      assert.equal(new Set(bodies).size, 1);
      assert.deepEqual(JSON.parse(bodies[0] ?? ''), { kind: 'authenticated', user: { name: 'kubernetes-admin', groups: ['system:masters'] } });
      assert.deepEqual(await getHttp2(server.url), { kind: 'none' });
    } finally {
      session.close();
      await server.close({ graceMs: 0 });
    }
  });
});

describe('x509Authenticator with kubectl', () => {
  it('authenticates kubectl using the admin kubeconfig (Go TLS, HTTP/2, P-256 certificates)', async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler: echo });
    const kubeconfig = join(dir, 'kubectl.kubeconfig');
    try {
      await writeKubeconfig(kubeconfig, buildAdminKubeconfig({
        server: server.url, caCert: pki.caCert, clientCert: pki.adminCert, clientKey: pki.adminKey,
      }));
      const { stdout } = await run('/usr/bin/kubectl', ['--kubeconfig', kubeconfig, 'get', '--raw', '/whoami']);
      assert.deepEqual(JSON.parse(stdout), { kind: 'authenticated', user: { name: 'kubernetes-admin', groups: ['system:masters'] } });
    } finally {
      await server.close({ graceMs: 0 });
    }
  });
});

describe('x509Authenticator without TLS', () => {
  it('finds no credentials on a plain socket or none', () => {
    assert.deepEqual(authenticate({ headers: {}, socket: new Socket() }), { kind: 'none' });
    assert.deepEqual(authenticate({ headers: {}, socket: undefined }), { kind: 'none' });
  });
});

describe('userOfCertificate', () => {
  const cert = (subject: Record<string, string | string[]>): PeerCertificate => ({ subject }) as unknown as PeerCertificate;
  const cases: { subject: Record<string, string | string[]>; user: unknown }[] = [
    { subject: { CN: 'jane' }, user: { name: 'jane', groups: [] } },
    { subject: { CN: 'jane', O: 'dev' }, user: { name: 'jane', groups: ['dev'] } },
    { subject: { CN: 'jane', O: ['dev', 'ops'] }, user: { name: 'jane', groups: ['dev', 'ops'] } },
    { subject: { CN: ['first', 'last'] }, user: { name: 'last', groups: [] } },
    { subject: { O: 'dev' }, user: undefined },
    { subject: { CN: '' }, user: undefined },
  ];
  for (const { subject, user } of cases) {
    it(JSON.stringify(subject), () => assert.deepEqual(userOfCertificate(cert(subject)), user));
  }
});

describe('x509Authenticator with --client-ca-file authorities', () => {
  it('accepts the roots\' certificates, refuses those of other authorities the listener trusts', async () => {
    const now = new Date();
    const [clientCa, proxyCa] = await Promise.all([generateCa(now, 'client-ca'), generateCa(now, 'proxy-ca')]);
    const [jane, proxyClient] = await Promise.all([
      generateClientCertificate(clientCa, { commonName: 'jane', organizations: ['dev', 'ops'] }, now),
      generateClientCertificate(proxyCa, { commonName: 'front-proxy' }, now),
    ]);
    const roots = x509Authenticator(caPool(pki.caCert, clientCa.cert));
    const handler = (req: HttpRequest, res: HttpResponse): void => void res.end(JSON.stringify(roots(req)));
    const server = await listen({ port: 0, host: '127.0.0.1', pki, clientCAs: [caPool(pki.caCert, clientCa.cert).pem, proxyCa.cert], handler });
    try {
      const cases: [{ cert: string; key: string }, unknown][] = [
        [{ cert: jane.cert, key: jane.key }, { kind: 'authenticated', user: { name: 'jane', groups: ['dev', 'ops'] } }],
        [{ cert: pki.adminCert, key: pki.adminKey }, { kind: 'authenticated', user: { name: 'kubernetes-admin', groups: ['system:masters'] } }],
      ];
      for (const [client, expected] of cases) assert.deepEqual(await getHttp1(server.url, client), expected);
      const refused = await getHttp1(server.url, { cert: proxyClient.cert, key: proxyClient.key });
      assert.match(JSON.stringify(refused), /"kind":"rejected".*certificate signed by unknown authority/);
    } finally {
      await server.close({ graceMs: 0 });
    }
  });
});
