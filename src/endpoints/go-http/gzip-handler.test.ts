import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipHandlerAccepts, gzipHandlerCompresses } from './gzip-handler.js';
import type { GoAnswer } from './serve-content.js';

test("Accept-Encoding as NYTimes gziphandler's parseEncodings reads it", () => {
  const cases: Array<[string | undefined, boolean]> = [
    ['gzip', true],
    ['GZIP', true],
    [' deflate , gzip ', true],
    ['gzip;q=0.5', true],
    ['gzip; q=0.001', true],
    ['gzip;q=0', false],
    ['gzip;q=-1', false],
    // A q-value counts only as the last parameter (parseCoding resets it for each).
    ['gzip;q=0;level=1', true],
    // A q-value that does not parse drops the coding.
    ['gzip;q=abc', false],
    ['gzip;q=1e400', false],
    ['gzip;q=nan', false],
    // The last mention wins.
    ['gzip;q=0, gzip', true],
    ['gzip, gzip;q=0', false],
    ['x-gzip', false],
    ['*', false],
    ['', false],
    [undefined, false],
  ];
  for (const [header, expected] of cases) assert.equal(gzipHandlerAccepts(header), expected, String(header));
});

test('gziphandler compresses a written body of at least 1,400 bytes, judged by its Content-Length', () => {
  const answer = (length: number, declared?: number): GoAnswer => ({
    code: 200,
    headers: declared === undefined ? {} : { 'content-length': String(declared) },
    body: Buffer.alloc(length, 0x61),
  });
  assert.equal(gzipHandlerCompresses('gzip', 'GET', answer(1400, 1400)), true);
  assert.equal(gzipHandlerCompresses('gzip', 'GET', answer(1399, 1399)), false);
  assert.equal(gzipHandlerCompresses('gzip', 'GET', answer(1400)), true);
  assert.equal(gzipHandlerCompresses('gzip', 'GET', answer(20)), false);
  assert.equal(gzipHandlerCompresses('gzip', 'HEAD', answer(5000, 5000)), false);
  assert.equal(gzipHandlerCompresses('deflate', 'GET', answer(5000, 5000)), false);
  assert.equal(gzipHandlerCompresses('gzip', 'GET', { code: 304, headers: {}, body: undefined }), false);
});
