import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitsGoInteger, LiteralNumber, unusualNumberLiterals, withLiteralNumbers } from './number-literals.js';

test('number literals JSON.parse cannot tell from integers are found with their paths; strings are skipped', () => {
  const text = '{"metadata":{"name":"x.1e3","generation":1e3,"labels":{"a":"1.0"}},"spec":{"list":[1,2.0,{"n":12345678901234567}],"ok":7},"z":-1E2}';
  assert.deepEqual(unusualNumberLiterals(text), [
    { path: ['metadata', 'generation'], literal: '1e3' },
    { path: ['spec', 'list', 1], literal: '2.0' },
    { path: ['spec', 'list', 2, 'n'], literal: '12345678901234567' },
    { path: ['z'], literal: '-1E2' },
  ]);
  assert.deepEqual(unusualNumberLiterals('{"a":"escaped \\" 1e3","b":[1,2,3]}'), []);
  assert.deepEqual(unusualNumberLiterals('{"plain":123,"image":"nginx:1.25"}'), []);
});

test('Go integers: decimal digits within the type', () => {
  assert.equal(fitsGoInteger('9223372036854775807', 'int64'), true);
  assert.equal(fitsGoInteger('9223372036854775808', 'int64'), false);
  assert.equal(fitsGoInteger('-9223372036854775809', 'int64'), false);
  assert.equal(fitsGoInteger('2147483648', 'int32'), false);
  for (const literal of ['1e3', '1.0', '-1E2']) assert.equal(fitsGoInteger(literal, 'int64'), false, literal);
});

test('withLiteralNumbers keeps the literals a patch needs as written, in place of their numbers', () => {
  const text = '{"a":[1e3,{"b":1.0}],"c":7,"d":"1e3","e":1E2,"e":5}';
  const boxed = withLiteralNumbers(JSON.parse(text), text) as { a: [LiteralNumber, { b: LiteralNumber }]; c: number; d: string; e: number };
  assert.deepEqual(boxed.a, [new LiteralNumber('1e3', 1000), { b: new LiteralNumber('1.0', 1) }]);
  assert.ok(boxed.a[0] instanceof LiteralNumber);
  assert.equal(boxed.c, 7);
  assert.equal(boxed.d, '1e3');
  assert.equal(boxed.e, 5, 'a repeated key keeps the value JSON.parse kept');
  const replaced = '{"a":{"b":{"c":1e3}},"a":null,"x":{"y":1.5},"x":[2]}';
  assert.deepEqual(withLiteralNumbers(JSON.parse(replaced), replaced), { a: null, x: [2] });
  const plain = { a: 1 };
  assert.equal(withLiteralNumbers(plain, '{"a":1}'), plain);
});
