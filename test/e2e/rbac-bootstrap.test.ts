// The 1.25 bootstrap policy through kubectl: a fresh server lists the default ClusterRoles and bindings,
// the aggregation controller folds labelled roles into edit and admin, a default object a user damaged is
// repaired at the next start unless annotated autoupdate "false", and `kubectl auth reconcile` works.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type RunningServer } from '../../src/index.js';
import { bootstrapPolicy } from '../../src/authorization/rbac/bootstrap-policy/index.js';
import { eventually, KUBECTL, useCluster } from './support/cluster.js';

interface Rule { apiGroups?: string[]; resources?: string[]; verbs: string[]; nonResourceURLs?: string[] }
interface Role { metadata: { name: string; annotations?: Record<string, string> }; rules?: Rule[] }
interface Binding { roleRef: { name: string }; subjects?: { kind: string; name: string }[] }

const policy = bootstrapPolicy();
const names = (objects: { metadata: { name?: string } }[]): string[] => objects.map((o) => o.metadata.name ?? '').sort();
const lines = (out: string): string[] => out.trim().split('\n').sort();
const hasRule = (role: Role, resource: string, verb: string): boolean => (role.rules ?? []).some((r) => r.resources?.includes(resource) && r.verbs.includes(verb));

describe('bootstrap policy on a fresh server', () => {
  const fixture = useCluster();
  const kubectl = (args: string[], input?: string) => fixture.cluster.kubectl(args, input === undefined ? undefined : { input });
  const role = async (name: string): Promise<Role> => JSON.parse(await kubectl(['get', 'clusterrole', name, '-o', 'json'])) as Role;

  test('kubectl get clusterroles lists 1.25 default roles', async () => {
    assert.deepEqual(lines(await kubectl(['get', 'clusterroles', '-o', 'name'])), names(policy.clusterRoles).map((n) => `clusterrole.rbac.authorization.k8s.io/${n}`).sort());
  });

  test('kubectl get clusterrolebindings lists 1.25 default bindings', async () => {
    assert.deepEqual(lines(await kubectl(['get', 'clusterrolebindings', '-o', 'name'])), names(policy.clusterRoleBindings).map((n) => `clusterrolebinding.rbac.authorization.k8s.io/${n}`).sort());
    const admin = JSON.parse(await kubectl(['get', 'clusterrolebinding', 'cluster-admin', '-o', 'json'])) as Binding;
    assert.deepEqual(admin.subjects?.map((s) => `${s.kind}/${s.name}`), ['Group/system:masters']);
  });

  test('kube-system and kube-public hold their default roles and bindings', async () => {
    const out = await kubectl(['get', 'roles,rolebindings', '-A', '-o', 'custom-columns=NS:.metadata.namespace,NAME:.metadata.name', '--no-headers']);
    assert.match(out, /kube-system\s+extension-apiserver-authentication-reader/);
    assert.match(out, /kube-system\s+system::extension-apiserver-authentication-reader/);
    assert.match(out, /kube-public\s+system:controller:bootstrap-signer/);
  });

  test('edit, admin and view hold the rules of the system:aggregate-to-* roles', async () => {
    const edit = await eventually(async () => { const r = await role('edit'); return hasRule(r, 'deployments', 'create') ? r : undefined; }, 'edit aggregated');
    assert.ok(!hasRule(edit, 'roles', 'create'));
    await eventually(async () => { const r = await role('admin'); return hasRule(r, 'roles', 'create') && hasRule(r, 'deployments', 'create') ? r : undefined; }, 'admin aggregated');
    await eventually(async () => { const r = await role('view'); return hasRule(r, 'pods', 'list') ? r : undefined; }, 'view aggregated');
  });

  test('a role labelled aggregate-to-edit shows in edit and admin until the label goes', async () => {
    await kubectl(['apply', '-f', '-'], `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: widgets-editor
  labels: {rbac.authorization.k8s.io/aggregate-to-edit: "true"}
rules:
- {apiGroups: [example.com], resources: [widgets], verbs: [get, create]}
`);
    for (const name of ['edit', 'admin']) await eventually(async () => (hasRule(await role(name), 'widgets', 'create') ? true : undefined), `widgets in ${name}`);
    await kubectl(['label', 'clusterrole', 'widgets-editor', 'rbac.authorization.k8s.io/aggregate-to-edit-']);
    for (const name of ['edit', 'admin']) await eventually(async () => (hasRule(await role(name), 'widgets', 'create') ? undefined : true), `widgets gone from ${name}`);
  });

  test('kubectl auth reconcile creates and then extends a Role and its RoleBinding', async () => {
    await kubectl(['create', 'namespace', 'reconcile-me']);
    const manifest = (verbs: string) => `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: pod-reader, namespace: reconcile-me}
rules:
- {apiGroups: [""], resources: [pods], verbs: [${verbs}]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: read-pods, namespace: reconcile-me}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: pod-reader}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: jane}
`;
    const first = await kubectl(['auth', 'reconcile', '-f', '-'], manifest('get'));
    assert.match(first, /role\.rbac\.authorization\.k8s\.io\/pod-reader reconciled/);
    assert.match(first, /rolebinding\.rbac\.authorization\.k8s\.io\/read-pods reconciled/);
    await kubectl(['auth', 'reconcile', '-f', '-'], manifest('get, list'));
    const stored = JSON.parse(await kubectl(['get', 'role', 'pod-reader', '-n', 'reconcile-me', '-o', 'json'])) as Role;
    assert.ok(hasRule(stored, 'pods', 'get') && hasRule(stored, 'pods', 'list'));
    // A changed roleRef cannot be updated: kubectl deletes the binding (a protobuf DeleteOptions body with a uid
    // precondition) and creates it again.
    const before = JSON.parse(await kubectl(['get', 'rolebinding', 'read-pods', '-n', 'reconcile-me', '-o', 'json'])) as { metadata: { uid: string } };
    const changed = manifest('get, list').replace('kind: Role, name: pod-reader', 'kind: ClusterRole, name: view');
    assert.match(await kubectl(['auth', 'reconcile', '-f', '-'], changed), /rolebinding\.rbac\.authorization\.k8s\.io\/read-pods reconciled/);
    const after = JSON.parse(await kubectl(['get', 'rolebinding', 'read-pods', '-n', 'reconcile-me', '-o', 'json'])) as { metadata: { uid: string }; roleRef: { kind: string; name: string } };
    assert.deepEqual([after.roleRef.kind, after.roleRef.name], ['ClusterRole', 'view']);
    assert.notEqual(after.metadata.uid, before.metadata.uid);
  });
});

