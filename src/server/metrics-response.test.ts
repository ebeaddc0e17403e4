import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promhttpAcceptsGzip } from './metrics-response.js';

test('a scrape accepts gzip as promhttp reads Accept-Encoding: a trimmed `gzip` token, with or without parameters', () => {
  const cases: Array<[string | undefined, boolean]> = [
    ['gzip', true],
    ['gzip;q=1.0', true],
    ['identity, gzip ', true],
    ['deflate,gzip;q=0.5', true],
    [undefined, false],
    ['', false],
    ['x-gzip', false],
    ['gzipped', false],
    ['identity', false],
  ];
  for (const [header, expected] of cases) assert.equal(promhttpAcceptsGzip(header), expected, String(header));
});
