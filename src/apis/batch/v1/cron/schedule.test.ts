import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkStandardSchedule } from './schedule.js';
import { goLoadLocationError } from './go-time.js';

test('schedules robfig/cron v3 ParseStandard accepts', () => {
  const accepted = [
    '*/5 * * * *',
    '0 0 * * *',
    '? * * * ?',
    '0-59/15 0,12 1-31 JAN-dec sun-SAT',
    '5/10 * * * *',
    '*-5 * * * *', // a star ignores what follows a hyphen
    ', * * * *', // an empty list selects nothing, but parses
    '  1  2\t3 4 5 ',
    '@hourly',
    '@yearly',
    '@annually',
    '@midnight',
    '@every 1h30m',
    '@every 0',
    '@every -1.5s',
    'TZ=UTC 0 * * * *',
    'CRON_TZ=America/New_York 0 * * * *',
    'TZ= * * * * *',
    'TZ=Europe/Rome @daily',
  ];
  for (const spec of accepted) assert.deepEqual(checkStandardSchedule(spec), { ok: true }, spec);
});

test("schedules refused with robfig's error texts", () => {
  const refused: [string, string][] = [
    ['', 'empty spec string'],
    ['foo', 'expected exactly 5 fields, found 1: [foo]'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 0 0 * * *', 'expected exactly 5 fields, found 6: [0 0 0 * * *]'],
    [' @hourly', 'expected exactly 5 fields, found 1: [@hourly]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['* * * 13 *', 'end of range (13) above maximum (12): 13'],
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['*/-1 * * * *', 'negative number (-1) not allowed: -1'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['1/2/3 * * * *', 'too many slashes: 1/2/3'],
    ['a * * * *', 'failed to parse int from a: strconv.Atoi: parsing "a": invalid syntax'],
    ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['* * * foo *', 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax'],
    ['99999999999999999999 * * * *', 'failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ['9999999999 * * * *', 'end of range (9999999999) above maximum (59): 9999999999'],
    ['@weekly ', 'unrecognized descriptor: @weekly '],
    ['@every', 'unrecognized descriptor: @every'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@every 5x', 'failed to parse duration @every 5x: time: unknown unit "x" in duration "5x"'],
    ['@every ', 'failed to parse duration @every : time: invalid duration ""'],
    ['@every 1h.', 'failed to parse duration @every 1h.: time: invalid duration "1h."'],
    ['TZ=Mars/Olympus * * * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
    ['TZ=../etc * * * * *', 'provided bad location ../etc: time: invalid location name'],
    ['CRON_TZ=utc * * * * *', 'provided bad location utc: unknown time zone utc'],
  ];
  for (const [spec, error] of refused) assert.deepEqual(checkStandardSchedule(spec), { ok: false, error }, spec);
});

test('a zone prefix without a space is the panic of robfig/cron v3.0.1', () => {
  for (const spec of ['TZ=UTC', 'CRON_TZ=', 'TZ=0']) assert.equal('panic' in checkStandardSchedule(spec), true, spec);
});

test('Go time.LoadLocation errors', () => {
  assert.equal(goLoadLocationError('Europe/Paris'), undefined);
  assert.equal(goLoadLocationError('US/Pacific'), undefined);
  assert.equal(goLoadLocationError('Local'), undefined);
  assert.equal(goLoadLocationError('europe/paris'), 'unknown time zone europe/paris');
  assert.equal(goLoadLocationError('+05:00'), 'unknown time zone +05:00');
  assert.equal(goLoadLocationError('/etc/passwd'), 'time: invalid location name');
});
