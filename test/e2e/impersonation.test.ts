// Impersonation through kubectl (1.32) against kplane with RBAC (spec 2-access-control, Impersonation):
// `--as`, `--as-group`, `--as-uid` and `--as=system:serviceaccount:<ns>:<name>` from a static-token user
// with and without a ClusterRole granting `impersonate`; what the impersonated identity may then do is
// what RBAC gives it (allowed in its namespace, 403 naming it elsewhere). Raw requests for the extras and
// for groups without a user.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { writeUserKubeconfig } from './support/user-kubeconfig.js';

const IMPERSONATOR_TOKEN = 'impersonator-token';
const PLAIN_TOKEN = 'plain-token';

let dir: string;
let cluster: TestCluster;
let raw: RawClient;
const kubeconfigs: Record<string, string> = {};

/** RBAC objects the admin (system:masters) creates: the grants, jane's role (discovery comes from the default policy). */
const POLICY = [
  { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'team' } },
  { kind: 'Namespace', apiVersion: 'v1', metadata: { name: 'other' } },
  clusterRole('impersonator', [
    { verbs: ['impersonate'], apiGroups: [''], resources: ['users'] },
    { verbs: ['impersonate'], apiGroups: [''], resources: ['groups'], resourceNames: ['readers', 'system:authenticated'] },
    { verbs: ['impersonate'], apiGroups: [''], resources: ['serviceaccounts'], resourceNames: ['builder'] },
    { verbs: ['impersonate'], apiGroups: ['authentication.k8s.io'], resources: ['uids'], resourceNames: ['u-1'] },
    { verbs: ['impersonate'], apiGroups: ['authentication.k8s.io'], resources: ['userextras/scopes'], resourceNames: ['view'] },
  ]),
  clusterRoleBinding('impersonator', 'impersonator', { kind: 'User', name: 'impersonator' }),
  { kind: 'Role', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name: 'pod-reader', namespace: 'team' }, rules: [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }] },
  roleBinding('team', 'jane-reads', 'Role', 'pod-reader', { kind: 'User', name: 'jane' }),
  roleBinding('team', 'readers-read', 'Role', 'pod-reader', { kind: 'Group', name: 'readers' }),
  roleBinding('team', 'builder-reads', 'Role', 'pod-reader', { kind: 'ServiceAccount', name: 'builder', namespace: 'team' }),
  // Granted to the group of the team's service accounts only: shows the impersonated account's groups.
  { kind: 'ClusterRole', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name: 'configmap-reader' }, rules: [{ verbs: ['list'], apiGroups: [''], resources: ['configmaps'] }] },
  roleBinding('other', 'team-accounts-read', 'ClusterRole', 'configmap-reader', { kind: 'Group', name: 'system:serviceaccounts:team' }),
];

function clusterRole(name: string, rules: object[]): object {
  return { kind: 'ClusterRole', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name }, rules };
}

function clusterRoleBinding(name: string, role: string, subject: object): object {
  return { kind: 'ClusterRoleBinding', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role }, subjects: [subject] };
}

function roleBinding(namespace: string, name: string, kind: string, role: string, subject: object): object {
  return { kind: 'RoleBinding', apiVersion: 'rbac.authorization.k8s.io/v1', metadata: { name, namespace }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name: role }, subjects: [subject] };
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kplane-impersonation-'));
  const tokens = join(dir, 'tokens.csv');
  await writeFile(tokens, `${IMPERSONATOR_TOKEN},impersonator,imp-uid\n${PLAIN_TOKEN},plain,plain-uid\n`);
  cluster = await startCluster({ tokenAuthFile: tokens, authorization: { modes: ['RBAC'] } });
  raw = rawClient(cluster.server.kubeconfig);
  kubeconfigs['impersonator'] = await writeUserKubeconfig(dir, 'impersonator', cluster.server.kubeconfig, { token: IMPERSONATOR_TOKEN });
  kubeconfigs['plain'] = await writeUserKubeconfig(dir, 'plain', cluster.server.kubeconfig, { token: PLAIN_TOKEN });
  await cluster.kubectl(['create', '-f', '-'], { input: JSON.stringify({ apiVersion: 'v1', kind: 'List', items: POLICY }) });
  await cluster.kubectl(['create', 'configmap', 'shared', '-n', 'other', '--from-literal=a=b']);
});

