import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lowerBound, SortedKeys } from './sorted-keys.js';

const key = fc.tuple(fc.constantFrom('a', 'ab', 'b', 'c'), fc.constantFrom('x', 'y', 'x-2', 'z')).map(([ns, name]) => `/r/${ns}/${name}`);
const op = fc.record({ key, read: fc.boolean() });

describe('SortedKeys', () => {
  it('matches a naive sorted set under any sequence of toggles and reads', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), fc.constantFrom('/r/', '/r/a/', '/r/ab/', '/r/c/'), (ops, prefix) => {
        const keys = new SortedKeys();
        const model = new Set<string>();
        for (const { key: k, read } of ops) {
          if (model.has(k)) {
            model.delete(k);
            keys.remove(k);
          } else {
            model.add(k);
            keys.add(k);
          }
          if (read) assert.deepEqual([...keys.withPrefix(prefix)], [...model].filter((m) => m.startsWith(prefix)).sort());
        }
        assert.equal(keys.size, model.size);
        assert.deepEqual([...keys.withPrefix('/r/')], [...model].sort());
      }),
    );
  });

  it('merges large batches and resets', () => {
    const keys = new SortedKeys();
    const names = Array.from({ length: 1000 }, (_, i) => `/r/ns-${i % 7}/o-${(i * 7919) % 1000}`);
    keys.reset(names.slice(0, 500));
    for (const name of names.slice(500)) keys.add(name);
    for (const name of names.slice(0, 100)) keys.remove(name);
    const expected = names.slice(100).sort();
    assert.deepEqual([...keys.withPrefix('/r/')], expected);
    assert.deepEqual([...keys.withPrefix('/r/ns-3/')], expected.filter((k) => k.startsWith('/r/ns-3/')));
  });

  it('lowerBound finds the first key not below the target', () => {
    const cases: Array<[string[], string, number]> = [
      [[], 'a', 0],
      [['a', 'c'], 'b', 1],
      [['a', 'c'], 'c', 1],
      [['a', 'c'], 'd', 2],
    ];
    for (const [keys, target, index] of cases) assert.equal(lowerBound(keys, target), index, `${target} in ${keys.join(',')}`);
  });
});
