// Authentication methods through kubectl (spec 2-access-control §Authentication): client certificates of a
// second CA (--client-ca-file) beside kplane's own, static tokens, an authenticating proxy (--requestheader-*),
// a token webhook; TokenReview shows who a token is; bad credentials of every kind are 401 and the server
// keeps serving; anonymous requests reach only the public-info paths.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import YAML from 'yaml';
import { buildAdminKubeconfig } from '../../src/server/kubeconfig.js';
import { generateCa, generateClientCertificate } from '../../src/server/pki/generate.js';
import { startAuthenticatingProxy, startTokenWebhook, type AuthenticatingProxy, type CertificateAndKey, type TokenWebhook } from './support/authn-servers.js';
import { KUBECTL, startCluster, type TestCluster } from './support/cluster.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient } from './support/raw-client.js';
import { execFile } from 'node:child_process';

const STATIC_TOKEN = 'static-token-0123456789';
const WEBHOOK_TOKEN = 'webhook-token-0123456789';

let dir: string;
let cluster: TestCluster;
let webhook: TokenWebhook;
let proxy: AuthenticatingProxy;
let kplaneCa: string;
let jane: CertificateAndKey;
let stranger: CertificateAndKey;
let proxyClient: CertificateAndKey;
let otherProxyClient: CertificateAndKey;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-authn-e2e-'));
  const now = new Date();
  const [clientCa, otherClientCa, proxyCa, strangerCa] = await Promise.all(
    ['users-ca', 'other-users-ca', 'front-proxy-ca', 'stranger-ca'].map((name) => generateCa(now, name)),
  ) as [CertificateAndKey, CertificateAndKey, CertificateAndKey, CertificateAndKey];
  [jane, stranger, proxyClient, otherProxyClient] = await Promise.all([
    generateClientCertificate(clientCa, { commonName: 'jane', organizations: ['dev', 'ops'] }, now),
    generateClientCertificate(strangerCa, { commonName: 'mallory' }, now),
    generateClientCertificate(proxyCa, { commonName: 'front-proxy' }, now),
    generateClientCertificate(proxyCa, { commonName: 'not-the-proxy' }, now),
  ]);
  webhook = await startTokenWebhook({ [WEBHOOK_TOKEN]: { username: 'wendy', uid: 'w-1', groups: ['hooked'] } });
  const file = (name: string, content: string): Promise<string> => writeFile(join(dir, name), content).then(() => join(dir, name));
  const [clientCaFile, tokenFile, proxyCaFile, , webhookCert, webhookKey] = await Promise.all([
    // Two CAs in one file: the second is the one that matters.
    file('client-ca.pem', `${otherClientCa.cert}${clientCa.cert}`),
    file('tokens.csv', `${STATIC_TOKEN},alice,alice-uid,"dev,ops"\n`),
    file('proxy-ca.pem', proxyCa.cert),
    file('webhook-ca.pem', webhook.ca),
    file('webhook-client.pem', webhook.client.cert),
    file('webhook-client-key.pem', webhook.client.key),
  ]);
  const webhookConfig = await file('webhook.kubeconfig', YAML.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'authn', cluster: { server: webhook.url, 'certificate-authority': 'webhook-ca.pem' } }],
    users: [{ name: 'apiserver', user: { 'client-certificate': webhookCert, 'client-key': webhookKey } }],
    contexts: [{ name: 'webhook', context: { cluster: 'authn', user: 'apiserver' } }],
    'current-context': 'webhook',
  }));
  cluster = await startCluster({
    clientCAFile: clientCaFile,
    tokenAuthFile: tokenFile,
    requestHeader: {
      clientCAFile: proxyCaFile,
      allowedNames: ['front-proxy'],
      usernameHeaders: ['X-Remote-User'],
      groupHeaders: ['X-Remote-Group'],
      extraHeaderPrefixes: ['X-Remote-Extra-'],
    },
    tokenWebhook: { configFile: webhookConfig, version: 'v1' },
  });
  const admin = YAML.parse(cluster.server.kubeconfig) as { clusters: { cluster: { 'certificate-authority-data': string } }[] };
  kplaneCa = Buffer.from(admin.clusters[0]!.cluster['certificate-authority-data'], 'base64').toString('utf8');
  proxy = await startAuthenticatingProxy(cluster.server.url, kplaneCa, proxyClient, { 'X-Remote-User': 'proxied', 'X-Remote-Group': ['proxy-group'] });
  // Under the default authorization (Node,RBAC) an authenticated user may read what `view` grants.
  await bindClusterRole(rawClient(cluster.server.kubeconfig), 'authenticated-view', 'view', [{ kind: 'Group', name: 'system:authenticated' }]);
});

