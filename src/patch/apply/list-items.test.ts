import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApplyTypeError, SCALAR, type ListType, type MapType } from './apply-type.js';
import { indexListItems } from './list-items.js';

const itemType: MapType = { kind: 'map', atomic: false, fields: new Map(), order: [], element: SCALAR, sortKeys: false };
const listMap = (keys: string[], keyDefaults: Record<string, unknown> = {}): ListType => ({
  kind: 'list',
  relation: 'map',
  keys,
  keyDefaults: new Map(Object.entries(keyDefaults)),
  item: itemType,
});

const keysOf = (t: ListType, list: unknown[]): string[] => indexListItems(t, list).order.map((item) => item.key);

test('list-map items are named by their key values, the same on every call (the element cache)', () => {
  const ports = listMap(['protocol', 'containerPort'], { protocol: 'TCP' });
  const cases: Array<[string, unknown[], string[]]> = [
    ['key fields sorted by name, defaults filled in', [{ containerPort: 80 }], ['k:{"containerPort":80,"protocol":"TCP"}']],
    ['an explicit default names the same item', [{ containerPort: 80, protocol: 'TCP' }], ['k:{"containerPort":80,"protocol":"TCP"}']],
    ['a number and a string are different values', [{ containerPort: '80' }, { containerPort: 80 }], ['k:{"containerPort":"80","protocol":"TCP"}', 'k:{"containerPort":80,"protocol":"TCP"}']],
    ['Go escaping of values', [{ containerPort: 1, protocol: '<&>' }], ['k:{"containerPort":1,"protocol":"\\u003c\\u0026\\u003e"}']],
    ['booleans', [{ containerPort: true }], ['k:{"containerPort":true,"protocol":"TCP"}']],
    ['non-scalar key values are named too (not cached)', [{ containerPort: { a: 1 } }], ['k:{"containerPort":{"a":1},"protocol":"TCP"}']],
  ];
  for (const [name, list, expected] of cases) {
    // Twice: the first call fills the cache, the second reads it.
    assert.deepEqual(keysOf(ports, list), expected, name);
    assert.deepEqual(keysOf(ports, structuredClone(list)), expected, `${name} (again)`);
  }
});

test('list-map errors are the same whether or not the key values were seen before', () => {
  const containers = listMap(['name']);
  keysOf(containers, [{ name: 'web' }]);
  const cases: Array<[string, unknown[], RegExp]> = [
    ['duplicate', [{ name: 'web' }, { name: 'web' }], /duplicate entries for key \[name="web"\]/],
    ['missing key', [{ image: 'x' }], /omits key field "name"/],
    ['null item', [null], /may not have a null element/],
    ['scalar item', ['web'], /may not have non-map elements/],
  ];
  for (const [name, list, message] of cases) {
    assert.throws(() => indexListItems(containers, list), (error: unknown) => error instanceof ApplyTypeError && message.test(error.message), name);
  }
});

test('the element cache of a list type is emptied at its bound and still names items', () => {
  const t = listMap(['name']);
  const names = Array.from({ length: 5000 }, (_, i) => ({ name: `c${i}` }));
  const keys = keysOf(t, names);
  assert.equal(keys.length, 5000);
  assert.equal(keys[4999], 'k:{"name":"c4999"}');
  assert.equal(keysOf(t, [{ name: 'c4999' }])[0], 'k:{"name":"c4999"}');
});
