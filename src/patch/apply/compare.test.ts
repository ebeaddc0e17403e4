import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareObjects, excludeFields, isSame, jsonEqual } from './compare.js';
import { listPaths, setOf } from './field-set.js';
import { fieldElement, pathString } from './path-element.js';
import { WIDGET } from './test-kinds.js';

const summary = (lhs: unknown, rhs: unknown) => {
  const c = compareObjects(lhs, rhs, WIDGET);
  const show = (s: typeof c.added) => listPaths(s).map(pathString);
  return { added: show(c.added), modified: show(c.modified), removed: show(c.removed) };
};

test('compare: leaves, maps and list items that appear or go away', () => {
  const cases: [string, unknown, unknown, ReturnType<typeof summary>][] = [
    ['same', { spec: { replicas: 1 } }, { spec: { replicas: 1 } }, { added: [], modified: [], removed: [] }],
    ['modified leaf', { spec: { replicas: 1 } }, { spec: { replicas: 2 } }, { added: [], modified: ['.spec.replicas'], removed: [] }],
    // A new granular map is added itself (upstream post-item hook): the `".": {}` of managedFields.
    ['new map', {}, { metadata: { labels: { a: '1' } } }, { added: ['.metadata', '.metadata.labels', '.metadata.labels.a'], modified: [], removed: [] }],
    ['removed key', { metadata: { labels: { a: '1', b: '2' } } }, { metadata: { labels: { a: '1' } } }, { added: [], modified: [], removed: ['.metadata.labels.b'] }],
    [
      'list map items',
      { spec: { containers: [{ name: 'a', image: '1' }, { name: 'b' }] } },
      { spec: { containers: [{ name: 'a', image: '2' }, { name: 'c' }] } },
      { added: ['.spec.containers[name="c"]', '.spec.containers[name="c"].name'], modified: ['.spec.containers[name="a"].image'], removed: ['.spec.containers[name="b"]', '.spec.containers[name="b"].name'] },
    ],
    ['atomic list is one leaf', { spec: { tolerations: ['a'] } }, { spec: { tolerations: ['a', 'b'] } }, { added: [], modified: ['.spec.tolerations'], removed: [] }],
    ['set items', { spec: { hosts: ['a', 'b'] } }, { spec: { hosts: ['b', 'c'] } }, { added: ['.spec.hosts[="c"]'], modified: [], removed: ['.spec.hosts[="a"]'] }],
    // Both empty: a leaf, so that an empty list replacing nothing is an addition.
    ['empty list added', { spec: {} }, { spec: { hosts: [] } }, { added: ['.spec.hosts'], modified: [], removed: [] }],
    ['free-form shape change', { spec: { extra: { a: 1 } } }, { spec: { extra: 'x' } }, { added: [], modified: ['.spec.extra'], removed: [] }],
  ];
  for (const [name, lhs, rhs, expected] of cases) assert.deepEqual(summary(lhs, rhs), expected, name);
});

test('compare: excluded fields and sameness', () => {
  const c = compareObjects({ spec: { replicas: 1 }, status: { phase: 'a' } }, { spec: { replicas: 2 }, status: { phase: 'b' } }, WIDGET);
  const without = excludeFields(c, setOf([fieldElement('status')]));
  assert.deepEqual(listPaths(without.modified).map(pathString), ['.spec.replicas']);
  assert.ok(isSame(compareObjects({ a: 1 }, { a: 1 }, WIDGET)));
});

test('jsonEqual ignores key order', () => {
  assert.ok(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  assert.ok(!jsonEqual({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(!jsonEqual([1], [1, 2]));
});
