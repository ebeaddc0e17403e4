// Bootstrap tokens (spec 2-access-control §Bootstrap token Secret): `--enable-bootstrap-token-auth` lets a
// token Secret of kube-system authenticate kubectl; with `--controllers=*,bootstrapsigner,tokencleaner` the
// signer keeps a detached JWS per signing token in kube-public's `cluster-info` (checked here with jose, not
// with kplane's signer) and the cleaner removes expired token Secrets.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenedVerify } from 'jose';
import YAML from 'yaml';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { writeUserKubeconfig } from './support/user-kubeconfig.js';

let dir: string;
let cluster: TestCluster;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-bootstrap-e2e-'));
  cluster = await startCluster({ enableBootstrapTokenAuth: true, controllers: ['*', 'bootstrapsigner', 'tokencleaner'] });
});
after(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

function tokenSecret(id: string, secret: string, data: Record<string, string>): string {
  return JSON.stringify({
    apiVersion: 'v1', kind: 'Secret', type: 'bootstrap.kubernetes.io/token',
    metadata: { name: `bootstrap-token-${id}`, namespace: 'kube-system' },
    stringData: { 'token-id': id, 'token-secret': secret, ...data },
  });
}

async function asToken(token: string, args: string[]) {
  const kubeconfig = await writeUserKubeconfig(dir, token.replace(/\W/g, '-'), cluster.server.kubeconfig, { token });
  return cluster.kubectlResult(['--kubeconfig', kubeconfig, ...args]);
}

interface ConfigMap { data?: Record<string, string> }
const clusterInfo = async (): Promise<ConfigMap> => JSON.parse(await cluster.kubectl(['get', 'configmap', 'cluster-info', '-n', 'kube-public', '-o', 'json'])) as ConfigMap;

test('a bootstrap token in a kubeconfig authenticates kubectl', async () => {
  await cluster.kubectl(['apply', '-f', '-'], {
    input: tokenSecret('abcdef', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', 'usage-bootstrap-signing': 'true', 'auth-extra-groups': 'system:bootstrappers:kplane:default-node-token' }),
  });
  // The default policy lets every authenticated user review its own access (system:basic-user).
  const r = await asToken('abcdef.0123456789abcdef', ['auth', 'can-i', 'create', 'selfsubjectaccessreviews.authorization.k8s.io']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'yes');
  const forbidden = await asToken('abcdef.0123456789abcdef', ['get', 'namespace', 'default']);
  assert.match(forbidden.stderr, /User "system:bootstrap:abcdef" cannot get resource "namespaces"/);
});

test('bad bootstrap tokens get 401 and the server keeps serving', async () => {
  const future = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
  await cluster.kubectl(['apply', '-f', '-'], { input: tokenSecret('noauth', '0123456789abcdef', { 'usage-bootstrap-signing': 'true', expiration: future }) });
  await cluster.kubectl(['apply', '-f', '-'], { input: tokenSecret('badgrp', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', 'auth-extra-groups': 'system:masters' }) });
  for (const token of ['abcdef.0123456789abcdee', 'zzzzzz.0123456789abcdef', 'noauth.0123456789abcdef', 'badgrp.0123456789abcdef']) {
    const r = await asToken(token, ['get', 'namespaces']);
    assert.notEqual(r.code, 0, token);
    assert.match(r.stderr, /Unauthorized/, token);
  }
  assert.match(await cluster.kubectl(['get', 'namespace', 'default', '-o', 'name']), /namespace\/default/);
});

test('cluster-info holds the kubeconfig and a detached JWS per signing token, which jose verifies', async () => {
  const cm = await eventually(async () => {
    const c = await clusterInfo();
    return c.data?.['jws-kubeconfig-abcdef'] && c.data['jws-kubeconfig-noauth'] ? c : undefined;
  }, 'the bootstrap signer to sign cluster-info');
  const kubeconfig = cm.data!['kubeconfig']!;
  const parsed = YAML.parse(kubeconfig) as { clusters: { name: string; cluster: { server: string; 'certificate-authority-data': string } }[] };
  const admin = YAML.parse(cluster.server.kubeconfig) as typeof parsed;
  assert.deepEqual(parsed.clusters, [{ name: '', cluster: admin.clusters[0]!.cluster }]);
  assert.equal(parsed.clusters[0]!.cluster.server, cluster.server.url);
  // Only tokens marked for signing sign: badgrp is not.
  assert.deepEqual(Object.keys(cm.data!).sort(), ['jws-kubeconfig-abcdef', 'jws-kubeconfig-noauth', 'kubeconfig']);

  const [header, payload, signature] = cm.data!['jws-kubeconfig-abcdef']!.split('.');
  assert.equal(payload, '');
  assert.deepEqual(JSON.parse(Buffer.from(header!, 'base64url').toString()), { alg: 'HS256', kid: 'abcdef' });
  // The verifier's side, as the spec describes it: the kubeconfig as base64url payload, the full token as
  // HS256 key (zero-padded to the 32 bytes jose asks of HS256 keys).
  const key = new Uint8Array(32);
  key.set(new TextEncoder().encode('abcdef.0123456789abcdef'));
  const verified = await flattenedVerify({ protected: header!, payload: Buffer.from(kubeconfig).toString('base64url'), signature: signature! }, key, { algorithms: ['HS256'] });
  assert.equal(new TextDecoder().decode(verified.payload), kubeconfig);
});

test('a token that stops signing loses its signature', async () => {
  await cluster.kubectl(['delete', 'secret', 'bootstrap-token-noauth', '-n', 'kube-system']);
  await eventually(async () => ((await clusterInfo()).data?.['jws-kubeconfig-noauth'] === undefined ? true : undefined), 'the signature of a deleted token to go');
  assert.ok((await clusterInfo()).data?.['jws-kubeconfig-abcdef']);
});

test('the token cleaner deletes an expired token Secret, and its token no longer authenticates', async () => {
  const soon = new Date(Date.now() + 1500).toISOString().replace(/\.\d+Z$/, 'Z');
  await cluster.kubectl(['apply', '-f', '-'], { input: tokenSecret('expire', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', expiration: soon }) });
  await cluster.kubectl(['apply', '-f', '-'], { input: tokenSecret('past00', '0123456789abcdef', { 'usage-bootstrap-authentication': 'true', expiration: '2020-01-01T00:00:00Z' }) });
  const gone = async (name: string) => {
    const r = await cluster.kubectlResult(['get', 'secret', name, '-n', 'kube-system']);
    return r.code !== 0 && /NotFound/.test(r.stderr) ? true : undefined;
  };
  await eventually(() => gone('bootstrap-token-past00'), 'the expired token Secret to be deleted');
  await eventually(() => gone('bootstrap-token-expire'), 'the token Secret to be deleted once it expired');
  const r = await asToken('expire.0123456789abcdef', ['get', 'namespaces']);
  assert.match(r.stderr, /Unauthorized/);
  // A token without expiration stays.
  assert.match(await cluster.kubectl(['get', 'secret', 'bootstrap-token-abcdef', '-n', 'kube-system', '-o', 'name']), /bootstrap-token-abcdef/);
});
