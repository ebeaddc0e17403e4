import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatGoDuration, goDurationMs, parseGoDuration } from './go-duration.js';

describe('goDurationMs (time.ParseDuration)', () => {
  const cases: [string, number][] = [
    ['0', 0],
    ['-0', 0],
    ['30s', 30_000],
    ['5m0s', 300_000],
    ['1h', 3_600_000],
    ['2h45m', 9_900_000],
    ['1.5h', 5_400_000],
    ['.5s', 500],
    ['1.s', 1000],
    ['300ms', 300],
    ['-1m', -60_000],
    ['+2s', 2000],
    ['1500us', 1.5],
    ['1µs', 0.001],
    ['1μs', 0.001],
    ['2000000ns', 2],
    ['1h1m1s1ms', 3_661_001],
  ];
  for (const [text, ms] of cases) {
    it(`${text} = ${ms} ms`, () => assert.equal(goDurationMs(text), ms));
  }

  const errors: [string, string][] = [
    ['', 'time: invalid duration ""'],
    ['-', 'time: invalid duration "-"'],
    ['s', 'time: invalid duration "s"'],
    ['.s', 'time: invalid duration ".s"'],
    ['5', 'time: missing unit in duration "5"'],
    ['1h5', 'time: missing unit in duration "1h5"'],
    ['1d', 'time: unknown unit "d" in duration "1d"'],
    ['1 s', 'time: unknown unit " s" in duration "1 s"'],
  ];
  for (const [text, message] of errors) {
    it(`rejects ${JSON.stringify(text)}`, () => assert.throws(() => goDurationMs(text), { message }));
  }
});

describe('formatGoDuration (Duration.String)', () => {
  const cases: [number, string][] = [
    [0, '0s'],
    [300_000, '5m0s'],
    [3_600_000, '1h0m0s'],
    [90_061_500, '25h1m1.5s'],
    [1500, '1.5s'],
    [300, '300ms'],
    [0.5, '500µs'],
    [0.000_001, '1ns'],
    [-60_000, '-1m0s'],
  ];
  for (const [ms, text] of cases) {
    it(`${ms} ms = ${text}`, () => {
      assert.equal(formatGoDuration(ms), text);
      assert.equal(goDurationMs(text), ms);
    });
  }
});

describe('parseGoDuration: overflow and non-ASCII, as Go', () => {
  const errors: [string, string][] = [
    ['3000000h', 'time: invalid duration "3000000h"'],
    ['1é', 'time: unknown unit "\\xc3\\xa9" in duration "1\\xc3\\xa9"'],
  ];
  for (const [text, message] of errors) it(`rejects ${text}`, () => assert.deepEqual(parseGoDuration(text), { ok: false, message }));
  it('reads 1h2m3.5s and 1µs', () => {
    assert.deepEqual(parseGoDuration('1h2m3.5s'), { ok: true, ns: 3_723_500_000_000n });
    assert.deepEqual(parseGoDuration('1\u00b5s'), { ok: true, ns: 1000n });
  });
});
