import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterRole, ClusterRoleBinding } from '../../../apis/rbac/v1/schemas.generated.js';
import { reconcileRole, reconcileRoleBinding } from './reconcile.js';

const ANNOTATION = 'rbac.authorization.kubernetes.io/autoupdate';
const meta = (labels: Record<string, string> = {}, annotations: Record<string, string> = { [ANNOTATION]: 'true' }) => ({ name: 'r', labels, annotations });
const pods = (...verbs: string[]) => ({ apiGroups: [''], resources: ['pods'], verbs });
const role = (rules: ClusterRole['rules'], metadata = meta(), aggregationRule?: ClusterRole['aggregationRule']): ClusterRole => ({ metadata, ...(rules && { rules }), ...(aggregationRule && { aggregationRule }) });
const selector = (key: string) => ({ clusterRoleSelectors: [{ matchLabels: { [key]: 'true' } }] });

const roleCases: { name: string; existing: ClusterRole; expected: ClusterRole; want: ClusterRole | undefined }[] = [
  { name: 'in line: nothing', existing: role([pods('get')]), expected: role([pods('get')]), want: undefined },
  { name: 'extra rules are kept', existing: role([pods('get'), pods('delete')]), expected: role([pods('get')]), want: undefined },
  { name: 'a removed rule is added back', existing: role([pods('get')]), expected: role([pods('get', 'list')]), want: role([pods('get'), pods('list')]) },
  { name: 'autoupdate "false" protects', existing: role([], meta({}, { [ANNOTATION]: 'false' })), expected: role([pods('get')]), want: undefined },
  { name: 'labels are unioned, stored values win', existing: role([pods('get')], meta({ a: 'mine' })), expected: role([pods('get')], meta({ a: 'x', b: 'y' })), want: role([pods('get')], meta({ a: 'mine', b: 'y' })) },
  { name: 'aggregated: stored rules kept', existing: role([pods('get')], meta(), selector('k')), expected: role(undefined, meta(), selector('k')), want: undefined },
  { name: 'aggregated: a missing selector is added', existing: role([pods('get')], meta(), selector('k')), expected: role(undefined, meta(), selector('j')), want: role([pods('get')], meta(), { clusterRoleSelectors: [...selector('k').clusterRoleSelectors, ...selector('j').clusterRoleSelectors] }) },
  { name: 'an aggregation rule not expected is removed', existing: role([pods('get')], meta(), selector('k')), expected: role([pods('get')]), want: role([pods('get')]) },
];

for (const c of roleCases) {
  test(`reconcileRole: ${c.name}`, () => {
    const result = reconcileRole(c.existing, c.expected);
    if (!c.want) return assert.equal(result.operation, 'none');
    assert.equal(result.operation, 'update');
    assert.deepEqual((result as { object: ClusterRole }).object, c.want);
  });
}

const user = (name: string) => ({ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name });
const binding = (roleName: string, subjects: ClusterRoleBinding['subjects'], annotations?: Record<string, string>): ClusterRoleBinding => ({
  metadata: meta({}, annotations), roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: roleName }, ...(subjects && { subjects }),
});

const bindingCases: { name: string; existing: ClusterRoleBinding; expected: ClusterRoleBinding; want: 'none' | 'update' | 'recreate'; subjects?: string[] }[] = [
  { name: 'in line: nothing', existing: binding('a', [user('u')]), expected: binding('a', [user('u')]), want: 'none' },
  { name: 'extra subjects are kept', existing: binding('a', [user('u'), user('v')]), expected: binding('a', [user('u')]), want: 'none' },
  { name: 'a removed subject is added back', existing: binding('a', [user('v')]), expected: binding('a', [user('u')]), want: 'update', subjects: ['v', 'u'] },
  { name: 'another roleRef: recreated as expected', existing: binding('b', [user('v')]), expected: binding('a', [user('u')]), want: 'recreate', subjects: ['u'] },
  { name: 'protected: left alone even with another roleRef', existing: binding('b', [], { [ANNOTATION]: 'false' }), expected: binding('a', [user('u')]), want: 'none' },
];

for (const c of bindingCases) {
  test(`reconcileRoleBinding: ${c.name}`, () => {
    const result = reconcileRoleBinding(c.existing, c.expected);
    assert.equal(result.operation, c.want);
    if (result.operation !== 'none') assert.deepEqual(result.object.subjects?.map((s) => s.name), c.subjects);
  });
}
