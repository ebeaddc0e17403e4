import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { acceptsCompression, acceptsGzip, compressedHeaders, gzipBody } from './compression.js';

test('Accept-Encoding names gzip as upstream negotiateContentEncoding reads it: a trimmed, exact token', () => {
  const cases: Array<[string | undefined, boolean]> = [
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br,gzip', true],
    ['  gzip  ', true],
    ['deflate , gzip ,br', true],
    [undefined, false],
    ['', false],
    ['gzip;q=1.0', false],
    ['GZIP', false],
    ['x-gzip', false],
    ['identity', false],
    ['*', false],
  ];
  for (const [header, expected] of cases) assert.equal(acceptsGzip(header), expected, String(header));
});

test("a request's answers may be compressed when the gate is on and it asks for gzip", () => {
  const request = (responseCompression: boolean | undefined, acceptEncoding?: string) => ({ responseCompression, req: { headers: { 'accept-encoding': acceptEncoding } } }) as Parameters<typeof acceptsCompression>[0];
  assert.equal(acceptsCompression(request(true, 'gzip')), true);
  assert.equal(acceptsCompression(request(false, 'gzip')), false);
  assert.equal(acceptsCompression(request(undefined, 'gzip')), false);
  assert.equal(acceptsCompression(request(true, 'deflate')), false);
  assert.equal(acceptsCompression(request(true)), false);
});

test('compressed answers vary on Accept-Encoding, after any Vary of their own', () => {
  assert.deepEqual(compressedHeaders(undefined), { 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
  assert.deepEqual(compressedHeaders('Accept'), { 'content-encoding': 'gzip', vary: ['Accept', 'Accept-Encoding'] });
});

test('gzipBody is gzip', async () => {
  const text = JSON.stringify({ items: Array.from({ length: 1000 }, (_, i) => ({ name: `item-${i}` })) });
  assert.equal(gunzipSync(await gzipBody(text)).toString('utf8'), text);
  assert.equal(gunzipSync(await gzipBody(Buffer.from(text))).toString('utf8'), text);
});
