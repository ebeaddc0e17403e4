import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countStringify } from './stringify-counter.js';

test('counts classified calls, leaves output unchanged, restores JSON.stringify', () => {
  const original = JSON.stringify;
  const count = countStringify((v) => (typeof v === 'object' && v !== null && 'kind' in v ? String((v as { kind: unknown }).kind) : undefined));
  assert.equal(JSON.stringify({ kind: 'A', n: 1 }), '{"kind":"A","n":1}');
  assert.equal(JSON.stringify({ kind: 'A' }, null, 1), '{\n "kind": "A"\n}');
  JSON.stringify({ kind: 'B' });
  JSON.stringify([1]);
  assert.deepEqual(count.stop(), { A: 2, B: 1 });
  assert.equal(JSON.stringify, original);
});
