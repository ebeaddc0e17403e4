import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuthorizationResult, RulesResult } from '../authorizer.js';
import { accessReviewStatus, attributesFor, rulesReviewStatus, subjectOf } from './review-attributes.js';

test('attributesFor: a review spec as authorizer attributes (an empty version matches all)', () => {
  const user = subjectOf({ user: 'jane', groups: ['dev'], uid: 'u-1', extra: { scopes: ['a'] } });
  assert.deepEqual(user, { name: 'jane', groups: ['dev'], uid: 'u-1', extra: { scopes: ['a'] } });
  const cases: [string, Parameters<typeof attributesFor>[1], Record<string, unknown>][] = [
    [
      'resource attributes',
      { resourceAttributes: { namespace: 'ns', verb: 'get', group: 'apps', resource: 'deployments', subresource: 'scale', name: 'web' } },
      { verb: 'get', isResourceRequest: true, path: '', namespace: 'ns', apiGroup: 'apps', apiVersion: '*', resource: 'deployments', subresource: 'scale', name: 'web' },
    ],
    [
      'a version',
      { resourceAttributes: { verb: 'list', resource: 'pods', version: 'v1' } },
      { verb: 'list', isResourceRequest: true, path: '', namespace: '', apiGroup: '', apiVersion: 'v1', resource: 'pods', subresource: '', name: '' },
    ],
    [
      'non-resource attributes',
      { nonResourceAttributes: { path: '/healthz', verb: 'get' } },
      { verb: 'get', isResourceRequest: false, path: '/healthz', namespace: '', apiGroup: '', apiVersion: '', resource: '', subresource: '', name: '' },
    ],
  ];
  for (const [name, spec, expected] of cases) assert.deepEqual(attributesFor(user, spec), { user, ...expected }, name);
});

test('accessReviewStatus: allowed always, denied only on Deny, reason and evaluation error when set', () => {
  const cases: [AuthorizationResult, Record<string, unknown>][] = [
    [{ decision: 'Allow', reason: 'RBAC: allowed by x' }, { allowed: true, reason: 'RBAC: allowed by x' }],
    [{ decision: 'NoOpinion', reason: '' }, { allowed: false }],
    [{ decision: 'Deny', reason: 'no' }, { allowed: false, denied: true, reason: 'no' }],
    [{ decision: 'NoOpinion', reason: '', error: 'webhook down' }, { allowed: false, evaluationError: 'webhook down' }],
  ];
  for (const [result, expected] of cases) assert.deepEqual(accessReviewStatus(result), expected, result.decision);
});

test('rulesReviewStatus: rules without their empty lists, empty lists of rules kept', () => {
  const rules: RulesResult = {
    resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: [] }, { verbs: ['*'], apiGroups: [], resources: [], resourceNames: ['x'] }],
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/api'] }],
    incomplete: true,
    evaluationError: 'e',
  };
  assert.deepEqual(rulesReviewStatus(rules), {
    resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verbs: ['*'], resourceNames: ['x'] }],
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/api'] }],
    incomplete: true,
    evaluationError: 'e',
  });
  assert.deepEqual(rulesReviewStatus({ resourceRules: [], nonResourceRules: [], incomplete: false }), { resourceRules: [], nonResourceRules: [], incomplete: false });
});
