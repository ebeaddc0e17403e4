import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseYamlDocument } from './yaml-document.js';

test('YAML bodies: the first document counts, the rest is not read', () => {
  assert.deepEqual(parseYamlDocument('a: 1\n---\nb: 2\n'), { a: 1 });
  assert.deepEqual(parseYamlDocument(Buffer.from('a: [1, 2]\n')), { a: [1, 2] });
  assert.deepEqual(parseYamlDocument('\ufeffa: é\n'), { a: 'é' });
  assert.deepEqual(parseYamlDocument('a: &x {b: 1}\nc: *x\n'), { a: { b: 1 }, c: { b: 1 } });
  assert.equal(parseYamlDocument(''), null);
});

test('YAML bodies: what go-yaml and sigs.k8s.io/yaml refuse', () => {
  const cases: Array<[string | Buffer, RegExp]> = [
    [Buffer.from([0x61, 0x3a, 0x20, 0xc3, 0x28, 0x0a]), /^yaml: invalid leading UTF-8 octet$/],
    [Buffer.from([0x61, 0x3a, 0x20, 0xff, 0x0a]), /^yaml: invalid leading UTF-8 octet$/],
    ['a: "x\u0007y"\n', /^yaml: control characters are not allowed$/],
    ['a: x\u0000\n', /^yaml: control characters are not allowed$/],
    ['? [a, b]\n: c\n', /^Unsupported map key of type: \[\]interface \{\}/],
    ['d:\n  ? {a: b}\n  : c\n', /^Unsupported map key of type: map\[interface \{\}\]interface \{\}/],
    ['a: *nowhere\n', /./],
    ['a: [1\n', /./],
  ];
  for (const [body, message] of cases) assert.throws(() => parseYamlDocument(body), (e) => e instanceof Error && message.test(e.message), String(body));
});

test('YAML bodies: aliases that expand past 100 are refused (no billion laughs)', () => {
  const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
  for (const [name, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e']]) lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
  assert.throws(() => parseYamlDocument(lines.join('\n')));
});

test('YAML bodies: maps keep the order of their keys (sigs.k8s.io/yaml writes JSON in document order)', () => {
  assert.deepEqual(Object.keys(parseYamlDocument('b: 1\na: {z: 1, x: 2}\nc: [1]\n') as object), ['b', 'a', 'c']);
  assert.equal(JSON.stringify(parseYamlDocument('b: 1\na: {z: 1, x: 2}\n')), '{"b":1,"a":{"z":1,"x":2}}');
});
