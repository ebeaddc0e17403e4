// The access reviews of authorization.k8s.io/v1 against a server authorizing with RBAC: a static-token user
// bound by a RoleBinding the admin creates asks `kubectl auth can-i` (SelfSubjectAccessReview) and
// `kubectl auth can-i --list` (SelfSubjectRulesReview); the admin asks about another user with a
// SubjectAccessReview (kubectl create -f, and @kubernetes/client-node); a LocalSubjectAccessReview naming
// another namespace is refused with upstream's 422; discovery lists the four kinds, create only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthorizationV1Api, KubeConfig } from '@kubernetes/client-node';
import { KUBECTL, useCluster } from './support/cluster.js';
import { writeUserKubeconfig } from './support/user-kubeconfig.js';

const dir = mkdtempSync(join(tmpdir(), 'kplane-access-reviews-'));
const JANE_TOKEN = 'jane-token-0123456789';
const tokenAuthFile = join(dir, 'tokens.csv');
writeFileSync(tokenAuthFile, `${JANE_TOKEN},jane,jane-uid,"dev"\n`);
const fixture = useCluster({ authorization: { modes: ['RBAC'] }, tokenAuthFile });

const POD_READER = `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: ns}
rules:
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list, watch]
- apiGroups: [""]
  resources: [configmaps]
  resourceNames: [settings]
  verbs: [get]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: jane-reads-pods, namespace: ns}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: jane}
`;

let janeKubeconfig: string | undefined;
async function setUp(): Promise<string> {
  if (janeKubeconfig) return janeKubeconfig;
  const { cluster } = fixture;
  await cluster.kubectl(['create', 'namespace', 'ns']);
  await cluster.kubectl(['create', 'namespace', 'other']);
  await cluster.kubectl(['apply', '-f', '-'], { input: POD_READER });
  janeKubeconfig = await writeUserKubeconfig(dir, 'jane', cluster.server.kubeconfig, { token: JANE_TOKEN });
  return janeKubeconfig;
}

