// The ABAC, Webhook and AlwaysDeny authorization modes through kubectl (spec 2-access-control,
// Authorization item 5): static-token users are allowed what an ABAC policy file grants and get upstream's
// 403 otherwise; a SubjectAccessReview webhook run by the test decides, and its answers are cached; with
// AlwaysDeny only `system:masters` (the admin kubeconfig) gets through, and beside RBAC the first decision wins
// (upstream's union authorizer): AlwaysDeny first refuses what RBAC would allow, RBAC first lets its users
// through and AlwaysDeny refuses the rest. A bad policy file stops the start.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import YAML from 'yaml';
import { startServer } from '../../src/index.js';
import { startAuthorizationWebhook, type AuthorizationWebhook, type ReceivedAccessReview } from './support/authz-webhook.js';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient } from './support/raw-client.js';
import { bindClusterRole } from './support/rbac.js';
import { writeUserKubeconfig } from './support/user-kubeconfig.js';

const TOKENS = 'alice-token-0123456789,alice,alice-uid,"readers"\nwendy-token-0123456789,wendy,wendy-uid,"hooked"\n';
let ALICE: string[];
let WENDY: string[];

let dir: string;
let tokenFile: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-authz-modes-e2e-'));
  tokenFile = join(dir, 'tokens.csv');
  await writeFile(tokenFile, TOKENS);
});
after(() => rm(dir, { recursive: true, force: true }));

/**
 * Starts a cluster and points ALICE and WENDY at kubeconfigs of their tokens (a token beside the admin's
 * client certificate would not count: the certificate authenticates first).
 */
async function startClusterWithUsers(options: Parameters<typeof startCluster>[0]): Promise<TestCluster> {
  const cluster = await startCluster({ tokenAuthFile: tokenFile, ...options });
  const userDir = await mkdtemp(join(dir, 'users-'));
  const kubeconfig = (name: string, token: string) => writeUserKubeconfig(userDir, name, cluster.server.kubeconfig, { token });
  ALICE = ['--kubeconfig', await kubeconfig('alice', 'alice-token-0123456789')];
  WENDY = ['--kubeconfig', await kubeconfig('wendy', 'wendy-token-0123456789')];
  return cluster;
}

/** kubectl's stderr of a refused command. */
async function refused(cluster: TestCluster, args: string[]): Promise<string> {
  const result = await cluster.kubectlResult(args);
  assert.notEqual(result.code, 0, `kubectl ${args.join(' ')} should fail`);
  return result.stderr.trim();
}

describe('ABAC', () => {
  const policy = [
    '# alice reads everything in team-a; every authenticated user reads the non-resource paths (discovery).',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user": "alice", "namespace": "team-a", "resource": "*", "apiGroup": "*", "readonly": true}}',
    '',
    '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"group": "system:authenticated", "readonly": true, "nonResourcePath": "*"}}',
    '{"user": "wendy", "namespace": "team-b", "resource": "configmaps"}',
  ].join('\n');
  let cluster: TestCluster;

  before(async () => {
    const policyFile = join(dir, 'abac.jsonl');
    await writeFile(policyFile, `${policy}\n`);
    cluster = await startClusterWithUsers({ authorization: { modes: ['ABAC'], policyFile } });
    for (const ns of ['team-a', 'team-b']) {
      await cluster.kubectl(['create', 'namespace', ns]);
      await cluster.kubectl(['create', 'configmap', 'settings', '-n', ns, '--from-literal=k=v']);
    }
  });
  after(() => cluster?.stop());

  it('allows a read-only user to read in their namespace', async () => {
    assert.match(await cluster.kubectl([...ALICE, 'get', 'configmaps', '-n', 'team-a']), /^settings +1 /m);
    assert.match(await cluster.kubectl([...ALICE, 'get', 'configmap', 'settings', '-n', 'team-a', '-o', 'jsonpath={.data.k}']), /^v$/);
  });

  it('refuses the read-only user writes, and reads elsewhere, with upstream\'s message', async () => {
    assert.equal(await refused(cluster, [...ALICE, 'create', 'configmap', 'x', '-n', 'team-a']),
      'error: failed to create configmap: configmaps is forbidden: User "alice" cannot create resource "configmaps" in API group "" in the namespace "team-a": No policy matched.');
    assert.equal(await refused(cluster, [...ALICE, 'get', 'configmaps', '-n', 'team-b']),
      'Error from server (Forbidden): configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "team-b": No policy matched.');
    assert.equal(await refused(cluster, [...ALICE, 'get', 'namespaces']),
      'Error from server (Forbidden): namespaces is forbidden: User "alice" cannot list resource "namespaces" in API group "" at the cluster scope: No policy matched.');
  });

  it('lets an unversioned (v0) line grant writes of one resource', async () => {
    await cluster.kubectl([...WENDY, 'create', 'configmap', 'mine', '-n', 'team-b']);
    assert.match(await refused(cluster, [...WENDY, 'get', 'secrets', '-n', 'team-b']), /cannot list resource "secrets" in API group "" in the namespace "team-b": No policy matched\.$/);
  });

  it('keeps the admin (system:masters) allowed', async () => {
    assert.match(await cluster.kubectl(['get', 'namespaces']), /team-a/);
  });
});

