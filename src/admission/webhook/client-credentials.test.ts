// The webhook client with a kubeconfig's credentials, against an HTTPS webhook on 127.0.0.1 that requires a
// client certificate of its own CA: a URL's host and a service's name pick the user (a service also through
// the port-less name), the certificate is presented and the token sent; a call without a certificate, or with
// one the webhook does not trust, fails as Go's client reports the webhook's TLS alert; a user that cannot be
// used fails as upstream's "could not get REST client".
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { MutatingWebhook } from '../../apis/admissionregistration/v1/schemas.generated.js';
import { generateCa, generateClientCertificate, generateServingCertificate } from '../../server/pki/generate.js';
import { servingNamesOf } from '../../server/pki/serving-names.js';
import { kubeconfigResolver } from './authentication.js';
import { callWebhook, CallError, type ServiceResolverDeps } from './client.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const review = { uid: 'u', version: 'v1' as const, body: '{}' };

let server: Server;
let port: number;
let caBundle: string;
let client: { cert: string; key: string };
let stranger: { cert: string; key: string };
const seen: { commonName?: string; authorization?: string }[] = [];

before(async () => {
  const now = new Date();
  const [servingCa, clientCa, otherCa] = await Promise.all([generateCa(now, 'serving-ca'), generateCa(now, 'client-ca'), generateCa(now, 'other-ca')]);
  const serving = await generateServingCertificate(servingCa, servingNamesOf(['127.0.0.1', 'webhook.default.svc']), now);
  [client, stranger] = await Promise.all([generateClientCertificate(clientCa, { commonName: 'apiserver' }, now), generateClientCertificate(otherCa, { commonName: 'stranger' }, now)]);
  caBundle = b64(servingCa.cert);
  server = createServer({ ...serving, ca: clientCa.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    seen.push({ ...(peer.subject?.CN ? { commonName: String(peer.subject.CN) } : {}), ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    req.resume();
    req.on('end', () => res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'u', allowed: true } })));
  });
  port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
});
after(() => {
  server.closeAllConnections();
  server.close();
});

/** A service `webhook` in `default` whose Endpoints are the test's server. */
const cluster: ServiceResolverDeps = {
  getService: async () => ({ metadata: { name: 'webhook' }, spec: { ports: [{ name: 'https', port: 443 }] } }) as KubeObject,
  getEndpoints: async () => ({ metadata: { name: 'webhook' }, subsets: [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port }] }] }) as KubeObject,
};

const byUrl = (): MutatingWebhook => ({ name: 'url.example.com', clientConfig: { url: `https://127.0.0.1:${port}/review`, caBundle } }) as MutatingWebhook;
const byService = (): MutatingWebhook => ({ name: 'service.example.com', clientConfig: { service: { namespace: 'default', name: 'webhook', path: '/review' }, caBundle } }) as MutatingWebhook;

function deps(users: Record<string, Record<string, unknown>>): ServiceResolverDeps {
  return { ...cluster, credentials: kubeconfigResolver({ directory: '/nonexistent', users: new Map(Object.entries(users)) }) };
}

const pair = (p: { cert: string; key: string }) => ({ 'client-certificate-data': b64(p.cert), 'client-key-data': b64(p.key) });

test('a URL webhook is called with the certificate of the user named by its host and port', async () => {
  seen.length = 0;
  const answer = await callWebhook(byUrl(), review, true, deps({ [`127.0.0.1:${port}`]: pair(client), '*': { token: 'not-this-one' } }));
  assert.deepEqual(answer['response'], { uid: 'u', allowed: true });
  assert.deepEqual(seen, [{ commonName: 'apiserver' }]);
});

test('a service webhook is called as the user of its port-less name (port 443), with certificate and token', async () => {
  seen.length = 0;
  await callWebhook(byService(), review, true, deps({ 'webhook.default.svc': { ...pair(client), token: 'svc-token' } }));
  assert.deepEqual(seen, [{ commonName: 'apiserver', authorization: 'Bearer svc-token' }]);
});

/**
 * Asserts that the call failed on the webhook's TLS alert. TLS 1.3 checks the client's certificate after the
 * client finished its handshake: the alert comes after the request is written, or, rarely, the connection is
 * closed or reset before it is read (as Go's client would then report it).
 */
async function assertRefusedByAlert(call: Promise<unknown>, webhook: string, url: string, alert: string): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof CallError);
    const prefix = `failed calling webhook "${webhook}": failed to call webhook: Post "${url}": `;
    assert.ok(error.message.startsWith(prefix), error.message);
    const reason = error.message.slice(prefix.length);
    assert.ok(reason === `remote error: tls: ${alert}` || reason === 'EOF' || reason.endsWith('read: connection reset by peer'), error.message);
    return true;
  });
}

test('without a certificate, or with one of another CA, the webhook\'s TLS alert fails the call', async () => {
  const url = `https://webhook.default.svc:443/review?timeout=10s`;
  await assertRefusedByAlert(callWebhook(byService(), review, true, deps({ 'other.default.svc': pair(client) })), 'service.example.com', url, 'certificate required');
  await assertRefusedByAlert(callWebhook(byService(), review, true, deps({ '*.svc': pair(stranger) })), 'service.example.com', url, 'unknown certificate authority');
});

test('a user that cannot be used fails the call before it is made: could not get REST client', async () => {
  const cases: { user: Record<string, unknown>; reason: string }[] = [
    { user: { 'client-certificate': '/nonexistent/client.crt', 'client-key': '/nonexistent/client.key' }, reason: 'open /nonexistent/client.crt: no such file or directory' },
    { user: { 'client-certificate-data': b64(client.cert), 'client-key-data': b64(stranger.key) }, reason: 'tls: private key does not match public key' },
    { user: { 'client-certificate-data': b64('not PEM'), 'client-key-data': b64(client.key) }, reason: 'tls: failed to find any PEM data in certificate input' },
    { user: { token: 't', username: 'u', password: 'p' }, reason: 'username/password or bearer token may be set, but not both' },
    { user: { 'auth-provider': { name: 'oidc' } }, reason: 'auth provider not supported' },
  ];
  for (const c of cases) {
    await assert.rejects(callWebhook(byUrl(), review, true, deps({ '*': c.user })), (error: unknown) => {
      assert.ok(error instanceof CallError, c.reason);
      assert.equal(error.message, `failed calling webhook "url.example.com": could not get REST client: ${c.reason}`);
      assert.deepEqual([error.status.code, error.status.message], [400, 'error getting REST client']);
      return true;
    });
  }
});