after(async () => {
  await proxy?.close();
  await cluster?.stop();
  await webhook?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Writes a kubeconfig for `server` with the given user entry. */
async function kubeconfig(name: string, user: Record<string, string>, server = cluster.server.url): Promise<string> {
  const cluster = server.startsWith('https:') ? { server, 'certificate-authority-data': Buffer.from(kplaneCa).toString('base64') } : { server };
  const path = join(dir, `${name}.kubeconfig`);
  await writeFile(path, YAML.stringify({
    apiVersion: 'v1', kind: 'Config',
    clusters: [{ name, cluster }], users: [{ name, user }], contexts: [{ name, context: { cluster: name, user: name } }], 'current-context': name,
  }));
  return path;
}

const certificateUser = (c: CertificateAndKey): Record<string, string> => ({
  'client-certificate-data': Buffer.from(c.cert).toString('base64'),
  'client-key-data': Buffer.from(c.key).toString('base64'),
});

/** kubectl with another kubeconfig: exit code and output. */
function kubectlAs(config: string, args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(KUBECTL, ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
    // Without credentials kubectl would wait for a user name on a terminal.
    child.stdin?.end();
  });
}

/** The admin's TokenReview of `token`. */
/** The API audience when --api-audiences is not given: the default service-account issuer (kubeadm's). */
const API_AUDIENCE = 'https://kubernetes.default.svc.cluster.local';

async function review(token: string, audiences?: string[]): Promise<{ status: Record<string, unknown> }> {
  const body = JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, ...(audiences ? { audiences } : {}) } });
  const out = await cluster.kubectl(['create', '--raw', '/apis/authentication.k8s.io/v1/tokenreviews', '-f', '-'], { input: body });
  return JSON.parse(out) as { status: Record<string, unknown> };
}

describe('each method through kubectl', () => {
  const accepted: { name: string; user: () => Promise<string> }[] = [
    { name: 'a client certificate from the --client-ca-file CA', user: () => kubeconfig('jane', certificateUser(jane)) },
    { name: 'the admin certificate from kplane\'s own CA', user: async () => cluster.server.kubeconfigPath },
    { name: 'a static token', user: () => kubeconfig('alice', { token: STATIC_TOKEN }) },
    { name: 'a webhook token', user: () => kubeconfig('wendy', { token: WEBHOOK_TOKEN }) },
    { name: 'the authenticating proxy', user: () => kubeconfig('proxied', {}, proxy.url) },
  ];
  for (const { name, user } of accepted) {
    it(`${name} is served`, async () => {
      const result = await kubectlAs(await user(), ['get', 'namespace', 'default', '-o', 'name']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout.trim(), 'namespace/default');
    });
  }

  const refused: { name: string; user: () => Promise<string> }[] = [
    { name: 'a certificate from an unknown CA', user: () => kubeconfig('mallory', certificateUser(stranger)) },
    { name: 'an unknown token', user: () => kubeconfig('nobody', { token: 'not-a-token' }) },
    { name: 'the proxy\'s certificate used without the proxy', user: () => kubeconfig('proxy-direct', certificateUser(proxyClient)) },
  ];
  for (const { name, user } of refused) {
    it(`${name} is 401`, async () => {
      const result = await kubectlAs(await user(), ['get', 'namespace', 'default']);
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, /Unauthorized/);
      assert.equal((await cluster.kubectl(['get', 'namespace', 'default', '-o', 'name'])).trim(), 'namespace/default', 'the server keeps serving');
    });
  }
});

