// Service accounts end to end (2-access-control: service account automation and tokens): the controllers'
// `default` account and `kube-root-ca.crt` in a new namespace, tokens from `kubectl create token` used by
// kubectl (and revoked with the pod or secret they are bound to), a legacy token secret populated, working
// and deleted with its account, the ServiceAccount admission plugin on a pod made by @kubernetes/client-node,
// the issuer discovery documents, and bad tokens answered 401 while the server keeps serving.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, createPrivateKey } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { CompactSign } from 'jose';
import { stringify } from 'yaml';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { bindClusterRole } from './support/rbac.js';
import { rawClient } from './support/raw-client.js';

const ISSUER = 'https://kubernetes.default.svc.cluster.local';

describe('service accounts through kubectl', () => {
  let c: TestCluster;
  let caCert: string;
  before(async () => {
    c = await startCluster({ apiAudiences: [ISSUER, 'x'] });
    caCert = await readFile(join(c.server.certDir, 'ca.crt'), 'utf8');
    // The accounts of `default` may read what `view` grants (the tests read a namespace with their tokens).
    await bindClusterRole(rawClient(c.server.kubeconfig), 'default-accounts-view', 'view', [{ kind: 'Group', name: 'system:serviceaccounts:default' }]);
  });
  after(() => c.stop());

  /** Runs kubectl with a kubeconfig whose user is only `token`. */
  const asToken = async (token: string, args: readonly string[]) => {
    const path = join(c.server.dataDir, `token-${Math.random().toString(36).slice(2)}.kubeconfig`);
    await writeFile(path, stringify({
      apiVersion: 'v1', kind: 'Config', 'current-context': 't',
      clusters: [{ name: 't', cluster: { server: c.server.url, 'certificate-authority-data': Buffer.from(caCert).toString('base64') } }],
      users: [{ name: 't', user: { token } }],
      contexts: [{ name: 't', context: { cluster: 't', user: 't' } }],
    }));
    return c.kubectlResult(['--kubeconfig', path, ...args]);
  };
  const works = async (token: string) => assert.equal((await asToken(token, ['get', 'ns', 'default', '-o', 'name'])).stdout.trim(), 'namespace/default');
  const refused = async (token: string) => {
    const result = await asToken(token, ['get', 'ns', 'default']);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /Unauthorized|must be logged in/);
  };
  const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

  test('a new namespace gets the default account and the root CA ConfigMap', async () => {
    await c.kubectl(['create', 'ns', 'fresh']);
    await eventually(async () => ((await c.kubectlResult(['get', 'sa', 'default', '-n', 'fresh'])).code === 0 ? true : undefined), 'default sa');
    const cm = await eventually(async () => {
      const r = await c.kubectlResult(['get', 'cm', 'kube-root-ca.crt', '-n', 'fresh', '-o', 'json', '--show-managed-fields']);
      return r.code === 0 ? (JSON.parse(r.stdout) as { data: Record<string, string>; metadata: { managedFields?: { manager: string; operation: string }[] } }) : undefined;
    }, 'kube-root-ca.crt');
    assert.equal(cm.data['ca.crt'], caCert);
    // Written by the root-ca-cert-publisher, whose client names kube-controller-manager as upstream's does.
    assert.deepEqual(cm.metadata.managedFields?.map((f) => [f.manager, f.operation]), [['kube-controller-manager', 'Update']]);
    // Deleted, the account comes back.
    await c.kubectl(['delete', 'sa', 'default', '-n', 'fresh']);
    await eventually(async () => ((await c.kubectlResult(['get', 'sa', 'default', '-n', 'fresh'])).code === 0 ? true : undefined), 'default sa again');
  });

  test('kubectl create token: the token works for the API audiences only', async () => {
    const token = (await c.kubectl(['create', 'token', 'default', '--audience=x', '--duration=20m'])).trim();
    const claims = payloadOf(token);
    assert.deepEqual(claims['aud'], ['x']);
    assert.equal(claims['sub'], 'system:serviceaccount:default:default');
    assert.equal(claims['iss'], ISSUER);
    assert.equal(Number(claims['exp']) - Number(claims['iat']), 1200);
    await works(token);
    await works(token); // cached
    // A TokenReview of it: for its audience, and for no other.
    const review = async (audiences: string[]) => {
      const body = JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token, audiences } });
      const response = await rawClient(c.server.kubeconfig).request('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { body });
      assert.equal(response.status, 201, response.body);
      return (response.json() as { status: { authenticated?: boolean; user?: { username?: string; groups?: string[] }; audiences?: string[] } }).status;
    };
    const reviewed = await review(['x']);
    assert.equal(reviewed.authenticated, true);
    assert.equal(reviewed.user?.username, 'system:serviceaccount:default:default');
    assert.deepEqual(reviewed.user?.groups, ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
    assert.deepEqual(reviewed.audiences, ['x']);
    assert.notEqual((await review(['elsewhere'])).authenticated, true);
    await refused((await c.kubectl(['create', 'token', 'default', '--audience=y'])).trim());
    const short = await c.kubectlResult(['create', 'token', 'default', '--duration=5m']);
    assert.match(short.stderr, /spec\.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes/);
  });

  test('a token bound to a pod or a secret dies with it', async () => {
    await c.kubectl(['run', 'bound', '--image=busybox']);
    const podToken = (await c.kubectl(['create', 'token', 'default', '--bound-object-kind=Pod', '--bound-object-name=bound'])).trim();
    await works(podToken);
    await c.kubectl(['delete', 'pod', 'bound', '--wait=false']);
    await refused(podToken);
    await c.kubectl(['create', 'secret', 'generic', 'anchor', '--from-literal=a=b']);
    const secretToken = (await c.kubectl(['create', 'token', 'default', '--bound-object-kind=Secret', '--bound-object-name=anchor'])).trim();
    await works(secretToken);
    await c.kubectl(['delete', 'secret', 'anchor']);
    await refused(secretToken);
    const wrongKind = await c.kubectlResult(['create', 'token', 'default', '--bound-object-kind=Pod', '--bound-object-name=missing']);
    assert.match(wrongKind.stderr, /pods "missing" not found/);
  });

  test('a legacy token secret is populated, works, and goes with its account', async () => {
    await c.kubectl(['create', 'sa', 'robot']);
    await c.kubectl(['apply', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'Secret', type: 'kubernetes.io/service-account-token', metadata: { name: 'robot-token', annotations: { 'kubernetes.io/service-account.name': 'robot' } } }) });
    const data = await eventually(async () => {
      const secret = JSON.parse(await c.kubectl(['get', 'secret', 'robot-token', '-o', 'json'])) as { data?: Record<string, string> };
      return secret.data?.['token'] ? secret.data : undefined;
    }, 'the token');
    assert.equal(Buffer.from(data['ca.crt'] ?? '', 'base64').toString(), caCert);
    assert.equal(Buffer.from(data['namespace'] ?? '', 'base64').toString(), 'default');
    const token = Buffer.from(data['token'] ?? '', 'base64').toString();
    assert.equal(payloadOf(token)['iss'], 'kubernetes/serviceaccount');
    await works(token);
    await c.kubectl(['delete', 'sa', 'robot']);
    await refused(token);
    await eventually(async () => ((await c.kubectlResult(['get', 'secret', 'robot-token'])).code !== 0 ? true : undefined), 'the secret deleted');
  });

  test('bad tokens get 401 and the server keeps serving', async () => {
    const good = (await c.kubectl(['create', 'token', 'default'])).trim();
    const servingKey = createPrivateKey(await readFile(join(c.server.certDir, 'apiserver.key'), 'utf8'));
    const [header] = good.split('.');
    const sign = (payload: Record<string, unknown>, key = servingKey) =>
      new CompactSign(Buffer.from(JSON.stringify(payload))).setProtectedHeader(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()) as { alg: string }).sign(key);
    const claims = payloadOf(good);
    const now = Math.floor(Date.now() / 1000);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const bad = [
      await sign({ ...claims, iat: now - 7200, nbf: now - 7200, exp: now - 3600 }),
      await sign(claims, otherKey),
      await sign({ ...claims, aud: ['elsewhere'] }),
      await sign({ ...claims, iss: 'https://other.example' }),
      'not.a.jwt', `${good}x`, good.split('.').slice(0, 2).join('.'),
    ];
    for (const token of bad) await refused(token);
    await works(good);
    assert.match(await c.kubectl(['get', 'ns', 'default', '-o', 'name']), /namespace\/default/);
  });

  test('a pod made by @kubernetes/client-node runs as default with the API access volume', async () => {
    const kc = new KubeConfig();
    kc.loadFromString(c.server.kubeconfig);
    const core = kc.makeApiClient(CoreV1Api);
    const pod = await core.createNamespacedPod({ namespace: 'default', body: { metadata: { name: 'client' }, spec: { containers: [{ name: 'main', image: 'busybox' }], initContainers: [{ name: 'init', image: 'busybox' }] } } });
    assert.equal(pod.spec?.serviceAccountName, 'default');
    const volume = pod.spec?.volumes?.find((v) => v.name.startsWith('kube-api-access-'));
    assert.match(volume?.name ?? '', /^kube-api-access-[a-z0-9]{5}$/);
    assert.equal(volume?.projected?.sources?.[0]?.serviceAccountToken?.expirationSeconds, 3607);
    assert.equal(volume?.projected?.sources?.[1]?.configMap?.name, 'kube-root-ca.crt');
    for (const container of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
      assert.deepEqual(container.volumeMounts?.map((m) => ({ ...m })), [{ name: volume?.name, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true }]);
    }
    const missing = await c.kubectlResult(['run', 'ghost', '--image=busybox', '--overrides', JSON.stringify({ spec: { serviceAccountName: 'ghost' } })]);
    assert.match(missing.stderr, /pods "ghost" is forbidden: error looking up service account default\/ghost: serviceaccount "ghost" not found/);
  });

  test('service account issuer discovery', async () => {
    const config = JSON.parse(await c.kubectl(['get', '--raw', '/.well-known/openid-configuration'])) as Record<string, unknown>;
    assert.equal(config['issuer'], ISSUER);
    // Without --external-hostname or --service-account-jwks-uri: the advertise address and the secure port.
    assert.match(String(config['jwks_uri']), new RegExp(`^https://[^/]+:${c.server.port}/openid/v1/jwks$`));
    assert.deepEqual(config['id_token_signing_alg_values_supported'], ['ES256']);
    const jwks = JSON.parse(await c.kubectl(['get', '--raw', '/openid/v1/jwks'])) as { keys: Record<string, string>[] };
    assert.deepEqual(Object.keys(jwks.keys[0] ?? {}), ['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    const raw = rawClient(c.server.kubeconfig);
    const keys = await raw.request('GET', '/openid/v1/jwks');
    assert.equal(keys.headers['content-type'], 'application/jwk-set+json');
    assert.equal(keys.headers['cache-control'], 'public, max-age=3600');
    assert.equal((await raw.request('GET', '/.well-known/openid-configuration')).headers['content-type'], 'application/json');
    // The default policy grants discovery to service accounts only (system:service-account-issuer-discovery).
    const anonymous = await raw.request('GET', '/openid/v1/jwks', { anonymous: true });
    assert.equal(anonymous.status, 403);
    assert.equal(anonymous.headers['x-content-type-options'], 'nosniff');
    assert.equal((anonymous.json() as { message: string }).message, 'forbidden: User "system:anonymous" cannot get path "/openid/v1/jwks"');
    const token = (await c.kubectl(['create', 'token', 'default'])).trim();
    assert.equal((await raw.request('GET', '/openid/v1/jwks', { anonymous: true, headers: { authorization: `Bearer ${token}` } })).status, 200);
  });
});

test('--external-hostname names the server in the discovery document\'s jwks_uri, with the secure port unless it has one', async () => {
  for (const [externalHostname, expected] of [['api.example.com', (port: number) => `https://api.example.com:${port}/openid/v1/jwks`], ['api.example.com:443', () => 'https://api.example.com:443/openid/v1/jwks']] as const) {
    const cluster = await startCluster({ externalHostname });
    try {
      const config = JSON.parse(await cluster.kubectl(['get', '--raw', '/.well-known/openid-configuration'])) as Record<string, unknown>;
      assert.equal(config['jwks_uri'], expected(cluster.server.port));
    } finally {
      await cluster.stop();
    }
  }
});