describe('a bad ABAC policy file', () => {
  it('stops the start with the line in error before anything opens', async () => {
    const policyFile = join(dir, 'bad.jsonl');
    await writeFile(policyFile, '# fine\n{"user": "alice"}\n{"user": alice}\n');
    const dataDir = join(dir, 'never-created');
    await assert.rejects(startServer({ storage: 'sqlite', dataDir, securePort: 0, authorization: { modes: ['RBAC', 'ABAC'], policyFile } }), {
      message: `invalid authorization config: error reading policy file ${policyFile}, line 3: {"user": alice}: couldn't get version/kind; json parse error: invalid character 'a' looking for beginning of value`,
    });
    assert.equal(existsSync(dataDir), false);
  });
});

describe('Webhook', () => {
  const WEBHOOK_TOKEN = 'kplane-to-authz-webhook';
  let webhook: AuthorizationWebhook;
  let cluster: TestCluster;
  const isConfigMapCall = (review: ReceivedAccessReview, verb: string): boolean =>
    review.spec.resourceAttributes?.['resource'] === 'configmaps' && review.spec.resourceAttributes['verb'] === verb;

  before(async () => {
    // wendy may read non-resource paths and get configmaps; deletes are denied; the rest has no opinion.
    webhook = await startAuthorizationWebhook(WEBHOOK_TOKEN, (review) => {
      if (review.spec.user !== 'wendy') return { allowed: false };
      if (review.spec.nonResourceAttributes?.['verb'] === 'get') return { allowed: true };
      const verb = review.spec.resourceAttributes?.['verb'];
      if (verb === 'delete') return { allowed: false, denied: true, reason: 'deletes are not allowed here' };
      return { allowed: verb === 'get' && review.spec.resourceAttributes?.['resource'] === 'configmaps', reason: 'policy of the test' };
    });
    const caFile = join(dir, 'authz-webhook-ca.pem');
    await writeFile(caFile, webhook.ca);
    const webhookConfigFile = join(dir, 'authz-webhook.kubeconfig');
    await writeFile(webhookConfigFile, YAML.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'authz', cluster: { server: webhook.url, 'certificate-authority': 'authz-webhook-ca.pem' } }],
      users: [{ name: 'kplane', user: { token: WEBHOOK_TOKEN } }],
      contexts: [{ name: 'authz', context: { cluster: 'authz', user: 'kplane' } }],
      'current-context': 'authz',
    }));
    cluster = await startClusterWithUsers({ authorization: { modes: ['Webhook'], webhookConfigFile, webhookVersion: 'v1' } });
    await cluster.kubectl(['create', 'configmap', 'settings', '-n', 'default', '--from-literal=k=v']);
  });
  after(async () => {
    await cluster?.stop();
    await webhook?.close();
  });

  it('asks the webhook with a v1 SubjectAccessReview and allows what it allows', async () => {
    assert.equal(await cluster.kubectl([...WENDY, 'get', 'configmap', 'settings', '-o', 'jsonpath={.data.k}']), 'v');
    const gets = webhook.received.filter((r) => isConfigMapCall(r, 'get'));
    assert.deepEqual(gets, [{
      kind: 'SubjectAccessReview',
      apiVersion: 'authorization.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec: {
        resourceAttributes: { namespace: 'default', verb: 'get', version: 'v1', resource: 'configmaps', name: 'settings' },
        user: 'wendy',
        groups: ['hooked', 'system:authenticated'],
        uid: 'wendy-uid',
      },
      status: { allowed: false },
    }]);
  });

  it('answers a second identical request from its cache', async () => {
    await cluster.kubectl([...WENDY, 'get', 'configmap', 'settings']);
    assert.equal(webhook.received.filter((r) => isConfigMapCall(r, 'get')).length, 1);
  });

  it('denies what the webhook denies, with its reason, and caches the denial too', async () => {
    const message = 'Error from server (Forbidden): configmaps "settings" is forbidden: User "wendy" cannot delete resource "configmaps" in API group "" in the namespace "default": deletes are not allowed here';
    assert.equal(await refused(cluster, [...WENDY, 'delete', 'configmap', 'settings']), message);
    assert.equal(await refused(cluster, [...WENDY, 'delete', 'configmap', 'settings']), message);
    assert.equal(webhook.received.filter((r) => isConfigMapCall(r, 'delete')).length, 1);
  });

  it('refuses what the webhook has no opinion on', async () => {
    assert.equal(await refused(cluster, [...WENDY, 'get', 'secrets']),
      'Error from server (Forbidden): secrets is forbidden: User "wendy" cannot list resource "secrets" in API group "" in the namespace "default": policy of the test');
  });

  it('never asks about system:masters', async () => {
    const before = webhook.received.length;
    await cluster.kubectl(['delete', 'configmap', 'settings']);
    assert.equal(webhook.received.length, before);
  });
});

