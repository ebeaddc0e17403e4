// kubectl (1.32) against kplane for the RBAC API objects (rbac.authorization.k8s.io/v1): `kubectl create
// role/clusterrole/rolebinding/clusterrolebinding`, the tables kubectl prints against 1.25 (wide
// included), a roleRef change and invalid rules refused with 422 and upstream's causes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type TestCluster } from './support/cluster.js';

/** Runs kubectl at -v=6 expecting failure; returns its stderr (the response status line included). */
async function refused(c: TestCluster, args: string[], input: unknown): Promise<string> {
  const result = await c.kubectlResult([...args, '-f', '-', '-v=6'], { input: JSON.stringify(input) });
  assert.notEqual(result.code, 0, 'the request must fail');
  assert.match(result.stderr, /422 Unprocessable Entity/);
  return result.stderr;
}

describe('kubectl: RBAC kinds', () => {
  let c: TestCluster;
  before(async () => {
    c = await startCluster();
  });
  after(async () => {
    await c.stop();
  });

  test('create role, clusterrole, rolebinding, clusterrolebinding through kubectl create', async () => {
    assert.equal((await c.kubectl(['create', 'role', 'pod-reader', '--verb=get,list', '--resource=pods'])).trim(), 'role.rbac.authorization.k8s.io/pod-reader created');
    const role = JSON.parse(await c.kubectl(['get', 'role', 'pod-reader', '-o', 'json']));
    assert.deepEqual(role.rules, [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list'] }]);

    await c.kubectl(['create', 'clusterrole', 'metrics-reader', '--verb=get', '--non-resource-url=/metrics']);
    await c.kubectl(['create', 'clusterrole', 'deploy-watcher', '--verb=watch', '--resource=deployments.apps']);
    await c.kubectl(['create', 'clusterrole', 'monitoring', '--aggregation-rule=rbac.example.com/aggregate-to-monitoring=true']);
    const monitoring = JSON.parse(await c.kubectl(['get', 'clusterrole', 'monitoring', '-o', 'json']));
    assert.deepEqual(monitoring.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { 'rbac.example.com/aggregate-to-monitoring': 'true' } }] });

    await c.kubectl(['create', 'rolebinding', 'read-pods', '--role=pod-reader', '--user=alice', '--user=bob', '--serviceaccount=default:builder']);
    await c.kubectl(['create', 'rolebinding', 'view-all', '--clusterrole=deploy-watcher', '--group=devs']);
    await c.kubectl(['create', 'clusterrolebinding', 'metrics', '--clusterrole=metrics-reader', '--group=system:monitoring']);
    const binding = JSON.parse(await c.kubectl(['get', 'rolebinding', 'read-pods', '-o', 'json']));
    assert.deepEqual(binding.roleRef, { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' });
    assert.deepEqual(binding.subjects, [
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' },
      { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' },
      { kind: 'ServiceAccount', name: 'builder', namespace: 'default' },
    ]);
  });

  test('defaults: roleRef.apiGroup and User/Group subjects get the RBAC group', async () => {
    const manifest = {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'defaulted' },
      roleRef: { kind: 'ClusterRole', name: 'metrics-reader' },
      subjects: [{ kind: 'User', name: 'carol' }, { kind: 'Group', name: 'ops' }, { kind: 'ServiceAccount', name: 'm', namespace: 'kube-system' }],
    };
    await c.kubectl(['create', '-f', '-'], { input: JSON.stringify(manifest) });
    const stored = JSON.parse(await c.kubectl(['get', 'clusterrolebinding', 'defaulted', '-o', 'json']));
    assert.equal(stored.roleRef.apiGroup, 'rbac.authorization.k8s.io');
    assert.deepEqual(stored.subjects.map((s: { apiGroup?: string }) => s.apiGroup), ['rbac.authorization.k8s.io', 'rbac.authorization.k8s.io', undefined]);
  });

  test('kubectl get: roles show CREATED AT, bindings ROLE and AGE, wide their subjects', async () => {
    const out = await c.kubectl(['get', 'roles,rolebindings', '-o', 'wide']);
    const lines = out.split('\n').map((l) => l.trim().split(/\s{2,}/));
    assert.deepEqual(lines[0], ['NAME', 'CREATED AT']);
    assert.equal(lines[1]?.[0], 'role.rbac.authorization.k8s.io/pod-reader');
    assert.match(lines[1]?.[1] ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const header = lines.findIndex((l) => l[0] === 'NAME' && l[1] === 'ROLE');
    assert.deepEqual(lines[header], ['NAME', 'ROLE', 'AGE', 'USERS', 'GROUPS', 'SERVICEACCOUNTS']);
    const read = lines.find((l) => l[0] === 'rolebinding.rbac.authorization.k8s.io/read-pods');
    assert.deepEqual([read?.[1], read?.[3], read?.[4]], ['Role/pod-reader', 'alice, bob', 'default/builder']);
    const view = lines.find((l) => l[0] === 'rolebinding.rbac.authorization.k8s.io/view-all');
    assert.deepEqual([view?.[1], view?.[3]], ['ClusterRole/deploy-watcher', 'devs']);

    const cluster = (await c.kubectl(['get', 'clusterrolebinding', 'metrics'])).split('\n')[0]?.trim().split(/\s{2,}/);
    assert.deepEqual(cluster, ['NAME', 'ROLE', 'AGE']);
    const roles = (await c.kubectl(['get', 'clusterroles'])).split('\n')[0]?.trim().split(/\s{2,}/);
    assert.deepEqual(roles, ['NAME', 'CREATED AT']);
  });

  test('a changed roleRef is refused with 422: cannot change roleRef', async () => {
    const binding = JSON.parse(await c.kubectl(['get', 'rolebinding', 'read-pods', '-o', 'json']));
    binding.roleRef.name = 'other';
    const stderr = await refused(c, ['replace'], binding);
    assert.ok(
      stderr.includes('The RoleBinding "read-pods" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"other"}: cannot change roleRef'),
      stderr,
    );
    const cluster = JSON.parse(await c.kubectl(['get', 'clusterrolebinding', 'metrics', '-o', 'json']));
    cluster.roleRef.name = 'cluster-admin';
    assert.ok((await refused(c, ['replace'], cluster)).includes('cannot change roleRef'));
    // Subjects may change.
    await c.kubectl(['patch', 'rolebinding', 'read-pods', '--type=json', '-p', '[{"op":"remove","path":"/subjects/1"}]']);
  });

  test('invalid rules, roleRefs and subjects are refused with 422 and upstream causes', async () => {
    const roleErr = await refused(c, ['create'], {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'bad' },
      rules: [{ verbs: [], apiGroups: [''], resources: ['pods'] }, { verbs: ['get'], nonResourceURLs: ['/healthz'] }, { verbs: ['get'], resources: ['pods', 'secrets'], resourceNames: ['x'] }],
    });
    for (const cause of [
      'rules[0].verbs: Required value: verbs must contain at least one value',
      'rules[1].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs',
      'rules[2].apiGroups: Required value: resource rules must supply at least one api group',
      'rules[2].resourceNames: Required value: resource names cannot apply to multiple resources',
    ]) assert.ok(roleErr.includes(cause), `${cause}\n${roleErr}`);

    const crErr = await refused(c, ['create'], {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'bad' },
      rules: [{ verbs: ['get'], resources: ['pods'], apiGroups: [''], nonResourceURLs: ['/metrics'] }], aggregationRule: { clusterRoleSelectors: [] },
    });
    assert.ok(crErr.includes('rules[0].nonResourceURLs: Invalid value: []string{"/metrics"}: rules cannot apply to both regular resources and non-resource URLs'), crErr);
    assert.ok(crErr.includes('aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil'), crErr);

    const crbErr = await refused(c, ['create'], {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bad' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-reader' },
      subjects: [{ kind: 'ServiceAccount', name: 'default' }, { kind: 'Robot', name: 'r2' }],
    });
    for (const cause of [
      'roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"',
      'subjects[0].namespace: Required value',
      'subjects[1].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"',
    ]) assert.ok(crbErr.includes(cause), `${cause}\n${crbErr}`);
  });
});
