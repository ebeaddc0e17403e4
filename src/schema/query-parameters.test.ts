import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { boolQuery, int64Query, optionalBoolQuery, optionalTimeQuery } from './query-parameters.js';

const q = (s: string) => new URLSearchParams(s);

test('booleans convert as upstream Convert_Slice_string_To_bool: only absent, 0 and false (any case) are false', () => {
  const cases: Array<[string, boolean, boolean | undefined]> = [
    ['', false, undefined],
    ['watch', true, true],
    ['watch=', true, true],
    ['watch=true', true, true],
    ['watch=True', true, true],
    ['watch=1', true, true],
    ['watch=yes', true, true],
    ['watch=no', true, true],
    ['watch=f', true, true],
    ['watch=0', false, false],
    ['watch=false', false, false],
    ['watch=FALSE', false, false],
    ['watch=fAlSe', false, false],
    ['watch=false&watch=true', false, false],
    ['watch=true&watch=false', true, true],
  ];
  for (const [query, bool, optional] of cases) {
    assert.equal(boolQuery(q(query), 'watch'), bool, query);
    assert.equal(optionalBoolQuery(q(query), 'watch'), optional, query);
  }
});

test('int64 values convert as strconv.ParseInt(s, 10, 64), with its errors as 400', () => {
  const ok: Array<[string, number | undefined]> = [
    ['', undefined],
    ['limit=5', 5],
    ['limit=%2B5', 5],
    ['limit=-3', -3],
    ['limit=007', 7],
    ['limit=9223372036854775807', 9223372036854775807],
    ['limit=2&limit=x', 2],
  ];
  for (const [query, value] of ok) assert.equal(int64Query(q(query), 'limit'), value, query);
  const bad: Array<[string, string]> = [
    ['limit=', 'strconv.ParseInt: parsing "": invalid syntax'],
    ['limit=abc', 'strconv.ParseInt: parsing "abc": invalid syntax'],
    ['limit=1.5', 'strconv.ParseInt: parsing "1.5": invalid syntax'],
    ['limit=1e3', 'strconv.ParseInt: parsing "1e3": invalid syntax'],
    ['limit=%205', 'strconv.ParseInt: parsing " 5": invalid syntax'],
    // A query's + is a space, in Go's url.ParseQuery as here.
    ['limit=+5', 'strconv.ParseInt: parsing " 5": invalid syntax'],
    ['limit=9223372036854775808', 'strconv.ParseInt: parsing "9223372036854775808": value out of range'],
    ['limit=-9223372036854775809', 'strconv.ParseInt: parsing "-9223372036854775809": value out of range'],
  ];
  for (const [query, message] of bad) {
    assert.throws(() => int64Query(q(query), 'limit'), (e) => isStatusError(e) && e.code === 400 && e.message === message, query);
  }
});

test('optionalTimeQuery as metav1.Convert_Slice_string_To_Pointer_v1_Time', () => {
  const time = (query: string) => optionalTimeQuery(new URLSearchParams(query), 't');
  assert.equal(time(''), undefined);
  assert.equal(time('t='), '0001-01-01T00:00:00Z');
  assert.equal(time('t=null'), '0001-01-01T00:00:00Z');
  assert.equal(time('t=2026-05-01T10:00:00-02:00&t=x'), '2026-05-01T12:00:00Z');
  assert.throws(() => time('t=NULL'), (e: unknown) => isStatusError(e) && e.code === 400 && e.message === 'parsing time "NULL" as "2006-01-02T15:04:05Z07:00": cannot parse "NULL" as "2006"');
});