describe('AlwaysDeny', () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startClusterWithUsers({ authorization: { modes: ['AlwaysDeny'] } });
  });
  after(() => cluster?.stop());

  it('denies every user but system:masters', async () => {
    assert.equal(await refused(cluster, [...ALICE, 'get', '--raw', '/api/v1/namespaces/default/configmaps']),
      'Error from server (Forbidden): configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.');
    assert.match(await refused(cluster, [...ALICE, 'get', '--raw', '/version']), /User "alice" cannot get path "\/version": Everything is forbidden\./);
    assert.match(await cluster.kubectl(['get', 'namespaces']), /^default +Active/m);
    await cluster.kubectl(['create', 'configmap', 'admin-can', '-n', 'default']);
  });
});

describe('AlwaysDeny,RBAC', () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startClusterWithUsers({ authorization: { modes: ['AlwaysDeny', 'RBAC'] } });
  });
  after(() => cluster?.stop());

  it('denies what RBAC would allow: AlwaysDeny decides first', async () => {
    // The bootstrap policy (reconciled and synced before the server listens) gives every authenticated
    // user /version (system:public-info-viewer) and self access reviews (system:basic-user).
    assert.equal(await refused(cluster, [...ALICE, 'get', '--raw', '/version']),
      'Error from server (Forbidden): forbidden: User "alice" cannot get path "/version": Everything is forbidden.');
    assert.match(await refused(cluster, [...ALICE, 'auth', 'can-i', 'list', 'configmaps']),
      /selfsubjectaccessreviews\.authorization\.k8s\.io is forbidden: User "alice" cannot create resource "selfsubjectaccessreviews" in API group "authorization\.k8s\.io" at the cluster scope: Everything is forbidden\./);
  });

  it('still allows system:masters', async () => {
    await cluster.kubectl(['create', 'configmap', 'admin-can', '-n', 'default']);
    assert.match(await cluster.kubectl(['get', 'configmaps', '-n', 'default']), /^admin-can /m);
  });
});

describe('RBAC,AlwaysDeny', () => {
  let cluster: TestCluster;
  before(async () => {
    cluster = await startClusterWithUsers({ authorization: { modes: ['RBAC', 'AlwaysDeny'] } });
    // alice may view everything; wendy is bound to nothing beyond the bootstrap policy.
    await bindClusterRole(rawClient(cluster.server.kubeconfig), 'alice-views', 'view', [{ kind: 'User', name: 'alice' }], { verb: 'list', resource: 'configmaps' });
    await cluster.kubectl(['create', 'configmap', 'settings', '-n', 'default', '--from-literal=k=v']);
  });
  after(() => cluster?.stop());

  it('lets through what RBAC allows', async () => {
    assert.equal(await cluster.kubectl([...ALICE, 'get', 'configmap', 'settings', '-o', 'jsonpath={.data.k}']), 'v');
    assert.match(await cluster.kubectl([...WENDY, 'get', '--raw', '/version']), /"gitVersion"/);
  });

  it('denies the rest with AlwaysDeny\'s reason', async () => {
    assert.equal(await refused(cluster, [...ALICE, 'create', 'configmap', 'x', '-n', 'default']),
      'error: failed to create configmap: configmaps is forbidden: User "alice" cannot create resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.');
    assert.equal(await refused(cluster, [...WENDY, 'get', 'configmaps', '-n', 'default']),
      'Error from server (Forbidden): configmaps is forbidden: User "wendy" cannot list resource "configmaps" in API group "" in the namespace "default": Everything is forbidden.');
  });
});