describe('bootstrap policy at the next start', () => {
  let dir = '';
  let server: RunningServer | undefined;
  const start = async () => (server = await startServer({ storage: 'sqlite', dataDir: join(dir, 'data'), securePort: 0 }));
  const kubectl = (args: string[], input?: string) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile(KUBECTL, ['--kubeconfig', server!.kubeconfigPath, '--cache-dir', join(dir, 'cache'), ...args], (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)));
      if (input !== undefined) child.stdin?.end(input);
    });
  const getJson = async <T>(kind: string, name: string): Promise<T> => JSON.parse(await kubectl(['get', kind, name, '-o', 'json'])) as T;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-rbac-restart-'));
  });
  after(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('damaged defaults are repaired unless annotated autoupdate "false"', async () => {
    await start();
    // A user removes rules from two roles, protecting one of them; deletes a role; rebinds a binding.
    const strip = async (name: string, annotate: boolean) => {
      const role = await getJson<Role & Record<string, unknown>>('clusterrole', name);
      role.rules = [];
      if (annotate) role.metadata.annotations = { ...role.metadata.annotations, 'rbac.authorization.kubernetes.io/autoupdate': 'false' };
      await kubectl(['replace', '-f', '-'], JSON.stringify(role));
    };
    await strip('system:basic-user', false);
    await strip('system:discovery', true);
    await kubectl(['delete', 'clusterrole', 'system:heapster']);
    await kubectl(['delete', 'clusterrolebinding', 'system:monitoring']);
    await kubectl(['create', 'clusterrolebinding', 'system:monitoring', '--clusterrole=view', '--group=somebody']);
    await server!.stop();
    server = undefined;

    await start();
    assert.ok(hasRule(await getJson<Role>('clusterrole', 'system:basic-user'), 'selfsubjectaccessreviews', 'create'));
    assert.deepEqual((await getJson<Role>('clusterrole', 'system:discovery')).rules ?? [], []);
    assert.ok(hasRule(await getJson<Role>('clusterrole', 'system:heapster'), 'pods', 'list'));
    const monitoring = await getJson<Binding>('clusterrolebinding', 'system:monitoring');
    assert.equal(monitoring.roleRef.name, 'system:monitoring');
    assert.deepEqual(monitoring.subjects?.map((s) => s.name), ['system:monitoring']);
  });
});
