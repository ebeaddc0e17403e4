import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PolicyRule } from '../../../apis/rbac/v1/schemas.generated.js';
import { breakdownRule, covers } from './covers.js';

const r = (verbs: string[], groups: string[], resources: string[], names?: string[]): PolicyRule => ({ apiGroups: groups, resources, verbs, ...(names && { resourceNames: names }) });
const url = (verbs: string[], urls: string[]): PolicyRule => ({ nonResourceURLs: urls, verbs });

const cases: { name: string; owner: PolicyRule[]; wanted: PolicyRule[]; uncovered: PolicyRule[] }[] = [
  { name: 'identical rules', owner: [r(['get', 'list'], [''], ['pods'])], wanted: [r(['get', 'list'], [''], ['pods'])], uncovered: [] },
  { name: 'split across owner rules', owner: [r(['get'], [''], ['pods']), r(['list'], [''], ['pods'])], wanted: [r(['get', 'list'], [''], ['pods'])], uncovered: [] },
  { name: 'a missing verb is returned as its piece', owner: [r(['get'], [''], ['pods'])], wanted: [r(['get', 'list'], [''], ['pods'])], uncovered: [r(['list'], [''], ['pods'])] },
  { name: 'stars cover everything', owner: [r(['*'], ['*'], ['*'])], wanted: [r(['delete'], ['apps'], ['deployments/scale'])], uncovered: [] },
  { name: '*/scale covers a scale subresource', owner: [r(['get'], ['apps'], ['*/scale'])], wanted: [r(['get'], ['apps'], ['deployments/scale'])], uncovered: [] },
  { name: '*/scale does not cover the resource', owner: [r(['get'], ['apps'], ['*/scale'])], wanted: [r(['get'], ['apps'], ['deployments'])], uncovered: [r(['get'], ['apps'], ['deployments'])] },
  { name: 'a named owner does not cover an unnamed rule', owner: [r(['get'], [''], ['configmaps'], ['a'])], wanted: [r(['get'], [''], ['configmaps'])], uncovered: [r(['get'], [''], ['configmaps'])] },
  { name: 'an unnamed owner covers a named rule', owner: [r(['get'], [''], ['configmaps'])], wanted: [r(['get'], [''], ['configmaps'], ['a'])], uncovered: [] },
  { name: 'a URL prefix covers', owner: [url(['get'], ['/healthz/*'])], wanted: [url(['get'], ['/healthz/etcd'])], uncovered: [] },
  { name: 'a missing URL', owner: [url(['get'], ['/healthz'])], wanted: [url(['get'], ['/healthz', '/livez'])], uncovered: [url(['get'], ['/livez'])] },
];

for (const c of cases) {
  test(`covers: ${c.name}`, () => {
    const result = covers(c.owner, c.wanted);
    assert.deepEqual(result.uncovered, c.uncovered);
    assert.equal(result.covers, c.uncovered.length === 0);
  });
}

test('breakdownRule: group x resource x verb, then URL x verb', () => {
  assert.equal(breakdownRule(r(['get', 'list'], ['', 'apps'], ['a', 'b', 'c'])).length, 12);
  assert.deepEqual(breakdownRule(url(['get', 'post'], ['/x'])), [url(['get'], ['/x']), url(['post'], ['/x'])]);
});
