import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HttpRequest, HttpResponse } from '../../server/http-types.js';
import { listen, type Listener } from '../../server/listener.js';
import { ensureCertificates } from '../../server/pki/index.js';
import { generateCa, generateClientCertificate } from '../../server/pki/generate.js';
import type { AuthenticationResult } from './authenticator.js';
import { caPool } from './ca-pool.js';
import { requestHeaderAuthenticator, type RequestHeaderConfig } from './request-header.js';

const dir = await mkdtemp(join(tmpdir(), 'kplane-requestheader-'));
after(() => rm(dir, { recursive: true, force: true }));
const pki = await ensureCertificates(join(dir, 'pki'), { hosts: [] });
const now = new Date();
const proxyCa = await generateCa(now, 'front-proxy-ca');
const proxy = await generateClientCertificate(proxyCa, { commonName: 'front-proxy-client' }, now);
const otherProxy = await generateClientCertificate(proxyCa, { commonName: 'someone-else' }, now);

const baseConfig: RequestHeaderConfig = {
  roots: caPool(proxyCa.cert),
  allowedNames: [],
  usernameHeaders: ['X-Remote-User', 'X-Other-User'],
  groupHeaders: ['X-Remote-Group'],
  extraHeaderPrefixes: ['X-Remote-Extra-'],
};

/** A listener trusting both CAs, answering the authentication result and the headers left afterwards. */
async function echoServer(config: RequestHeaderConfig): Promise<Listener> {
  const authenticate = requestHeaderAuthenticator(config);
  const handler = (req: HttpRequest, res: HttpResponse): void => {
    const result = authenticate(req) as AuthenticationResult;
    const left = Object.keys(req.headers).filter((name) => name.startsWith('x-'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ result, left }));
  };
  return listen({ port: 0, host: '127.0.0.1', pki, clientCAs: [pki.caCert, proxyCa.cert], handler });
}

function get(url: string, headers: OutgoingHttpHeaders, client?: { cert: string; key: string }): Promise<{ result: unknown; left: string[] }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca: pki.caCert, agent: false, headers, ...client }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(JSON.parse(body) as { result: unknown; left: string[] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requestHeaderAuthenticator over real TLS', () => {
  let server: Listener;
  let restricted: Listener;
  before(async () => {
    server = await echoServer(baseConfig);
    restricted = await echoServer({ ...baseConfig, allowedNames: ['front-proxy-client'] });
  });
  after(async () => {
    await server.close({ graceMs: 0 });
    await restricted.close({ graceMs: 0 });
  });

  const proxyCert = { cert: proxy.cert, key: proxy.key };
  const cases: { name: string; headers: OutgoingHttpHeaders; client?: { cert: string; key: string }; restricted?: boolean; result: unknown; left?: string[] }[] = [
    {
      name: 'user, every group line and extras (lower-cased, percent-decoded), headers removed',
      headers: {
        'X-Remote-User': 'alice',
        'X-Remote-Group': ['dev', 'ops,qa'],
        'X-Remote-Extra-Scopes': ['read', 'write'],
        'X-Remote-Extra-Acme.com%2FProject': 'p1',
        'X-Unrelated': 'kept',
      },
      client: proxyCert,
      result: { kind: 'authenticated', user: { name: 'alice', groups: ['dev', 'ops,qa'], extra: { scopes: ['read', 'write'], 'acme.com/project': ['p1'] } } },
      left: ['x-unrelated'],
    },
    {
      name: 'the first username header with a value wins; header names are case-insensitive',
      headers: { 'x-remote-user': '', 'X-OTHER-USER': 'bob' },
      client: proxyCert,
      result: { kind: 'authenticated', user: { name: 'bob', groups: [] } },
      left: [],
    },
    { name: 'no user header is no credential', headers: { 'X-Remote-Group': 'dev' }, client: proxyCert, result: { kind: 'none' }, left: ['x-remote-group'] },
    { name: 'headers without a client certificate are ignored', headers: { 'X-Remote-User': 'mallory' }, result: { kind: 'none' }, left: ['x-remote-user'] },
    {
      name: 'a common name outside --requestheader-allowed-names is refused',
      headers: { 'X-Remote-User': 'mallory' },
      client: { cert: otherProxy.cert, key: otherProxy.key },
      restricted: true,
      result: { kind: 'rejected', reason: 'x509: subject with cn=someone-else is not in the allowed list' },
    },
    {
      name: 'an allowed common name is trusted',
      headers: { 'X-Remote-User': 'carol' },
      client: proxyCert,
      restricted: true,
      result: { kind: 'authenticated', user: { name: 'carol', groups: [] } },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const answer = await get((c.restricted ? restricted : server).url, c.headers, c.client);
      assert.deepEqual(answer.result, c.result);
      if (c.left) assert.deepEqual(answer.left.sort(), c.left);
    });
  }

  it('a client certificate of another authority (kplane\'s own) is refused', async () => {
    const answer = await get(server.url, { 'X-Remote-User': 'mallory' }, { cert: pki.adminCert, key: pki.adminKey });
    const result = answer.result as { kind: string; reason: string };
    assert.equal(result.kind, 'rejected');
    assert.match(result.reason, /^verifying certificate CN=kubernetes-admin,SN=\w+ failed: x509: certificate signed by unknown authority$/);
  });

  it('HTTP/2: every group header line is a group, and the headers are removed', async () => {
    const session = connect(server.url, { ca: pki.caCert, cert: proxy.cert, key: proxy.key });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({ ':path': '/', 'x-remote-user': 'dana', 'x-remote-group': ['a', 'b'] });
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (text += chunk));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
      assert.deepEqual(JSON.parse(body), { result: { kind: 'authenticated', user: { name: 'dana', groups: ['a', 'b'] } }, left: [] });
    } finally {
      session.close();
    }
  });
});
