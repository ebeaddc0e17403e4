import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestAttributes, nonResourceAttributes } from './attributes.js';
import { allow, deny, noOpinion, type Authorizer } from './authorizer.js';
import { alwaysDeny, privilegedGroups } from './builtin-modules.js';
import { forbiddenError } from './forbidden.js';
import { unionAuthorizer } from './union.js';
import { parseRequestInfo } from '../endpoints/request-info.js';

const jane = { name: 'jane', groups: ['system:authenticated'] };
const fixed = (result: ReturnType<typeof allow>): Authorizer => ({ authorize: () => result });
const later = (result: ReturnType<typeof allow>): Authorizer => ({ authorize: async () => result });

test('union: the first decision wins; no opinion collects reasons and errors', async () => {
  const attrs = nonResourceAttributes(jane, 'get', '/x');
  assert.equal((await unionAuthorizer([fixed(noOpinion('a')), fixed(deny('no')), fixed(allow())]).authorize(attrs)).decision, 'Deny');
  assert.equal((await unionAuthorizer([later(noOpinion()), fixed(allow('yes'))]).authorize(attrs)).reason, 'yes');
  assert.deepEqual(await unionAuthorizer([fixed(noOpinion('a', 'boom')), later(noOpinion('b'))]).authorize(attrs), { decision: 'NoOpinion', reason: 'a\nb', error: 'boom' });
});

test('system:masters is allowed before AlwaysDeny', () => {
  const union = unionAuthorizer([privilegedGroups('system:masters'), alwaysDeny]);
  assert.equal((union.authorize(nonResourceAttributes({ name: 'admin', groups: ['system:masters'] }, 'get', '/')) as { decision: string }).decision, 'Allow');
  assert.deepEqual(union.authorize(nonResourceAttributes(jane, 'get', '/')), { decision: 'Deny', reason: 'Everything is forbidden.' });
});

const attributesOf = (method: string, target: string) => {
  const [path, query = ''] = target.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  return requestAttributes(jane, parseRequestInfo(method, path, params), params);
};

const forbiddenCases: { target: string; method: string; message: string }[] = [
  { method: 'GET', target: '/api/v1/namespaces/dev/pods', message: 'pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "dev"' },
  { method: 'GET', target: '/api/v1/namespaces/dev/pods?watch=1&fieldSelector=metadata.name%3Dp1', message: 'pods "p1" is forbidden: User "jane" cannot watch resource "pods" in API group "" in the namespace "dev"' },
  // The legacy /watch/ paths keep the path's name, and no selector names them.
  { method: 'GET', target: '/api/v1/watch/namespaces/dev/pods/p1', message: 'pods "p1" is forbidden: User "jane" cannot watch resource "pods" in API group "" in the namespace "dev"' },
  { method: 'GET', target: '/api/v1/watch/namespaces/dev/pods?fieldSelector=metadata.name%3Dp1', message: 'pods is forbidden: User "jane" cannot watch resource "pods" in API group "" in the namespace "dev"' },
  { method: 'DELETE', target: '/apis/apps/v1/namespaces/dev/deployments', message: 'deployments.apps is forbidden: User "jane" cannot deletecollection resource "deployments" in API group "apps" in the namespace "dev"' },
  { method: 'PUT', target: '/apis/apps/v1/namespaces/dev/deployments/web/scale', message: 'deployments.apps "web" is forbidden: User "jane" cannot update resource "deployments/scale" in API group "apps" in the namespace "dev"' },
  { method: 'GET', target: '/api/v1/nodes/n1/proxy/metrics', message: 'nodes "n1" is forbidden: User "jane" cannot get resource "nodes/proxy" at the cluster scope'.replace('" at', '" in API group "" at') },
  { method: 'GET', target: '/healthz/<x>', message: 'forbidden: User "jane" cannot get path "/healthz/&lt;x&gt;"' },
];

for (const c of forbiddenCases) {
  test(`forbidden: ${c.method} ${c.target}`, () => {
    const error = forbiddenError(attributesOf(c.method, c.target), '');
    assert.equal(error.code, 403);
    assert.deepEqual(error.headers, { 'x-content-type-options': 'nosniff' });
    assert.equal(error.message, c.message);
  });
}

test('forbidden: the reason follows the message', () => {
  assert.match(forbiddenError(attributesOf('GET', '/api/v1/pods'), 'RBAC: role missing').message, /at the cluster scope: RBAC: role missing$/);
});
