import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDuplicateFields, yamlDuplicateFields } from './duplicate-fields.js';

/** Duplicates of a JSON text, as the body decoder asks: with the value it parsed into. */
const dups = (text: string): string[] => jsonDuplicateFields(text, JSON.parse(text));

test('JSON: duplicate keys are reported by path, at every depth and in arrays', () => {
  assert.deepEqual(dups('{"a":1,"b":{"c":"x","c":"y"},"a":2}'), ['b.c', 'a']);
  assert.deepEqual(dups('{"items":[{"k":1},{"k":1,"k":2}], "s":"a\\"b,}","t":[1, "x" ,null]}'), ['items[1].k']);
  assert.deepEqual(dups('{"metadata":{"name":"a"},"data":{"a":"1"}}'), []);
  assert.deepEqual(dups(' { "x" : { } , "y" : [ ] } '), []);
});

test('JSON: escapes in keys and values do not end strings early, and keys compare by their value', () => {
  // "a\\" ends after the escaped backslash; "\u0061" is the key "a".
  assert.deepEqual(dups('{"s":"x\\\\","a":1,"\\u0061":2}'), ['a']);
  assert.deepEqual(dups('{"k\\"q":1,"k\\"q":2,"v":"\\"}\\"","n":[[{"z":true,"z":false}],-1.5e3]}'), ['k"q', 'n[0][0].z']);
  assert.deepEqual(dups('[{"a":1},{"b":{"a":1,"a":2}}]'), ['[1].b.a']);
});

test('YAML: duplicate keys are reported by path', () => {
  assert.deepEqual(yamlDuplicateFields('metadata:\n  name: a\n  name: b\ndata:\n  k: v\n'), ['metadata.name']);
  assert.deepEqual(yamlDuplicateFields('list:\n- a: 1\n  a: 2\n'), ['list[0].a']);
  assert.deepEqual(yamlDuplicateFields('a: 1\nb: 2\n'), []);
});

test('JSON: a text and its parse with the same keys have no duplicates, however keys and strings look', () => {
  for (const text of ['{}', '[]', '"a:"', '{"a":"b\\":"}', '{"a" :{"b":[{"c":1},{"c":2}]},"d":"\\\\"}', '{"__proto__":1,"x":{"__proto__":{}}}']) {
    assert.deepEqual(dups(text), [], text);
  }
  assert.deepEqual(dups('{"a":{"x":1},"a":2}'), ['a']);
});