after(async () => {
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** kubectl as a static-token user. */
function as(user: 'impersonator' | 'plain', args: string[]) {
  return cluster.kubectlResult(['--kubeconfig', kubeconfigs[user]!, ...args]);
}

async function allowed(user: 'impersonator' | 'plain', args: string[]): Promise<string> {
  const r = await as(user, args);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

async function forbidden(user: 'impersonator' | 'plain', args: string[], message: string): Promise<void> {
  const r = await as(user, args);
  assert.notEqual(r.code, 0, `kubectl ${args.join(' ')} must fail`);
  assert.equal(r.stderr.trim(), `Error from server (Forbidden): ${message}`);
}

test('without the impersonate grant: 403 naming the caller and the user asked for', async () => {
  await forbidden('plain', ['get', 'pods', '-n', 'team', '--as=jane'],
    'users "jane" is forbidden: User "plain" cannot impersonate resource "users" in API group "" at the cluster scope');
  await forbidden('plain', ['get', 'pods', '-n', 'team', '--as=system:serviceaccount:team:builder'],
    'serviceaccounts "builder" is forbidden: User "plain" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "team"');
});

test('--as=jane: jane may list pods in her namespace and not elsewhere', async () => {
  const r = await as('impersonator', ['get', 'pods', '-n', 'team', '--as=jane']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /No resources found in team namespace/);
  await forbidden('impersonator', ['get', 'pods', '-n', 'other', '--as=jane'],
    'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "other"');
  // The impersonator itself has no role in team.
  await forbidden('impersonator', ['get', 'pods', '-n', 'team'],
    'pods is forbidden: User "impersonator" cannot list resource "pods" in API group "" in the namespace "team"');
});

test('--as-group: the group is checked by name and then grants what it is bound to', async () => {
  await forbidden('impersonator', ['get', 'pods', '-n', 'team', '--as=bob'],
    'pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "team"');
  await allowed('impersonator', ['get', 'pods', '-n', 'team', '--as=bob', '--as-group=readers']);
  await forbidden('impersonator', ['get', 'pods', '-n', 'team', '--as=bob', '--as-group=readers', '--as-group=admins'],
    'groups "admins" is forbidden: User "impersonator" cannot impersonate resource "groups" in API group "" at the cluster scope');
});

test('--as-uid: allowed for the uid granted by name, 403 for another', async () => {
  await allowed('impersonator', ['get', 'pods', '-n', 'team', '--as=jane', '--as-uid=u-1']);
  await forbidden('impersonator', ['get', 'pods', '-n', 'team', '--as=jane', '--as-uid=u-2'],
    'uids.authentication.k8s.io "u-2" is forbidden: User "impersonator" cannot impersonate resource "uids" in API group "authentication.k8s.io" at the cluster scope');
});

test('--as a service account: its user and its groups', async () => {
  const account = '--as=system:serviceaccount:team:builder';
  await allowed('impersonator', ['get', 'pods', '-n', 'team', account]);
  // Bound only to the group system:serviceaccounts:team, which impersonating the account brings.
  assert.match(await allowed('impersonator', ['get', 'configmaps', '-n', 'other', account, '-o', 'name']), /^configmap\/shared$/m);
  await forbidden('impersonator', ['get', 'pods', '-n', 'other', account],
    'pods is forbidden: User "system:serviceaccount:team:builder" cannot list resource "pods" in API group "" in the namespace "other"');
  await forbidden('impersonator', ['get', 'pods', '-n', 'team', '--as=system:serviceaccount:team:deployer'],
    'serviceaccounts "deployer" is forbidden: User "impersonator" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "team"');
  // Groups given: the account's own groups are not added.
  await forbidden('impersonator', ['get', 'configmaps', '-n', 'other', account, '--as-group=readers'],
    'configmaps is forbidden: User "system:serviceaccount:team:builder" cannot list resource "configmaps" in API group "" in the namespace "other"');
});

const headers = (more: Record<string, string>) => ({ authorization: `Bearer ${IMPERSONATOR_TOKEN}`, ...more });

test('Impersonate-Extra-<key>: the key lower-cased and percent-decoded, checked with the value as name', async () => {
  const ok = await raw.request('GET', '/api/v1/namespaces/team/pods', { anonymous: true, headers: headers({ 'Impersonate-User': 'jane', 'Impersonate-Extra-Scopes': 'view' }) });
  assert.equal(ok.status, 200, ok.body);
  const refused = await raw.request('GET', '/api/v1/namespaces/team/pods', { anonymous: true, headers: headers({ 'Impersonate-User': 'jane', 'Impersonate-Extra-Scopes': 'admin' }) });
  assert.equal(refused.status, 403);
  assert.deepEqual(refused.json(), {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Forbidden', code: 403,
    message: 'userextras.authentication.k8s.io "admin" is forbidden: User "impersonator" cannot impersonate resource "userextras/scopes" in API group "authentication.k8s.io" at the cluster scope',
    details: { name: 'admin', group: 'authentication.k8s.io', kind: 'userextras' },
  });
  const encoded = await raw.request('GET', '/api/v1/namespaces/team/pods', { anonymous: true, headers: headers({ 'Impersonate-User': 'jane', 'Impersonate-Extra-Example.com%2FTeam': 'A' }) });
  assert.equal(encoded.status, 403);
  assert.match((encoded.json() as { message: string }).message, /cannot impersonate resource "userextras\/example\.com\/team"/);
});

test('groups without a user: upstream 1.25 answers a plain-text 500', async () => {
  const r = await raw.request('GET', '/api/v1/namespaces/team/pods', { anonymous: true, headers: headers({ 'Impersonate-Group': 'readers' }) });
  assert.equal(r.status, 500);
  assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(r.body, 'Internal Server Error: "/api/v1/namespaces/team/pods": requested [{Group  readers    }] without impersonating a user\n');
});
