import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitsGoInteger, unusualNumberLiterals } from './number-literals.js';

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
