import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuthorizationAttributes } from '../authorizer.js';
import { nonResourceAttributes } from '../attributes.js';
import { RbacAuthorizer } from './rbac-authorizer.js';
import { group, memoryPolicy, serviceAccount, user } from './test-policy.js';

const jane = { name: 'jane', groups: ['devs', 'system:authenticated'] };
const sa = { name: 'system:serviceaccount:dev:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:dev', 'system:authenticated'] };

const request = (who: typeof jane, verb: string, resource: string, namespace: string, more: Partial<AuthorizationAttributes> = {}): AuthorizationAttributes => ({
  user: who, verb, isResourceRequest: true, path: '', namespace, apiGroup: '', apiVersion: 'v1', resource, subresource: '', name: '', ...more,
});

function policy() {
  const p = memoryPolicy();
  p.role('dev', 'pod-reader', [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'] }]);
  p.roleBinding('dev', 'jane-reads', 'Role', 'pod-reader', [user('jane')]);
  p.clusterRole('secret-reader', [{ verbs: ['get'], apiGroups: [''], resources: ['secrets'] }]);
  p.roleBinding('dev', 'devs-secrets', 'ClusterRole', 'secret-reader', [group('devs')]);
  p.clusterRole('node-viewer', [{ verbs: ['list'], apiGroups: [''], resources: ['nodes'] }, { verbs: ['get'], nonResourceURLs: ['/logs/*'] }]);
  p.clusterRoleBinding('viewers', 'node-viewer', [group('devs'), user('jane')]);
  p.roleBinding('dev', 'builder', 'ClusterRole', 'edit-ish', [serviceAccount('builder')]);
  p.clusterRole('edit-ish', [{ verbs: ['create'], apiGroups: ['apps'], resources: ['deployments'] }]);
  p.roleBinding('dev', 'dangling', 'Role', 'missing', [user('jane')]);
  return p;
}

const cases: { name: string; request: AuthorizationAttributes; decision: string; reason: string }[] = [
  { name: 'a Role in its namespace', request: request(jane, 'list', 'pods', 'dev'), decision: 'Allow', reason: 'RBAC: allowed by RoleBinding "jane-reads/dev" of Role "pod-reader" to User "jane"' },
  { name: 'a Role elsewhere', request: request(jane, 'list', 'pods', 'prod'), decision: 'NoOpinion', reason: '' },
  { name: 'a ClusterRole through a RoleBinding to a group', request: request(jane, 'get', 'secrets', 'dev', { name: 's' }), decision: 'Allow', reason: 'RBAC: allowed by RoleBinding "devs-secrets/dev" of ClusterRole "secret-reader" to Group "devs"' },
  { name: 'the first applying subject is named', request: request(jane, 'list', 'nodes', ''), decision: 'Allow', reason: 'RBAC: allowed by ClusterRoleBinding "viewers" of ClusterRole "node-viewer" to Group "devs"' },
  { name: 'a non-resource URL by prefix', request: nonResourceAttributes(jane, 'get', '/logs/kube.log'), decision: 'Allow', reason: 'RBAC: allowed by ClusterRoleBinding "viewers" of ClusterRole "node-viewer" to Group "devs"' },
  { name: 'a service account defaults to the binding namespace', request: request(sa, 'create', 'deployments', 'dev', { apiGroup: 'apps' }), decision: 'Allow', reason: 'RBAC: allowed by RoleBinding "builder/dev" of ClusterRole "edit-ish" to ServiceAccount "builder/dev"' },
  { name: 'a dangling binding is the reason of a denial', request: request(jane, 'delete', 'pods', 'dev', { name: 'p' }), decision: 'NoOpinion', reason: 'RBAC: role.rbac.authorization.k8s.io "missing" not found' },
];

for (const c of cases) {
  test(`RBAC: ${c.name}`, () => {
    const result = new RbacAuthorizer(policy().resolver).authorize(c.request);
    assert.deepEqual([result.decision, result.reason], [c.decision, c.reason]);
  });
}

test('RBAC: bindings follow updates and deletions', () => {
  const p = policy();
  const rbac = new RbacAuthorizer(p.resolver);
  assert.equal(rbac.authorize(request(jane, 'list', 'pods', 'dev')).decision, 'Allow');
  p.roleBinding('dev', 'jane-reads', 'Role', 'pod-reader', [user('john')]);
  assert.equal(rbac.authorize(request(jane, 'list', 'pods', 'dev')).decision, 'NoOpinion');
  assert.equal(rbac.authorize(request({ name: 'john', groups: [] }, 'list', 'pods', 'dev')).decision, 'Allow');
  p.roleBindings.remove('dev', 'jane-reads');
  assert.equal(rbac.authorize(request({ name: 'john', groups: [] }, 'list', 'pods', 'dev')).decision, 'NoOpinion');
});

test('RBAC: rules of a user in a namespace, with the errors met', () => {
  const rules = new RbacAuthorizer(policy().resolver).rulesFor(jane, 'dev');
  assert.deepEqual(rules.nonResourceRules, [{ verbs: ['get'], nonResourceURLs: ['/logs/*'] }]);
  assert.deepEqual(rules.resourceRules.map((r) => r.resources[0]).sort(), ['nodes', 'pods', 'secrets']);
  assert.equal(rules.evaluationError, 'role.rbac.authorization.k8s.io "missing" not found');
});
