// FlowSchema matching (upstream rule.go's cases): subjects, resource and non-resource rules, distinguishers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FlowSchema, PolicyRulesWithSubjects } from '../apis/flowcontrol/v1beta2/schemas.generated.js';
import type { UserInfo } from '../auth/user-info.js';
import { parseRequestInfo } from '../endpoints/request-info.js';
import { flowDistinguisher, matchesFlowSchema } from './rule-matching.js';

const schema = (rule: PolicyRulesWithSubjects, distinguisher?: string): FlowSchema => ({
  apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2', kind: 'FlowSchema', metadata: { name: 'fs' },
  spec: { priorityLevelConfiguration: { name: 'pl' }, rules: [rule], ...(distinguisher ? { distinguisherMethod: { type: distinguisher } } : {}) },
});
const info = (method: string, path: string) => parseRequestInfo(method, path.split('?')[0]!, new URLSearchParams(path.split('?')[1] ?? ''));
const alice: UserInfo = { name: 'alice', groups: ['dev', 'system:authenticated'] };
const robot: UserInfo = { name: 'system:serviceaccount:ci:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:ci', 'system:authenticated'] };
const allResources = { verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'], clusterScope: true };

test('matchesFlowSchema', () => {
  const cases: [string, PolicyRulesWithSubjects, UserInfo, string, string, boolean][] = [
    ['user by name', { subjects: [{ kind: 'User', user: { name: 'alice' } }], resourceRules: [allResources] }, alice, 'GET', '/api/v1/pods', true],
    ['another user', { subjects: [{ kind: 'User', user: { name: 'bob' } }], resourceRules: [allResources] }, alice, 'GET', '/api/v1/pods', false],
    ['any user', { subjects: [{ kind: 'User', user: { name: '*' } }], resourceRules: [allResources] }, alice, 'GET', '/api/v1/pods', true],
    ['group', { subjects: [{ kind: 'Group', group: { name: 'dev' } }], resourceRules: [allResources] }, alice, 'GET', '/api/v1/pods', true],
    ['service account by name', { subjects: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ci', name: 'builder' } }], resourceRules: [allResources] }, robot, 'GET', '/api/v1/pods', true],
    ['any account of the namespace', { subjects: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'ci', name: '*' } }], resourceRules: [allResources] }, robot, 'GET', '/api/v1/pods', true],
    ['an account of another namespace', { subjects: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'c', name: '*' } }], resourceRules: [allResources] }, robot, 'GET', '/api/v1/pods', false],
    ['verb listed', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, verbs: ['list'] }] }, alice, 'GET', '/api/v1/namespaces/a/pods', true],
    ['verb not listed', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, verbs: ['get'] }] }, alice, 'GET', '/api/v1/namespaces/a/pods', false],
    ['subresource written resource/sub', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, resources: ['nodes/status'] }] }, alice, 'PUT', '/api/v1/nodes/n/status', true],
    ['the resource alone does not cover its subresource', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, resources: ['nodes'] }] }, alice, 'PUT', '/api/v1/nodes/n/status', false],
    ['group of the resource', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, apiGroups: ['apps'] }] }, alice, 'GET', '/api/v1/namespaces/a/pods', false],
    ['cluster scope needed without a namespace', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, clusterScope: false }] }, alice, 'GET', '/api/v1/nodes', false],
    ['namespace listed', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, namespaces: ['a'] }] }, alice, 'GET', '/api/v1/namespaces/a/pods', true],
    ['namespace not listed', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [{ ...allResources, namespaces: ['b'] }] }, alice, 'GET', '/api/v1/namespaces/a/pods', false],
    ['non-resource exact', { subjects: [{ kind: 'Group', group: { name: '*' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] }, alice, 'GET', '/healthz', true],
    ['non-resource prefix without a star', { subjects: [{ kind: 'Group', group: { name: '*' } }], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }] }, alice, 'GET', '/healthz/etcd', true],
    ['non-resource star prefix', { subjects: [{ kind: 'Group', group: { name: '*' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['/apis/*'] }] }, alice, 'GET', '/apis/apps', true],
    ['non-resource other path', { subjects: [{ kind: 'Group', group: { name: '*' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['/healthz'] }] }, alice, 'GET', '/healthzz', false],
    ['resource rules do not cover non-resource requests', { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [allResources] }, alice, 'GET', '/version', false],
  ];
  for (const [name, rule, user, method, path, expected] of cases) assert.equal(matchesFlowSchema(info(method, path), user, schema(rule)), expected, name);
});

test('flowDistinguisher', () => {
  const rule: PolicyRulesWithSubjects = { subjects: [{ kind: 'Group', group: { name: '*' } }], resourceRules: [allResources] };
  assert.equal(flowDistinguisher(schema(rule, 'ByUser'), info('GET', '/api/v1/namespaces/a/pods'), alice), 'alice');
  assert.equal(flowDistinguisher(schema(rule, 'ByNamespace'), info('GET', '/api/v1/namespaces/a/pods'), alice), 'a');
  assert.equal(flowDistinguisher(schema(rule, 'ByNamespace'), info('GET', '/api/v1/nodes'), alice), '');
  assert.equal(flowDistinguisher(schema(rule), info('GET', '/api/v1/namespaces/a/pods'), alice), '');
});
