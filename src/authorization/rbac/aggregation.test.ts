import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClusterRole, PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import { aggregatedRules, sameRules } from './aggregation.js';

const rule = (verb: string, resource: string): PolicyRule => ({ apiGroups: [''], resources: [resource], verbs: [verb] });
const role = (name: string, labels: Record<string, string>, rules: PolicyRule[], selectors?: Record<string, string>[]): ClusterRole => ({
  metadata: { name, labels },
  rules,
  ...(selectors && { aggregationRule: { clusterRoleSelectors: selectors.map((matchLabels) => ({ matchLabels })) } }),
});

const edit = role('edit', { 'to-admin': 'true' }, [], [{ 'to-edit': 'true' }]);
const cases: { name: string; role: ClusterRole; others: ClusterRole[]; want: PolicyRule[] }[] = [
  { name: 'no match: no rules', role: edit, others: [role('a', {}, [rule('get', 'pods')])], want: [] },
  {
    name: 'matching roles in name order, rules in their order',
    role: edit,
    others: [role('b', { 'to-edit': 'true' }, [rule('get', 'b1'), rule('get', 'b2')]), role('a', { 'to-edit': 'true' }, [rule('get', 'a1')])],
    want: [rule('get', 'a1'), rule('get', 'b1'), rule('get', 'b2')],
  },
  {
    name: 'equal rules once (absent and empty lists alike)',
    role: edit,
    others: [role('a', { 'to-edit': 'true' }, [rule('get', 'x')]), role('b', { 'to-edit': 'true' }, [{ ...rule('get', 'x'), resourceNames: [] }, rule('list', 'x')])],
    want: [rule('get', 'x'), rule('list', 'x')],
  },
  {
    name: 'selectors in order, a role matched by both counted under the first',
    role: role('agg', {}, [], [{ second: 'true' }, { first: 'true' }]),
    others: [role('a', { first: 'true' }, [rule('get', 'a')]), role('z', { second: 'true', first: 'true' }, [rule('get', 'z')])],
    want: [rule('get', 'z'), rule('get', 'a')],
  },
  {
    name: 'the role itself is left out even when it matches',
    role: role('self', { 'to-edit': 'true' }, [rule('get', 'old')], [{ 'to-edit': 'true' }]),
    others: [role('a', { 'to-edit': 'true' }, [rule('get', 'a')])],
    want: [rule('get', 'a')],
  },
];

for (const c of cases) {
  test(`aggregatedRules: ${c.name}`, () => {
    assert.deepEqual(aggregatedRules(c.role, [c.role, ...c.others]), c.want);
  });
}

test('sameRules: order matters, absent and empty lists are equal', () => {
  assert.equal(sameRules([rule('get', 'a')], [{ ...rule('get', 'a'), nonResourceURLs: [] }]), true);
  assert.equal(sameRules([rule('get', 'a'), rule('get', 'b')], [rule('get', 'b'), rule('get', 'a')]), false);
  assert.equal(sameRules(undefined, []), true);
});
