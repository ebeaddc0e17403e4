// Go fmt rendering of decoded JSON values, as upstream's merge errors print them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goFormat, goFormatString } from './go-format.js';

const cases: Array<[unknown, string, string]> = [
  ['a b', 'a b', 'a b'],
  [null, '<nil>', '%!s(<nil>)'],
  [true, 'true', '%!s(bool=true)'],
  [12, '12', '%!s(int64=12)'],
  [1.5, '1.5', '%!s(float64=1.5)'],
  [1234567.5, '1.2345675e+06', '%!s(float64=1.2345675e+06)'],
  [0.00001, '1e-05', '%!s(float64=1e-05)'],
  [[1, 'x', [true]], '[1 x [true]]', '[%!s(int64=1) x [%!s(bool=true)]]'],
  [{ z: 1, a: { b: null }, m: [] }, 'map[a:map[b:<nil>] m:[] z:1]', 'map[a:map[b:%!s(<nil>)] m:[] z:%!s(int64=1)]'],
];

test('goFormat renders like %v and goFormatString like %s', () => {
  for (const [value, v, s] of cases) {
    assert.equal(goFormat(value), v);
    assert.equal(goFormatString(value), s);
  }
});
