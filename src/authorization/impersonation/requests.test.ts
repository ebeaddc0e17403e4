import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasImpersonationHeaders, parseImpersonationHeaders, type ImpersonationRequest } from './requests.js';

const user = (name: string): ImpersonationRequest => ({ kind: 'User', namespace: '', name, extraKey: '' });
const group = (name: string): ImpersonationRequest => ({ kind: 'Group', namespace: '', name, extraKey: '' });
const extra = (extraKey: string, name: string): ImpersonationRequest => ({ kind: 'UserExtra', namespace: '', name, extraKey });
const uid = (name: string): ImpersonationRequest => ({ kind: 'UID', namespace: '', name, extraKey: '' });
const account = (namespace: string, name: string): ImpersonationRequest => ({ kind: 'ServiceAccount', namespace, name, extraKey: '' });

test('hasImpersonationHeaders: any Impersonate- header name, any case', () => {
  const cases: [string[], boolean][] = [
    [[], false],
    [['Host', 'x', 'Authorization', 'Bearer t'], false],
    [['Impersonate', 'x'], false],
    [['X-Impersonate-User', 'x'], false],
    [['Impersonate-User', 'jane'], true],
    [['host', 'x', 'impersonate-group', 'g'], true],
    [['IMPERSONATE-EXTRA-SCOPES', 'v'], true],
    [['Impersonate-Something', 'v'], true],
  ];
  for (const [raw, expected] of cases) assert.equal(hasImpersonationHeaders(raw), expected, raw.join(','));
});

const cases: { name: string; raw: string[]; requests?: ImpersonationRequest[]; groupsSpecified?: boolean; error?: string }[] = [
  { name: 'no headers', raw: ['Accept', 'application/json'], requests: [], groupsSpecified: false },
  { name: 'a user', raw: ['Impersonate-User', 'jane'], requests: [user('jane')], groupsSpecified: false },
  { name: 'the first user line counts', raw: ['Impersonate-User', 'jane', 'impersonate-user', 'joe'], requests: [user('jane')], groupsSpecified: false },
  { name: 'an empty user is no user', raw: ['Impersonate-User', ''], requests: [], groupsSpecified: false },
  { name: 'a service account', raw: ['Impersonate-User', 'system:serviceaccount:ns:sa'], requests: [account('ns', 'sa')], groupsSpecified: false },
  { name: 'an account name that is not valid is a user', raw: ['Impersonate-User', 'system:serviceaccount:NS:sa'], requests: [user('system:serviceaccount:NS:sa')], groupsSpecified: false },
  { name: 'three parts are a user', raw: ['Impersonate-User', 'system:serviceaccount:ns:sa:x'], requests: [user('system:serviceaccount:ns:sa:x')], groupsSpecified: false },
  {
    name: 'groups one per line, in order, after the user',
    raw: ['Impersonate-Group', 'a', 'Impersonate-User', 'jane', 'impersonate-group', 'b, c'],
    requests: [user('jane'), group('a'), group('b, c')],
    groupsSpecified: true,
  },
  {
    name: 'extra keys lower-cased and percent-decoded, values as sent',
    raw: ['Impersonate-User', 'jane', 'Impersonate-Extra-Scopes', 'View', 'Impersonate-Extra-Example.com%2fTeam', 'A b', 'impersonate-extra-scopes', 'edit'],
    requests: [user('jane'), extra('scopes', 'View'), extra('example.com/team', 'A b'), extra('scopes', 'edit')],
    groupsSpecified: false,
  },
  { name: 'a malformed escape keeps the key', raw: ['Impersonate-User', 'jane', 'Impersonate-Extra-a%zz', 'v'], requests: [user('jane'), extra('a%zz', 'v')], groupsSpecified: false },
  { name: 'uid last', raw: ['Impersonate-Uid', 'u-1', 'Impersonate-User', 'jane', 'Impersonate-Group', 'g'], requests: [user('jane'), group('g'), uid('u-1')], groupsSpecified: true },
  { name: 'other Impersonate- headers are not read', raw: ['Impersonate-Whatever', 'x'], requests: [], groupsSpecified: false },
  { name: 'a group without a user', raw: ['Impersonate-Group', 'g'], error: 'requested [{Group  g    }] without impersonating a user' },
  {
    name: 'extra and uid without a user',
    raw: ['Impersonate-Extra-Scopes', 'view', 'Impersonate-Uid', 'u-1'],
    error: 'requested [{UserExtra  view  authentication.k8s.io/v1  scopes} {UID  u-1  authentication.k8s.io/v1  }] without impersonating a user',
  },
  { name: 'an empty user with a group', raw: ['Impersonate-User', '', 'Impersonate-Group', 'g'], error: 'requested [{Group  g    }] without impersonating a user' },
];

for (const c of cases) {
  test(`parseImpersonationHeaders: ${c.name}`, () => {
    const parsed = parseImpersonationHeaders(c.raw);
    if (c.error !== undefined) assert.deepEqual(parsed, { error: c.error });
    else assert.deepEqual(parsed, { requests: c.requests, groupsSpecified: c.groupsSpecified });
  });
}
