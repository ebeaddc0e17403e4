import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditAnnotationsOf, type RecordedAuthorization } from './audit-annotations.js';

// upstream filters.WithAuthorization's annotations per answer (TestAuthorization's audit expectations).
const cases: { name: string; authorization?: RecordedAuthorization; added?: Record<string, string>; expected: Record<string, string> }[] = [
  { name: 'no decision yet', expected: {} },
  { name: 'allow', authorization: { decision: 'Allow', reason: 'RBAC: allowed by ClusterRoleBinding "x"' }, expected: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': 'RBAC: allowed by ClusterRoleBinding "x"' } },
  { name: 'allow with an empty reason', authorization: { decision: 'Allow', reason: '' }, expected: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' } },
  { name: 'allow beside an evaluation error', authorization: { decision: 'Allow', reason: 'ok', error: 'role not found' }, expected: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': 'ok' } },
  { name: 'deny', authorization: { decision: 'Deny', reason: 'no' }, expected: { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': 'no' } },
  { name: 'no opinion', authorization: { decision: 'NoOpinion', reason: '' }, expected: { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': '' } },
  { name: 'evaluation error: the reason only', authorization: { decision: 'NoOpinion', reason: 'webhook', error: 'timeout' }, expected: { 'authorization.k8s.io/reason': 'internal error' } },
  { name: 'deny with an error is an error', authorization: { decision: 'Deny', reason: 'no', error: 'x' }, expected: { 'authorization.k8s.io/reason': 'internal error' } },
  {
    name: 'handlers\' annotations follow',
    authorization: { decision: 'Allow', reason: '' },
    added: { 'k8s.io/deprecated': 'true', 'k8s.io/removed-release': '1.26' },
    expected: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '', 'k8s.io/deprecated': 'true', 'k8s.io/removed-release': '1.26' },
  },
  { name: 'a key keeps its first value', authorization: { decision: 'Deny', reason: 'r' }, added: { 'authorization.k8s.io/decision': 'allow' }, expected: { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': 'r' } },
];

for (const c of cases) {
  test(`auditAnnotationsOf: ${c.name}`, () => {
    const annotations = auditAnnotationsOf({ ...(c.authorization ? { authorization: c.authorization } : {}), ...(c.added ? { auditAnnotations: c.added } : {}) });
    assert.deepEqual(annotations, c.expected);
    assert.deepEqual(Object.keys(annotations), Object.keys(c.expected), 'in the order added');
  });
}
