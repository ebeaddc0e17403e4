import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import { escalationError } from './escalation.js';
import { compactRules, compactString, covers } from './policy-comparator.js';
import { memoryPolicy, user } from './test-policy.js';

const coverCases: { name: string; owned: PolicyRule[]; wanted: PolicyRule[]; covered: boolean }[] = [
  { name: 'same rule', owned: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], wanted: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], covered: true },
  { name: 'more verbs wanted', owned: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], wanted: [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods'] }], covered: false },
  { name: 'split over two owned rules', owned: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verbs: ['delete'], apiGroups: [''], resources: ['pods'] }], wanted: [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods'] }], covered: true },
  { name: 'star covers all', owned: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }], wanted: [{ verbs: ['escalate'], apiGroups: ['rbac.authorization.k8s.io'], resources: ['roles'] }], covered: true },
  { name: '*/status covers x/status', owned: [{ verbs: ['update'], apiGroups: ['apps'], resources: ['*/status'] }], wanted: [{ verbs: ['update'], apiGroups: ['apps'], resources: ['deployments/status'] }], covered: true },
  { name: 'named owner does not cover unnamed', owned: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }], wanted: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], covered: false },
  { name: 'unnamed owner covers named', owned: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }], wanted: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a', 'b'] }], covered: true },
  { name: 'URL prefix', owned: [{ verbs: ['get'], nonResourceURLs: ['/api/*'] }], wanted: [{ verbs: ['get'], nonResourceURLs: ['/api/v1'] }], covered: true },
  { name: 'URL outside the prefix', owned: [{ verbs: ['get'], nonResourceURLs: ['/api/*'] }], wanted: [{ verbs: ['get'], nonResourceURLs: ['/apis'] }], covered: false },
];

for (const c of coverCases) {
  test(`covers: ${c.name}`, () => assert.equal(covers(c.owned, c.wanted).covered, c.covered));
}

test('missing rules compact by resource and print as upstream', () => {
  const { missing } = covers([], [{ verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments'] }, { verbs: ['get'], nonResourceURLs: ['/x'] }]);
  assert.deepEqual(compactRules(missing).map(compactString), ['{NonResourceURLs:["/x"], Verbs:["get"]}', '{APIGroups:["apps"], Resources:["deployments"], Verbs:["get" "list"]}']);
});

test('escalationError names the user, its groups and each missing rule', () => {
  const p = memoryPolicy();
  p.role('dev', 'reader', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]);
  p.roleBinding('dev', 'jane', 'Role', 'reader', [user('jane')]);
  const jane = { name: 'jane', groups: ['system:authenticated'] };
  assert.equal(escalationError(p.resolver, jane, 'dev', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]), undefined);
  assert.equal(
    escalationError(p.resolver, jane, 'dev', [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods', 'secrets'] }]),
    'user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:\n' +
      '{APIGroups:[""], Resources:["pods"], Verbs:["delete"]}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get" "delete"]}',
  );
  assert.notEqual(escalationError(p.resolver, jane, 'prod', [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]), undefined);
});
