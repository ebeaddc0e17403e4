// OpenID Connect (spec 2-access-control §Methods): kubectl with an id_token from a provider on loopback
// (its own CA, discovery and JWKS over TLS), in a kubeconfig and through an exec credential plugin; bad
// tokens of every kind get 401 and the server keeps serving.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient } from './support/raw-client.js';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.js';
import { writeTokenPlugin, writeUserKubeconfig } from './support/user-kubeconfig.js';

let dir: string;
let provider: TestOidcProvider;
let cluster: TestCluster;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-oidc-e2e-'));
  provider = await startOidcProvider(dir);
  cluster = await startCluster({
    oidc: { issuerURL: provider.issuer, clientID: 'kplane', caFile: provider.caFile, groupsClaim: 'groups', requiredClaims: { tenant: 'blue' } },
  });
  // The token's groups claim reaches authorization: group `dev` may do what `edit` grants.
  await bindClusterRole(rawClient(cluster.server.kubeconfig), 'oidc-dev', 'edit', [{ kind: 'Group', name: 'dev' }], { verb: 'create', resource: 'configmaps' });
});
after(async () => {
  await cluster?.stop();
  await provider?.stop();
  await rm(dir, { recursive: true, force: true });
});

const claims = { sub: 'alice', aud: 'kplane', groups: ['dev'], tenant: 'blue' };

async function asToken(name: string, token: string, args: string[]) {
  const kubeconfig = await writeUserKubeconfig(dir, name, cluster.server.kubeconfig, { token });
  return cluster.kubectlResult(['--kubeconfig', kubeconfig, ...args]);
}

test('an id_token in a kubeconfig authenticates kubectl', async () => {
  const token = await provider.sign(claims);
  // Discovery runs in the background from the start; until it is done the token gets 401.
  const result = await eventually(async () => {
    const r = await asToken('alice', token, ['get', 'namespace', 'default', '-o', 'name']);
    return r.code === 0 ? r : undefined;
  }, 'the OIDC authenticator to initialize');
  assert.equal(result.stdout.trim(), 'namespace/default');
  assert.ok(provider.requests.includes('/.well-known/openid-configuration'));
  assert.ok(provider.requests.includes('/keys'));
});

test('the exec credential plugin form of the same token', async () => {
  const plugin = await writeTokenPlugin(dir, 'oidc-plugin.sh', await provider.sign(claims));
  const kubeconfig = await writeUserKubeconfig(dir, 'exec', cluster.server.kubeconfig, {
    exec: { apiVersion: 'client.authentication.k8s.io/v1', command: plugin, interactiveMode: 'Never' },
  });
  const out = await cluster.kubectl(['--kubeconfig', kubeconfig, 'create', 'configmap', 'from-oidc', '--from-literal=a=b', '-o', 'name']);
  assert.equal(out.trim(), 'configmap/from-oidc');
});

test('a token signed with a rotated key is verified after the keys are fetched again', async () => {
  await provider.rotate();
  const r = await asToken('rotated', await provider.sign(claims), ['get', 'namespaces', '-o', 'name']);
  assert.equal(r.code, 0, r.stderr);
});

test('bad tokens get 401 and the server keeps serving', async () => {
  const now = Math.floor(Date.now() / 1000);
  const good = await provider.sign(claims);
  const bad: [string, string][] = [
    ['expired', await provider.sign({ ...claims, exp: now - 60 })],
    ['other-audience', await provider.sign({ ...claims, aud: 'someone-else' })],
    ['missing-required-claim', await provider.sign({ ...claims, tenant: 'red' })],
    ['forged-signature', `${good.slice(0, good.lastIndexOf('.'))}.${Buffer.from('forged').toString('base64url')}`],
    ['unknown-key', await provider.sign(claims, { kid: 'never-published' })],
    ['not-a-jwt', 'this-is-no-token'],
  ];
  for (const [name, token] of bad) {
    const r = await asToken(name, token, ['get', 'namespaces']);
    assert.notEqual(r.code, 0, name);
    assert.match(r.stderr, /Unauthorized/, name);
  }
  assert.match(await cluster.kubectl(['get', 'namespace', 'kube-system', '-o', 'name']), /namespace\/kube-system/);
});
