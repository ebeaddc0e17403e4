import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserInfo } from '../../auth/user-info.js';
import { isStatusError } from '../../errors/status-error.js';
import { allow, noOpinion, type AuthorizationAttributes, type Authorizer } from '../authorizer.js';
import { impersonate } from './impersonate.js';
import { parseImpersonationHeaders } from './requests.js';

const caller: UserInfo = { name: 'alice', groups: ['system:authenticated'] };

/** Allows the `impersonate` asks listed as `resource[/subresource]:namespace:name`; records every ask. */
function fakeAuthorizer(allowed: readonly string[], asked: string[] = [], async = false): Authorizer {
  return {
    authorize(a: AuthorizationAttributes) {
      const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
      const key = `${resource}:${a.namespace}:${a.name}`;
      asked.push(`${a.verb} ${a.apiGroup}/${a.apiVersion} ${key}`);
      const result = allowed.includes(key) || allowed.includes(`${resource}:*`) ? allow() : noOpinion('no RBAC policy matched');
      return async ? Promise.resolve(result) : result;
    },
  };
}

async function run(raw: string[], allowed: readonly string[], asked?: string[], async = false): Promise<UserInfo> {
  const parsed = parseImpersonationHeaders(raw);
  if ('error' in parsed) throw new Error(parsed.error);
  return impersonate(caller, parsed.requests, parsed.groupsSpecified, fakeAuthorizer(allowed, asked, async));
}

const identities: { name: string; raw: string[]; allowed: string[]; user: UserInfo }[] = [
  { name: 'a user gets system:authenticated', raw: ['Impersonate-User', 'jane'], allowed: ['users::jane'], user: { name: 'jane', groups: ['system:authenticated'] } },
  {
    name: 'a user with groups: system:authenticated added as well',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Group', 'devs', 'Impersonate-Group', 'ops'],
    allowed: ['users::jane', 'groups:*'],
    user: { name: 'jane', groups: ['devs', 'ops', 'system:authenticated'] },
  },
  {
    name: 'system:authenticated given: not repeated',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Group', 'system:authenticated'],
    allowed: ['users::jane', 'groups:*'],
    user: { name: 'jane', groups: ['system:authenticated'] },
  },
  {
    name: 'system:unauthenticated given: no system:authenticated',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Group', 'system:unauthenticated'],
    allowed: ['users::jane', 'groups:*'],
    user: { name: 'jane', groups: ['system:unauthenticated'] },
  },
  { name: 'system:anonymous gets system:unauthenticated', raw: ['Impersonate-User', 'system:anonymous'], allowed: ['users:*'], user: { name: 'system:anonymous', groups: ['system:unauthenticated'] } },
  {
    name: 'system:anonymous with groups',
    raw: ['Impersonate-User', 'system:anonymous', 'Impersonate-Group', 'g'],
    allowed: ['users:*', 'groups:*'],
    user: { name: 'system:anonymous', groups: ['g', 'system:unauthenticated'] },
  },
  {
    name: 'a service account brings its groups',
    raw: ['Impersonate-User', 'system:serviceaccount:ns:sa'],
    allowed: ['serviceaccounts:ns:sa'],
    user: { name: 'system:serviceaccount:ns:sa', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns', 'system:authenticated'] },
  },
  {
    name: 'a service account with groups given: only those',
    raw: ['Impersonate-User', 'system:serviceaccount:ns:sa', 'Impersonate-Group', 'g'],
    allowed: ['serviceaccounts:ns:sa', 'groups:*'],
    user: { name: 'system:serviceaccount:ns:sa', groups: ['g', 'system:authenticated'] },
  },
  {
    name: 'extra and uid',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Extra-Scopes', 'view', 'Impersonate-Extra-Scopes', 'edit', 'Impersonate-Extra-__proto__', 'x', 'Impersonate-Uid', 'u-1'],
    allowed: ['users::jane', 'userextras/scopes:*', 'userextras/__proto__:*', 'uids::u-1'],
    user: { name: 'jane', groups: ['system:authenticated'], uid: 'u-1', extra: Object.fromEntries([['scopes', ['view', 'edit']], ['__proto__', ['x']]]) },
  },
];

for (const c of identities) {
  test(`impersonate: ${c.name}`, async () => {
    assert.deepEqual(await run(c.raw, c.allowed), c.user);
    assert.deepEqual(await run(c.raw, c.allowed, [], true), c.user, 'an asynchronous authorizer');
  });
}

test('impersonate: each item asked as impersonate, in order, with its value as the name', async () => {
  const asked: string[] = [];
  const raw = ['Impersonate-User', 'system:serviceaccount:ns:sa', 'Impersonate-Group', 'g', 'Impersonate-Extra-Scopes', 'view', 'Impersonate-Uid', 'u-1'];
  await run(raw, ['serviceaccounts:ns:sa', 'groups::g', 'userextras/scopes::view', 'uids::u-1'], asked);
  assert.deepEqual(asked, [
    'impersonate / serviceaccounts:ns:sa',
    'impersonate / groups::g',
    'impersonate authentication.k8s.io/v1 userextras/scopes::view',
    'impersonate authentication.k8s.io/v1 uids::u-1',
  ]);
});

const refusals: { name: string; raw: string[]; allowed: string[]; message: string; details: object }[] = [
  {
    name: 'a user',
    raw: ['Impersonate-User', 'jane'],
    allowed: [],
    message: 'users "jane" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope: no RBAC policy matched',
    details: { name: 'jane', kind: 'users' },
  },
  {
    name: 'a group, after the user was allowed',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Group', 'admins'],
    allowed: ['users::jane'],
    message: 'groups "admins" is forbidden: User "alice" cannot impersonate resource "groups" in API group "" at the cluster scope: no RBAC policy matched',
    details: { name: 'admins', kind: 'groups' },
  },
  {
    name: 'a service account, in its namespace',
    raw: ['Impersonate-User', 'system:serviceaccount:ns:sa'],
    allowed: ['users:*'],
    message: 'serviceaccounts "sa" is forbidden: User "alice" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "ns": no RBAC policy matched',
    details: { name: 'sa', kind: 'serviceaccounts' },
  },
  {
    name: 'an extra value',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Extra-Scopes', 'admin'],
    allowed: ['users:*'],
    message:
      'userextras.authentication.k8s.io "admin" is forbidden: User "alice" cannot impersonate resource "userextras/scopes" in API group "authentication.k8s.io" at the cluster scope: no RBAC policy matched',
    details: { name: 'admin', group: 'authentication.k8s.io', kind: 'userextras' },
  },
  {
    name: 'a uid',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Uid', 'u-1'],
    allowed: ['users:*'],
    message: 'uids.authentication.k8s.io "u-1" is forbidden: User "alice" cannot impersonate resource "uids" in API group "authentication.k8s.io" at the cluster scope: no RBAC policy matched',
    details: { name: 'u-1', group: 'authentication.k8s.io', kind: 'uids' },
  },
];

for (const c of refusals) {
  test(`impersonate refused: ${c.name}`, async () => {
    await assert.rejects(run(c.raw, c.allowed), (e) => {
      assert.ok(isStatusError(e));
      assert.equal(e.code, 403);
      assert.equal(e.status.reason, 'Forbidden');
      assert.equal(e.status.message, c.message);
      assert.deepEqual(e.status.details, c.details);
      return true;
    });
  });
}
