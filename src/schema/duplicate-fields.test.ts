import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsonDuplicateFields, yamlDuplicateFields } from './duplicate-fields.js';

test('JSON: duplicate keys are reported by path, at every depth and in arrays', () => {
  assert.deepEqual(jsonDuplicateFields('{"a":1,"b":{"c":"x","c":"y"},"a":2}'), ['b.c', 'a']);
  assert.deepEqual(jsonDuplicateFields('{"items":[{"k":1},{"k":1,"k":2}], "s":"a\\"b,}","t":[1, "x" ,null]}'), ['items[1].k']);
  assert.deepEqual(jsonDuplicateFields('{"metadata":{"name":"a"},"data":{"a":"1"}}'), []);
  assert.deepEqual(jsonDuplicateFields(' { "x" : { } , "y" : [ ] } '), []);
});

test('JSON: escapes in keys and values do not end strings early, and keys compare by their value', () => {
  // "a\\" ends after the escaped backslash; "\u0061" is the key "a".
  assert.deepEqual(jsonDuplicateFields('{"s":"x\\\\","a":1,"\\u0061":2}'), ['a']);
  assert.deepEqual(jsonDuplicateFields('{"k\\"q":1,"k\\"q":2,"v":"\\"}\\"","n":[[{"z":true,"z":false}],-1.5e3]}'), ['k"q', 'n[0][0].z']);
  assert.deepEqual(jsonDuplicateFields('[{"a":1},{"b":{"a":1,"a":2}}]'), ['[1].b.a']);
});

test('YAML: duplicate keys are reported by path', () => {
  assert.deepEqual(yamlDuplicateFields('metadata:\n  name: a\n  name: b\ndata:\n  k: v\n'), ['metadata.name']);
  assert.deepEqual(yamlDuplicateFields('list:\n- a: 1\n  a: 2\n'), ['list[0].a']);
  assert.deepEqual(yamlDuplicateFields('a: 1\nb: 2\n'), []);
});
