import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { goTimeQuote, parseGoTime } from './go-time.js';

describe('parseGoTime (meta/v1 Time)', () => {
  const ok: [string, string][] = [
    ['2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'],
    ['2020-02-29T23:59:59.999999999Z', '2020-02-29T23:59:59Z'],
    ['2020-01-01T01:00:00+01:00', '2020-01-01T00:00:00Z'],
    ['2019-12-31T23:30:00-00:45', '2020-01-01T00:15:00Z'],
    ['2020-01-01T1:02:03Z', '2020-01-01T01:02:03Z'],
  ];
  for (const [input, output] of ok) it(`accepts ${input}`, () => assert.deepEqual(parseGoTime(input, false), { ok: true, value: output }));

  const layout = '"2006-01-02T15:04:05Z07:00"';
  const bad: [string, string][] = [
    ['', `parsing time "" as ${layout}: cannot parse "" as "2006"`],
    ['20-01-01T00:00:00Z', `parsing time "20-01-01T00:00:00Z" as ${layout}: cannot parse "20-01-01T00:00:00Z" as "2006"`],
    ['2020-1-01T00:00:00Z', `parsing time "2020-1-01T00:00:00Z" as ${layout}: cannot parse "1-01T00:00:00Z" as "01"`],
    ['2020-01-01T00:00:00', `parsing time "2020-01-01T00:00:00" as ${layout}: cannot parse "" as "Z07:00"`],
    ['2020-01-01T24:00:00Z', 'parsing time "2020-01-01T24:00:00Z": hour out of range'],
    ['2021-02-29T00:00:00Z', 'parsing time "2021-02-29T00:00:00Z": day out of range'],
    ['2020-01-01T00:60:00Z', 'parsing time "2020-01-01T00:60:00Z": minute out of range'],
    ['2020-01-01T00:00:00Zjunk', 'parsing time "2020-01-01T00:00:00Zjunk": extra text: "junk"'],
    ['2020-01-01T00:00:00+0100', `parsing time "2020-01-01T00:00:00+0100" as ${layout}: cannot parse "+0100" as "Z07:00"`],
  ];
  for (const [input, message] of bad) it(`rejects ${JSON.stringify(input)}`, () => assert.deepEqual(parseGoTime(input, false), { ok: false, message }));
});

describe('parseGoTime (meta/v1 MicroTime)', () => {
  it('requires exactly six fraction digits and keeps them', () => {
    assert.deepEqual(parseGoTime('2020-01-01T00:00:00.123456Z', true), { ok: true, value: '2020-01-01T00:00:00.123456Z' });
    assert.equal(parseGoTime('2020-01-01T00:00:00Z', true).ok, false);
    assert.equal(parseGoTime('2020-01-01T00:00:00.1234567Z', true).ok, false);
  });
});

describe('goTimeQuote', () => {
  it('escapes quotes, backslashes and non-ASCII bytes like Go', () => {
    assert.equal(goTimeQuote('a"b\\c'), '"a\\"b\\\\c"');
    assert.equal(goTimeQuote('é\n'), '"\\xc3\\xa9\\x0a"');
  });
});
