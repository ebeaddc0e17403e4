import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareGoStrings } from '../../schema/go-strings.js';
import { goJson, goJsonString } from './go-json.js';
import {
  FieldPathError,
  compareElements,
  deserializeElement,
  fieldElement,
  keyElement,
  pathString,
  serializeElement,
  type PathElement,
} from './path-element.js';

const v = (value: unknown): PathElement => ({ kind: 'value', value });
const i = (index: number): PathElement => ({ kind: 'index', index });

test('serialized forms are upstream FieldsV1 keys', () => {
  const cases: [PathElement, string][] = [
    [fieldElement('data'), 'f:data'],
    [fieldElement('a:b'), 'f:a:b'],
    [keyElement([['name', 'app']]), 'k:{"name":"app"}'],
    // Key fields sorted by name; values as Go JSON.
    [keyElement([['protocol', 'TCP'], ['containerPort', 80]]), 'k:{"containerPort":80,"protocol":"TCP"}'],
    [v('kubernetes'), 'v:"kubernetes"'],
    [v(3), 'v:3'],
    [v(true), 'v:true'],
    [v('a<b&c>'), 'v:"a\\u003cb\\u0026c\\u003e"'],
    [i(2), 'i:2'],
  ];
  for (const [pe, key] of cases) {
    assert.equal(serializeElement(pe), key);
    assert.deepEqual(deserializeElement(key), pe, key);
  }
});

test('deserialize: unknown types are skipped, malformed keys fail', () => {
  assert.equal(deserializeElement('x:whatever'), undefined);
  assert.throws(() => deserializeElement('f'), FieldPathError);
  assert.throws(() => deserializeElement('fdata'), /missing colon: fdata/);
  assert.throws(() => deserializeElement('k:{"a":'), FieldPathError);
  assert.throws(() => deserializeElement('k:[1]'), FieldPathError);
  assert.throws(() => deserializeElement('i:x'), /invalid syntax/);
});

test('order: fields < keys < values < indexes; values: numbers < strings < booleans < lists < maps < null', () => {
  const sorted = [
    fieldElement('a'),
    fieldElement('b'),
    keyElement([['name', 'a']]),
    keyElement([['name', 'b']]),
    v(1),
    v(2.5),
    v('a'),
    v(false),
    v(true),
    v([1]),
    v({ a: 1 }),
    v(null),
    i(0),
    i(10),
  ];
  const shuffled = [...sorted].reverse();
  assert.deepEqual(shuffled.sort(compareElements), sorted);
});

test('Go string order is UTF-8 byte order', () => {
  assert.ok(compareGoStrings('a', 'b') < 0);
  assert.ok(compareGoStrings('Z', 'a') < 0);
  // U+FFFD (3 UTF-8 bytes, EF..) sorts before U+1F600 (4 bytes, F0..), unlike UTF-16 code units.
  assert.ok(compareGoStrings('\ufffd', '\u{1F600}') < 0);
  assert.equal(compareGoStrings('same', 'same'), 0);
});

test('Go JSON: escapes, sorted keys', () => {
  assert.equal(goJsonString('line\nquote"back\\tab\t\u0001'), '"line\\nquote\\"back\\\\tab\\t\\u0001"');
  assert.equal(goJsonString('\u2028'), '"\\u2028"');
  assert.equal(goJson({ b: 1, a: [true, null, 'x'] }), '{"a":[true,null,"x"],"b":1}');
});

test('path strings as in conflict messages', () => {
  assert.equal(pathString([fieldElement('data'), fieldElement('key')]), '.data.key');
  assert.equal(pathString([fieldElement('spec'), fieldElement('containers'), keyElement([['name', 'nginx']]), fieldElement('image')]), '.spec.containers[name="nginx"].image');
  assert.equal(pathString([fieldElement('metadata'), fieldElement('finalizers'), v('x')]), '.metadata.finalizers[="x"]');
  assert.equal(pathString([fieldElement('list'), i(0)]), '.list[0]');
  assert.equal(pathString([fieldElement('p'), keyElement([['port', 80], ['protocol', 'TCP']])]), '.p[port=80,protocol="TCP"]');
});
