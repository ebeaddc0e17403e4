import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import { nonResourceAttributes } from '../attributes.js';
import type { AuthorizationAttributes } from '../authorizer.js';
import { ruleAllows } from './rule-matching.js';

const user = { name: 'jane', groups: [] };
const request = (verb: string, resource: string, more: Partial<AuthorizationAttributes> = {}): AuthorizationAttributes => ({
  user, verb, isResourceRequest: true, path: '', namespace: 'dev', apiGroup: '', apiVersion: 'v1', resource, subresource: '', name: '', ...more,
});

const cases: { name: string; rule: PolicyRule; request: AuthorizationAttributes; allowed: boolean }[] = [
  { name: 'exact verb, group, resource', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, request: request('get', 'pods'), allowed: true },
  { name: 'other verb', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, request: request('list', 'pods'), allowed: false },
  { name: 'other group', rule: { verbs: ['get'], apiGroups: ['apps'], resources: ['pods'] }, request: request('get', 'pods'), allowed: false },
  { name: 'no apiGroups matches nothing', rule: { verbs: ['get'], resources: ['pods'] }, request: request('get', 'pods'), allowed: false },
  { name: 'wildcards', rule: { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, request: request('delete', 'deployments', { apiGroup: 'apps' }), allowed: true },
  { name: 'resource without its subresource', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, request: request('get', 'pods', { subresource: 'log' }), allowed: false },
  { name: 'resource/subresource', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, request: request('get', 'pods', { subresource: 'log' }), allowed: true },
  { name: '*/subresource', rule: { verbs: ['update'], apiGroups: ['*'], resources: ['*/status'] }, request: request('update', 'jobs', { subresource: 'status', apiGroup: 'batch' }), allowed: true },
  { name: '*/subresource needs that subresource', rule: { verbs: ['update'], apiGroups: ['*'], resources: ['*/status'] }, request: request('update', 'jobs', { subresource: 'scale' }), allowed: false },
  { name: '*/subresource is not the main resource', rule: { verbs: ['get'], apiGroups: [''], resources: ['*/log'] }, request: request('get', 'pods'), allowed: false },
  { name: 'named object', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, request: request('get', 'pods', { name: 'a' }), allowed: true },
  { name: 'another name', rule: { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, request: request('get', 'pods', { name: 'b' }), allowed: false },
  { name: 'resourceNames never allow create', rule: { verbs: ['create'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, request: request('create', 'pods'), allowed: false },
  { name: 'resourceNames never allow deletecollection', rule: { verbs: ['deletecollection'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, request: request('deletecollection', 'pods'), allowed: false },
  { name: 'list pinned to a name', rule: { verbs: ['list'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }, request: request('list', 'pods', { name: 'a' }), allowed: true },
  { name: 'non-resource exact', rule: { verbs: ['get'], nonResourceURLs: ['/healthz'] }, request: nonResourceAttributes(user, 'get', '/healthz'), allowed: true },
  { name: 'non-resource prefix', rule: { verbs: ['get'], nonResourceURLs: ['/healthz*'] }, request: nonResourceAttributes(user, 'get', '/healthz/etcd'), allowed: true },
  { name: 'non-resource other path', rule: { verbs: ['get'], nonResourceURLs: ['/healthz'] }, request: nonResourceAttributes(user, 'get', '/healthz/etcd'), allowed: false },
  { name: 'non-resource rule does not grant resources', rule: { verbs: ['*'], nonResourceURLs: ['*'] }, request: request('get', 'pods'), allowed: false },
  { name: 'resource rule does not grant paths', rule: { verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, request: nonResourceAttributes(user, 'get', '/metrics'), allowed: false },
];

for (const c of cases) {
  test(`ruleAllows: ${c.name}`, () => assert.equal(ruleAllows(c.request, c.rule), c.allowed));
}
