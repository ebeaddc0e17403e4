import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneJson } from './clone-json.js';

test('a deep copy of JSON values, at any depth', () => {
  const value = { a: [1, { b: 'x', c: null }, [true]], d: { e: {} }, f: 1.5 };
  const copy = cloneJson(value);
  assert.deepEqual(copy, value);
  assert.notEqual(copy.a, value.a);
  assert.notEqual(copy.d.e, value.d.e);
  let deep: Record<string, unknown> = {};
  const top = deep;
  for (let i = 0; i < 50_000; i++) deep = (deep['f'] = {}) as Record<string, unknown>;
  assert.throws(() => structuredClone(top), RangeError);
  const cloned = cloneJson(top);
  let depth = 0;
  for (let node: unknown = cloned; node && typeof node === 'object' && 'f' in node; node = (node as Record<string, unknown>)['f']) depth++;
  assert.equal(depth, 50_000);
  const proto = cloneJson(JSON.parse('{"__proto__":{"x":1}}') as Record<string, unknown>);
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.keys(proto), ['__proto__']);
  assert.equal(cloneJson('s'), 's');
  assert.equal(cloneJson(null), null);
});
