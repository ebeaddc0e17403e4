import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { UserInfo } from '../../auth/user-info.js';
import { nonResourceAttributes } from '../attributes.js';
import type { AuthorizationAttributes, AuthorizationResult } from '../authorizer.js';
import { abacAuthorizer } from './abac-authorizer.js';
import { parsePolicyFile } from './policy.js';

// The example policies of upstream's ABAC documentation, in both formats.
const POLICY = [
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user":"admin", "namespace": "*", "resource": "*", "apiGroup": "*", "nonResourcePath": "*"}}',
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user":"alice", "namespace": "projectCaribou", "resource": "*", "apiGroup": "*"}}',
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user":"bob", "namespace": "projectCaribou", "resource": "pods", "apiGroup": "", "readonly": true}}',
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"group":"system:authenticated", "readonly": true, "nonResourcePath": "/apis/*"}}',
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user":"carol", "group":"ops", "namespace": "*", "resource": "nodes", "apiGroup": ""}}',
  '{"apiVersion": "abac.authorization.kubernetes.io/v1beta1", "kind": "Policy", "spec": {"user":"*", "readonly": true, "nonResourcePath": "/healthz"}}',
  '{"user":"dave", "namespace": "legacy"}',
].join('\n');

const abac = abacAuthorizer(parsePolicyFile(POLICY, 'policy.jsonl').policies);
const user = (name: string, ...groups: string[]): UserInfo => ({ name, groups: [...groups, 'system:authenticated'] });
const anonymous: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };
const resource = (u: UserInfo, verb: string, namespace: string, resourceName: string, apiGroup = ''): AuthorizationAttributes => ({
  user: u, verb, isResourceRequest: true, path: '/x', namespace, apiGroup, apiVersion: 'v1', resource: resourceName, subresource: '', name: '',
});

describe('abacAuthorizer', () => {
  const cases: { name: string; attributes: AuthorizationAttributes; allowed: boolean }[] = [
    { name: 'admin anything', attributes: resource(user('admin'), 'delete', 'kube-system', 'secrets'), allowed: true },
    { name: 'admin non-resource', attributes: nonResourceAttributes(user('admin'), 'post', '/logs'), allowed: true },
    { name: 'alice in her namespace, any group', attributes: resource(user('alice'), 'create', 'projectCaribou', 'deployments', 'apps'), allowed: true },
    { name: 'alice elsewhere', attributes: resource(user('alice'), 'get', 'other', 'pods'), allowed: false },
    { name: 'alice cluster-scoped', attributes: resource(user('alice'), 'list', '', 'namespaces'), allowed: false },
    { name: 'bob reads pods', attributes: resource(user('bob'), 'watch', 'projectCaribou', 'pods'), allowed: true },
    { name: 'bob cannot write pods', attributes: resource(user('bob'), 'create', 'projectCaribou', 'pods'), allowed: false },
    { name: 'bob pods are core pods only', attributes: resource(user('bob'), 'get', 'projectCaribou', 'pods', 'metrics.k8s.io'), allowed: false },
    { name: 'authenticated get /apis/apps', attributes: nonResourceAttributes(user('eve'), 'get', '/apis/apps'), allowed: true },
    { name: 'authenticated get /apis (prefix needs the slash)', attributes: nonResourceAttributes(user('eve'), 'get', '/apis'), allowed: false },
    { name: 'authenticated post /apis/x', attributes: nonResourceAttributes(user('eve'), 'post', '/apis/x'), allowed: false },
    { name: 'a resource policy never matches a non-resource path', attributes: nonResourceAttributes(user('alice'), 'get', '/api'), allowed: false },
    { name: 'user and group must both match', attributes: resource(user('carol'), 'get', '', 'nodes'), allowed: false },
    { name: 'carol in ops', attributes: resource(user('carol', 'ops'), 'patch', '', 'nodes'), allowed: true },
    { name: 'user * is the authenticated, not the anonymous', attributes: nonResourceAttributes(anonymous, 'get', '/healthz'), allowed: false },
    { name: 'user * is the authenticated', attributes: nonResourceAttributes(user('eve'), 'get', '/healthz'), allowed: true },
    { name: 'v0 line: dave in legacy, every group', attributes: resource(user('dave'), 'delete', 'legacy', 'jobs', 'batch'), allowed: true },
    { name: 'v0 line: not elsewhere', attributes: resource(user('dave'), 'get', 'default', 'pods'), allowed: false },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const expected: AuthorizationResult = c.allowed ? { decision: 'Allow', reason: '' } : { decision: 'NoOpinion', reason: 'No policy matched.' };
      assert.deepEqual(abac.authorize(c.attributes), expected);
    });
  }

  it('lists the rules of the user in a namespace as upstream', () => {
    assert.deepEqual(abac.rulesFor(user('bob'), 'projectCaribou'), {
      resourceRules: [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods'], resourceNames: [] }],
      nonResourceRules: [],
      incomplete: false,
    });
    assert.deepEqual(abac.rulesFor(user('admin'), 'x'), {
      resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], resourceNames: [] }],
      nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }],
      incomplete: false,
    });
    // The /apis/* and /healthz policies have no namespace: upstream lists them for the namespace '' only.
    assert.deepEqual(abac.rulesFor(user('eve'), ''), {
      resourceRules: [],
      nonResourceRules: [{ verbs: ['get', 'list', 'watch'], nonResourceURLs: ['/apis/*'] }, { verbs: ['get', 'list', 'watch'], nonResourceURLs: ['/healthz'] }],
      incomplete: false,
    });
    assert.deepEqual(abac.rulesFor(user('eve'), 'default'), { resourceRules: [], nonResourceRules: [], incomplete: false });
  });
});
