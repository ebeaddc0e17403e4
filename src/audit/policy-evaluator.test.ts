// Audit policy rules (upstream checker_test.go's cases): users, groups, verbs, resources and their forms,
// namespaces, non-resource URLs; the first matching rule wins, none is level None.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserInfo } from '../auth/user-info.js';
import { parseRequestInfo } from '../endpoints/request-info.js';
import type { AuditPolicy, PolicyRule } from './policy.js';
import { evaluateAuditPolicy } from './policy-evaluator.js';

const alice: UserInfo = { name: 'alice', groups: ['dev', 'system:authenticated'] };
const info = (method: string, path: string) => parseRequestInfo(method, path, new URLSearchParams());
const levelOf = (rule: Omit<PolicyRule, 'level'>, method: string, path: string, user: UserInfo | undefined = alice): string =>
  evaluateAuditPolicy({ rules: [{ level: 'Metadata', ...rule }] }, info(method, path), user).level;

test('evaluateAuditPolicy: what a rule matches', () => {
  const cases: [string, Omit<PolicyRule, 'level'>, string, string, string][] = [
    ['no conditions: everything', {}, 'GET', '/api/v1/pods', 'Metadata'],
    ['user', { users: ['alice'] }, 'GET', '/api/v1/pods', 'Metadata'],
    ['other user', { users: ['bob'] }, 'GET', '/api/v1/pods', 'None'],
    ['group', { userGroups: ['dev'] }, 'GET', '/api/v1/pods', 'Metadata'],
    ['verb', { verbs: ['list'] }, 'GET', '/api/v1/pods', 'Metadata'],
    ['other verb', { verbs: ['get'] }, 'GET', '/api/v1/pods', 'None'],
    ['core group resource', { resources: [{ group: '', resources: ['pods'] }] }, 'GET', '/api/v1/namespaces/a/pods/p', 'Metadata'],
    ['all resources of a group', { resources: [{ group: 'apps' }] }, 'GET', '/apis/apps/v1/deployments', 'Metadata'],
    ['another group', { resources: [{ group: 'apps', resources: ['pods'] }] }, 'GET', '/api/v1/pods', 'None'],
    ['a subresource needs resource/sub', { resources: [{ resources: ['pods'] }] }, 'GET', '/api/v1/namespaces/a/pods/p/log', 'None'],
    ['resource/sub', { resources: [{ resources: ['pods/log'] }] }, 'GET', '/api/v1/namespaces/a/pods/p/log', 'Metadata'],
    ['*/sub', { resources: [{ resources: ['*/status'] }] }, 'PUT', '/api/v1/namespaces/a/pods/p/status', 'Metadata'],
    ['resource/*', { resources: [{ resources: ['pods/*'] }] }, 'GET', '/api/v1/namespaces/a/pods/p/log', 'Metadata'],
    ['resourceNames', { resources: [{ resources: ['configmaps'], resourceNames: ['c'] }] }, 'GET', '/api/v1/namespaces/a/configmaps/c', 'Metadata'],
    ['another name', { resources: [{ resources: ['configmaps'], resourceNames: ['c'] }] }, 'GET', '/api/v1/namespaces/a/configmaps/d', 'None'],
    ['namespace', { namespaces: ['a'] }, 'GET', '/api/v1/namespaces/a/pods', 'Metadata'],
    ['cluster scope is the empty namespace', { namespaces: [''] }, 'GET', '/api/v1/nodes', 'Metadata'],
    ['namespaces do not cover non-resource paths', { namespaces: ['a'] }, 'GET', '/healthz', 'None'],
    ['non-resource URL', { nonResourceURLs: ['/healthz*'] }, 'GET', '/healthz/etcd', 'Metadata'],
    ['non-resource URLs do not cover resources', { nonResourceURLs: ['*'] }, 'GET', '/api/v1/pods', 'None'],
  ];
  for (const [name, rule, method, path, expected] of cases) assert.equal(levelOf(rule, method, path), expected, name);
});

test('the first matching rule wins; its omitStages and omitManagedFields apply', () => {
  const policy: AuditPolicy = {
    omitManagedFields: true,
    rules: [
      { level: 'None', nonResourceURLs: ['/healthz*'] },
      { level: 'RequestResponse', resources: [{ resources: ['configmaps'] }], omitStages: ['RequestReceived'], omitManagedFields: false },
      { level: 'Metadata' },
    ],
  };
  assert.deepEqual(evaluateAuditPolicy(policy, info('GET', '/healthz'), alice), { level: 'None', omitStages: [], omitManagedFields: true });
  assert.deepEqual(evaluateAuditPolicy(policy, info('POST', '/api/v1/namespaces/a/configmaps'), alice), { level: 'RequestResponse', omitStages: ['RequestReceived'], omitManagedFields: false });
  assert.equal(evaluateAuditPolicy(policy, info('GET', '/api/v1/pods'), alice).level, 'Metadata');
});
