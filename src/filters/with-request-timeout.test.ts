import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { requestTimeoutMs } from './with-request-timeout.js';

test('the timeout parameter as upstream parseTimeout, capped by --request-timeout', () => {
  const cases: Array<[string | null, number]> = [
    [null, 60_000],
    ['', 60_000],
    ['30s', 30_000],
    ['1m30s', 60_000],
    ['59.5s', 59_500],
    ['250ms', 250],
    ['0s', 60_000],
    ['0', 60_000],
    ['-5s', 60_000],
    ['2h', 60_000],
  ];
  for (const [value, ms] of cases) assert.equal(requestTimeoutMs(value, 60_000), ms, String(value));
  for (const [value, reason] of [['abc', 'time: invalid duration "abc"'], ['30', 'time: missing unit in duration "30"']] as const) {
    assert.throws(
      () => requestTimeoutMs(value, 60_000),
      (e) => isStatusError(e) && e.code === 400 && e.message === `invalid timeout specified in the request URL - ${reason}`,
    );
  }
});
