import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isZeroTime, nowTimestamp, sameInstant } from './time.js';

test('isZeroTime: absent, empty, unparseable and Go zero time are zero', () => {
  for (const zero of [undefined, null, '', 'garbage', '0001-01-01T00:00:00Z', 42]) assert.equal(isZeroTime(zero), true, String(zero));
  assert.equal(isZeroTime('1970-01-01T00:00:00Z'), false);
  assert.equal(isZeroTime('2024-01-01T00:00:00.123456Z'), false);
});

test('sameInstant compares instants to the microsecond', () => {
  const cases: [unknown, unknown, boolean][] = [
    [undefined, undefined, true],
    [undefined, '0001-01-01T00:00:00Z', true],
    [undefined, '2024-01-01T00:00:00Z', false],
    ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000000Z', true],
    ['2024-01-01T01:00:00+01:00', '2024-01-01T00:00:00Z', true],
    ['2024-01-01T00:00:00.123456Z', '2024-01-01T00:00:00.123457Z', false],
    ['2024-01-01T00:00:00.1234561Z', '2024-01-01T00:00:00.123456Z', true],
  ];
  for (const [a, b, want] of cases) assert.equal(sameInstant(a, b), want, `${String(a)} vs ${String(b)}`);
});

test('nowTimestamp writes RFC 3339 UTC to the second, whatever second it is asked for', () => {
  assert.equal(nowTimestamp(new Date('2026-11-21T15:04:05.999Z')), '2026-11-21T15:04:05Z');
  assert.equal(nowTimestamp(new Date('2026-11-21T15:04:05.001Z')), '2026-11-21T15:04:05Z');
  assert.equal(nowTimestamp(new Date('2026-11-21T15:04:06.000Z')), '2026-11-21T15:04:06Z');
  assert.equal(nowTimestamp(new Date('1999-01-01T00:00:00.500Z')), '1999-01-01T00:00:00Z');
});