describe('raw requests', () => {
  it('answers a refused credential with upstream\'s Status body', async () => {
    const client = rawClient(cluster.server.kubeconfig);
    const response = await client.request('GET', '/api', { anonymous: true, headers: { authorization: 'Bearer not-a-token' } });
    assert.equal(response.status, 401);
    assert.deepEqual(response.json(), { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
  });

  it('lets anonymous requests reach what the default policy gives system:unauthenticated, and refuses an invalid token there too', async () => {
    const client = rawClient(cluster.server.kubeconfig);
    assert.equal((await client.request('GET', '/healthz', { anonymous: true })).status, 200);
    assert.equal((await client.request('GET', '/version', { anonymous: true })).status, 200);
    const api = await client.request('GET', '/api', { anonymous: true });
    assert.equal(api.status, 403);
    assert.equal((api.json() as { message: string }).message, 'forbidden: User "system:anonymous" cannot get path "/api"');
    assert.equal((await client.request('GET', '/healthz', { anonymous: true, headers: { authorization: 'Bearer not-a-token' } })).status, 401);
  });

  it('trusts proxy headers only from an allowed common name', async () => {
    const asOther = rawClient(buildAdminKubeconfig({ server: cluster.server.url, caCert: kplaneCa, clientCert: otherProxyClient.cert, clientKey: otherProxyClient.key }));
    assert.equal((await asOther.request('GET', '/api', { headers: { 'X-Remote-User': 'mallory' } })).status, 401);
    const asProxy = rawClient(buildAdminKubeconfig({ server: cluster.server.url, caCert: kplaneCa, clientCert: proxyClient.cert, clientKey: proxyClient.key }));
    assert.equal((await asProxy.request('GET', '/api', { headers: { 'X-Remote-User': 'someone' } })).status, 200);
    assert.equal((await asProxy.request('GET', '/api')).status, 401, 'the proxy certificate alone names nobody');
  });
});

describe('TokenReview', () => {
  it('names the static token\'s user with system:authenticated', async () => {
    const { status } = await review(STATIC_TOKEN);
    // --api-audiences defaults to the service-account issuer: an audience-agnostic token is valid for it.
    assert.deepEqual(status, { authenticated: true, user: { username: 'alice', uid: 'alice-uid', groups: ['dev', 'ops', 'system:authenticated'] }, audiences: [API_AUDIENCE] });
  });

  it('names the webhook token\'s user, the webhook having received a v1 review and the client certificate', async () => {
    const { status } = await review(WEBHOOK_TOKEN);
    assert.deepEqual(status, { authenticated: true, user: { username: 'wendy', uid: 'w-1', groups: ['hooked', 'system:authenticated'] }, audiences: [API_AUDIENCE] });
    const seen = webhook.received.filter((r) => r.token === WEBHOOK_TOKEN);
    assert.ok(seen.length >= 1);
    assert.deepEqual({ ...seen[0], token: undefined }, { apiVersion: 'authentication.k8s.io/v1', token: undefined, audiences: [API_AUDIENCE], clientCommonName: 'kube-apiserver-webhook-client' });
  });

  it('reports an unknown token as not authenticated, with upstream\'s error', async () => {
    const { status } = await review('not-a-token');
    assert.deepEqual(status, { user: {}, error: 'invalid bearer token' });
  });

  it('passes the requested audiences to the webhook', async () => {
    const { status } = await review(WEBHOOK_TOKEN, ['other-api']);
    assert.deepEqual(status, { user: {}, error: 'invalid bearer token' }, 'a static token and a webhook answering no audience are valid for the server only');
    assert.ok(webhook.received.some((r) => r.token === WEBHOOK_TOKEN && r.audiences?.[0] === 'other-api'));
  });

  it('is create only and needs a token', async () => {
    const client = rawClient(cluster.server.kubeconfig);
    const empty = await client.request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body: JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: {} }) });
    assert.equal(empty.status, 400);
    assert.match(empty.body, /token is required for TokenReview in authentication/);
    assert.equal((await client.request('GET', '/apis/authentication.k8s.io/v1/tokenreviews')).status, 405);
  });
});

describe('kube-system/extension-apiserver-authentication', () => {
  it('publishes the client and proxy authorities and header names, as kube-apiserver does', async () => {
    const out = await cluster.kubectl(['get', 'configmap', '-n', 'kube-system', 'extension-apiserver-authentication', '-o', 'json']);
    const { data } = JSON.parse(out) as { data: Record<string, string> };
    assert.deepEqual(Object.keys(data).sort(), ['client-ca-file', 'requestheader-allowed-names', 'requestheader-client-ca-file',
      'requestheader-extra-headers-prefix', 'requestheader-group-headers', 'requestheader-username-headers']);
    assert.equal((data['client-ca-file']!.match(/BEGIN CERTIFICATE/g) ?? []).length, 3, 'kplane\'s CA and both of --client-ca-file');
    assert.equal(data['requestheader-username-headers'], '["X-Remote-User"]');
    assert.equal(data['requestheader-allowed-names'], '["front-proxy"]');
  });
});

describe('--anonymous-auth=false', () => {
  let closed: TestCluster;
  before(async () => {
    closed = await startCluster({ anonymousAuth: false });
  });
  after(() => closed?.stop());

  it('refuses requests without credentials everywhere', async () => {
    const client = rawClient(closed.server.kubeconfig);
    assert.equal((await client.request('GET', '/healthz', { anonymous: true })).status, 401);
    assert.equal((await client.request('GET', '/healthz')).status, 200);
  });
});