/** kubectl as jane: exit code and output. */
function kubectlAsJane(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(KUBECTL, ['--kubeconfig', janeKubeconfig!, '--cache-dir', join(dir, 'cache'), ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

const sar = (spec: Record<string, unknown>, kind = 'SubjectAccessReview', metadata: Record<string, unknown> = {}): string =>
  JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind, metadata, spec });

describe('access reviews with RBAC', () => {
  test('kubectl auth can-i as the bound user: yes for what the Role grants, no otherwise', async () => {
    await setUp();
    const cases: [string[], number, string][] = [
      [['list', 'pods', '-n', 'ns'], 0, 'yes'],
      [['get', 'pods/web', '-n', 'ns'], 0, 'yes'],
      [['delete', 'pods', '-n', 'ns'], 1, 'no'],
      [['list', 'pods', '-n', 'other'], 1, 'no'],
      [['get', 'configmaps/settings', '-n', 'ns'], 0, 'yes'],
      [['get', 'configmaps/other', '-n', 'ns'], 1, 'no'],
      [['get', '/version'], 0, 'yes'],
      [['get', '/metrics'], 1, 'no'],
    ];
    for (const [args, code, answer] of cases) {
      const result = await kubectlAsJane(['auth', 'can-i', ...args]);
      assert.equal(result.stdout.trim(), answer, `can-i ${args.join(' ')}: ${result.stderr}`);
      assert.equal(result.code, code, `can-i ${args.join(' ')}`);
    }
  });

  test('kubectl auth can-i --list shows the rules of the namespace', async () => {
    await setUp();
    const result = await kubectlAsJane(['auth', 'can-i', '--list', '-n', 'ns']);
    assert.equal(result.code, 0, result.stderr);
    const rows = result.stdout.trim().split('\n').map((line) => line.trim().split(/\s+/));
    assert.deepEqual(rows[0], ['Resources', 'Non-Resource', 'URLs', 'Resource', 'Names', 'Verbs']);
    const lines = result.stdout.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    assert.ok(lines.includes('pods [] [] [get list watch]'), result.stdout);
    assert.ok(lines.includes('configmaps [] [settings] [get]'), result.stdout);
    assert.ok(lines.includes('selfsubjectaccessreviews.authorization.k8s.io [] [] [create]'), result.stdout);
    assert.ok(lines.includes('[/api/*] [] [get]'), result.stdout);
    const other = await kubectlAsJane(['auth', 'can-i', '--list', '-n', 'other']);
    assert.ok(!other.stdout.includes('pods'), other.stdout);
  });

  test('the admin asks about jane with a SubjectAccessReview (kubectl create -f)', async () => {
    await setUp();
    const { cluster } = fixture;
    // kubectl validates a kind without PATCH against the CRDs (apiextensions.k8s.io, not served yet): --validate=false.
    const create = ['create', '--validate=false', '--show-managed-fields', '-o', 'json', '-f', '-'];
    const out = await cluster.kubectl(create, { input: sar({ user: 'jane', resourceAttributes: { namespace: 'ns', verb: 'list', resource: 'pods' } }) });
    const review = JSON.parse(out) as { metadata: Record<string, unknown>; status: Record<string, unknown> };
    assert.deepEqual(review.status, { allowed: true, reason: 'RBAC: allowed by RoleBinding "jane-reads-pods/ns" of Role "pod-reader" to User "jane"' });
    assert.equal(review.metadata['creationTimestamp'], null);
    assert.deepEqual((review.metadata['managedFields'] as { manager: string; operation: string }[]).map((m) => [m.manager, m.operation]), [['kubectl-create', 'Update']]);
    const denied = JSON.parse(await cluster.kubectl(create, { input: sar({ user: 'jane', resourceAttributes: { namespace: 'ns', verb: 'delete', resource: 'pods' } }) })) as { status: unknown };
    assert.deepEqual(denied.status, { allowed: false });
  });

  test('the admin asks as jane with --as: an impersonated SelfSubjectAccessReview', async () => {
    await setUp();
    const { cluster } = fixture;
    const denied = await cluster.kubectlResult(['auth', 'can-i', 'delete', 'pods', '-n', 'ns', '--as=jane']);
    assert.deepEqual([denied.code, denied.stdout.trim()], [1, 'no'], denied.stderr);
    const allowed = await cluster.kubectlResult(['auth', 'can-i', 'list', 'pods', '-n', 'ns', '--as=jane']);
    assert.deepEqual([allowed.code, allowed.stdout.trim()], [0, 'yes'], allowed.stderr);
  });

  test('a SubjectAccessReview through @kubernetes/client-node', async () => {
    await setUp();
    const kc = new KubeConfig();
    kc.loadFromString(fixture.cluster.server.kubeconfig);
    const api = kc.makeApiClient(AuthorizationV1Api);
    const ask = (verb: string, groups?: string[]) =>
      api.createSubjectAccessReview({ body: { spec: { user: 'jane', ...(groups ? { groups } : {}), resourceAttributes: { namespace: 'ns', verb, resource: 'pods' } } } });
    assert.equal((await ask('watch')).status?.allowed, true);
    const no = await ask('create');
    assert.equal(no.status?.allowed, false);
    assert.equal(no.status?.denied, undefined);
    // system:masters is allowed everything, before any mode is asked.
    assert.equal((await ask('create', ['system:masters'])).status?.allowed, true);
  });

  test('invalid reviews: 422 with upstream messages; a LocalSubjectAccessReview of another namespace', async () => {
    await setUp();
    const { client } = fixture;
    const cases: [string, string, string, number, string][] = [
      [
        'a LocalSubjectAccessReview whose attributes name another namespace',
        '/apis/authorization.k8s.io/v1/namespaces/ns/localsubjectaccessreviews',
        sar({ user: 'jane', resourceAttributes: { namespace: 'other', verb: 'get', resource: 'pods' } }, 'LocalSubjectAccessReview'),
        422,
        '.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "other": must match metadata.namespace',
      ],
      [
        'a LocalSubjectAccessReview whose metadata names another namespace than the URL',
        '/apis/authorization.k8s.io/v1/namespaces/ns/localsubjectaccessreviews',
        sar({ user: 'jane', resourceAttributes: { namespace: 'other', verb: 'get', resource: 'pods' } }, 'LocalSubjectAccessReview', { namespace: 'other' }),
        400,
        'the namespace of the provided object does not match the namespace sent on the request',
      ],
      [
        'a SubjectAccessReview without a subject nor attributes',
        '/apis/authorization.k8s.io/v1/subjectaccessreviews',
        sar({}),
        422,
        '.authorization.k8s.io "" is invalid: [spec.resourceAttributes: Invalid value: "null": exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]',
      ],
      [
        'a SelfSubjectRulesReview without a namespace',
        '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews',
        JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {} }),
        400,
        'no namespace on request',
      ],
    ];
    for (const [name, path, body, code, message] of cases) {
      const response = await client.request('POST', path, { body });
      assert.equal(response.status, code, `${name}: ${response.body}`);
      assert.equal((JSON.parse(response.body) as { message: string }).message, message, name);
    }
    const local = await client.request('POST', '/apis/authorization.k8s.io/v1/namespaces/ns/localsubjectaccessreviews', {
      body: sar({ user: 'jane', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'ns' } }, 'LocalSubjectAccessReview'),
    });
    assert.equal(local.status, 201, local.body);
    const answered = JSON.parse(local.body) as { metadata: Record<string, unknown>; status: { allowed: boolean } };
    assert.equal(answered.metadata['namespace'], 'ns');
    assert.equal(answered.status.allowed, true);
    assert.equal((await client.request('GET', '/apis/authorization.k8s.io/v1/subjectaccessreviews')).status, 405);
  });

  test('discovery lists the four reviews, create only', async () => {
    const out = await fixture.cluster.kubectl(['api-resources', '--api-group=authorization.k8s.io', '-o', 'wide', '--no-headers']);
    const rows = out.trim().split('\n').map((line) => line.trim().split(/\s+/));
    assert.deepEqual(rows, [
      ['localsubjectaccessreviews', 'authorization.k8s.io/v1', 'true', 'LocalSubjectAccessReview', 'create'],
      ['selfsubjectaccessreviews', 'authorization.k8s.io/v1', 'false', 'SelfSubjectAccessReview', 'create'],
      ['selfsubjectrulesreviews', 'authorization.k8s.io/v1', 'false', 'SelfSubjectRulesReview', 'create'],
      ['subjectaccessreviews', 'authorization.k8s.io/v1', 'false', 'SubjectAccessReview', 'create'],
    ]);
  });
});
