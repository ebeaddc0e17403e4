import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlDocument as decodeYaml } from './yaml-document.js';

test('YAML bodies decode as sigs.k8s.io/yaml over go-yaml v2 decodes them', () => {
  const cases: [string, string, unknown][] = [
    ['YAML 1.1 booleans as values and keys', 'on: yes\nn: off\nb: Y', { true: true, false: false, b: true }],
    ['octal, hex and underscores are integers', 'a: 0777\nb: 0x1f\nc: 1_000', { a: 511, b: 31, c: 1000 }],
    ['floats, with and without exponent', 'a: 1.5\nb: 1e3\nc: .5', { a: 1.5, b: 1000, c: 0.5 }],
    ['timestamps and sexagesimal numbers stay strings', 'a: 2001-12-14\nb: 2001-12-14T21:59:43.10Z\nc: 190:20:30', { a: '2001-12-14', b: '2001-12-14T21:59:43.10Z', c: '190:20:30' }],
    ['null spellings', 'a: ~\nb: null\nc:', { a: null, b: null, c: null }],
    ['quoted scalars keep their text', 'a: "yes"\nb: \'0777\'', { a: 'yes', b: '0777' }],
    ['numeric and boolean keys become strings', '1: a\n1.5: b\ntrue: c', { 1: 'a', '1.5': 'b', true: 'c' }],
    ['merge keys', 'base: &b {x: 1, z: 2}\nmerged:\n  <<: *b\n  z: 3', { base: { x: 1, z: 2 }, merged: { x: 1, z: 3 } }],
    // go-yaml v2's famous one: `y` is a boolean, so `y:` is the key "true".
    ['y is true', 'x: 1\ny: 2', { x: 1, true: 2 }],
    ['the first document only', 'a: 1\n---\nb: 2', { a: 1 }],
    ['an empty body', '', null],
    ['a later duplicate key wins', 'a: 1\na: 2', { a: 2 }],
  ];
  for (const [name, text, expected] of cases) assert.deepEqual(decodeYaml(text), expected, name);
});

test('YAML keys JSON cannot hold and broken documents are refused', () => {
  const cases: [string, string, RegExp][] = [
    ['a null key', '~: 1', /Unsupported map key of type: %!s\(<nil>\)/],
    ['a sequence key', '[a]: b', /Unsupported map key of type: \[\]interface \{\}/],
    ['a map key', '{a: 1}: b', /Unsupported map key of type: map\[interface \{\}\]interface \{\}/],
    ['an unclosed flow sequence', 'a: [1, 2', /./],
    ['an undefined alias', 'a: *nope', /./],
  ];
  for (const [name, text, message] of cases) assert.throws(() => decodeYaml(text), message, name);
});

test('an alias inside its own anchor is refused, not expanded forever', () => {
  assert.throws(() => decodeYaml('metadata: &m {name: x, labels: *m}\n'), /anchor value contains itself/);
});
