import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRange } from './byte-ranges.js';
import { checkPreconditions, scanETag, type ConditionalHeaders } from './conditional.js';
import { formatHttpTime, parseHttpTime } from './http-time.js';
import { serveContent, sniffContentType } from './serve-content.js';

const MODIFIED = new Date('2026-12-07T00:05:33.750Z');
const MODIFIED_SECONDS = Math.floor(MODIFIED.getTime() / 1000);
const LAST_MODIFIED = 'Mon, 07 Dec 2026 00:05:33 GMT';

test('HTTP dates as http.TimeFormat writes them and http.ParseTime reads them', () => {
  assert.equal(formatHttpTime(MODIFIED), LAST_MODIFIED);
  const cases: Array<[string, number | undefined]> = [
    [LAST_MODIFIED, MODIFIED_SECONDS],
    ['mon, 07 dec 2026 00:05:33 GMT', MODIFIED_SECONDS],
    ['Mon, 07 Dec 2026 0:05:33 GMT', MODIFIED_SECONDS],
    ['Monday, 07-Dec-26 00:05:33 GMT', MODIFIED_SECONDS],
    ['Monday, 07-Dec-70 00:05:33 UTC', Date.UTC(1970, 11, 7, 0, 5, 33) / 1000],
    ['Mon Dec  7 00:05:33 2026', MODIFIED_SECONDS],
    ['Mon Dec 7 00:05:33 2026', MODIFIED_SECONDS],
    ['Mon, 07 Dec 2026 00:05:33 UTC', undefined],
    ['Mon, 7 Dec 2026 00:05:33 GMT', undefined],
    ['Mon, 31 Apr 2026 00:05:33 GMT', undefined],
    ['Mon, 07 Dec 2026 24:05:33 GMT', undefined],
    ['Xyz, 07 Dec 2026 00:05:33 GMT', undefined],
    ['Mon, 07 Dec 2026 00:05:33 GMT ', undefined],
    ['yesterday', undefined],
  ];
  for (const [text, seconds] of cases) assert.equal(parseHttpTime(text), seconds, text);
});

test('entity tags as Go scans them: quoted, optionally weak, with what follows', () => {
  assert.deepEqual(scanETag(' "abc" , "d"'), ['"abc"', ' , "d"']);
  assert.deepEqual(scanETag('W/"abc"'), ['W/"abc"', '']);
  for (const bad of ['abc', '"abc', '""'.slice(0, 1), '"a b"', 'W/abc']) assert.deepEqual(scanETag(bad), ['', ''], bad);
});

test("checkPreconditions in Go's order (RFC 7232 section 6), for an unquoted and a quoted ETag", () => {
  const before = 'Mon, 07 Dec 2026 00:05:32 GMT';
  const get = (headers: Omit<ConditionalHeaders, 'method'>, method = 'GET'): ConditionalHeaders => ({ method, ...headers });
  const cases: Array<[string, ConditionalHeaders, string, number | undefined]> = [
    ['no conditions', get({}), 'ABC', undefined],
    // An unquoted ETag (kube-openapi 1.25's) is matched by nothing but `*`.
    ['If-None-Match: the unquoted tag itself', get({ ifNoneMatch: 'ABC' }), 'ABC', undefined],
    ['If-None-Match: the tag quoted', get({ ifNoneMatch: '"ABC"' }), 'ABC', undefined],
    ['If-None-Match: *', get({ ifNoneMatch: '*' }), 'ABC', 304],
    ['If-None-Match: * on a POST', get({ ifNoneMatch: '*' }, 'POST'), 'ABC', 412],
    ['If-None-Match: a quoted tag, weakly', get({ ifNoneMatch: 'W/"x", "ABC"' }), '"ABC"', 304],
    ['If-None-Match wins over If-Modified-Since', get({ ifNoneMatch: '"other"', ifModifiedSince: LAST_MODIFIED }), '"ABC"', undefined],
    ['If-Modified-Since: the Last-Modified', get({ ifModifiedSince: LAST_MODIFIED }), 'ABC', 304],
    ['If-Modified-Since: a second before', get({ ifModifiedSince: before }), 'ABC', undefined],
    ['If-Modified-Since: not a date', get({ ifModifiedSince: 'soon' }), 'ABC', undefined],
    ['If-Modified-Since on a POST', get({ ifModifiedSince: LAST_MODIFIED }, 'POST'), 'ABC', undefined],
    ['If-Match: *', get({ ifMatch: '*' }), 'ABC', undefined],
    ['If-Match: the unquoted tag', get({ ifMatch: 'ABC' }), 'ABC', 412],
    ['If-Match: a strong quoted tag', get({ ifMatch: '"x", "ABC"' }), '"ABC"', undefined],
    ['If-Match: a weak tag never matches', get({ ifMatch: 'W/"ABC"' }), '"ABC"', 412],
    ['If-Unmodified-Since: the Last-Modified', get({ ifUnmodifiedSince: LAST_MODIFIED }), 'ABC', undefined],
    ['If-Unmodified-Since: a second before', get({ ifUnmodifiedSince: before }), 'ABC', 412],
  ];
  for (const [name, req, etag, answer] of cases) assert.equal(checkPreconditions(req, etag, MODIFIED_SECONDS).answer, answer, name);
  const range = (req: ConditionalHeaders, etag: string): string | undefined => {
    const outcome = checkPreconditions(req, etag, MODIFIED_SECONDS);
    return outcome.answer === undefined ? outcome.range : undefined;
  };
  assert.equal(range(get({ range: 'bytes=0-1' }), 'ABC'), 'bytes=0-1');
  assert.equal(range(get({ range: 'bytes=0-1', ifRange: LAST_MODIFIED }), 'ABC'), 'bytes=0-1');
  assert.equal(range(get({ range: 'bytes=0-1', ifRange: before }), 'ABC'), '');
  assert.equal(range(get({ range: 'bytes=0-1', ifRange: '"ABC"' }), '"ABC"'), 'bytes=0-1');
  assert.equal(range(get({ range: 'bytes=0-1', ifRange: '"ABC"' }), 'ABC'), '');
});

test("Range headers as Go's parseRange reads them", () => {
  const cases: Array<[string, ReturnType<typeof parseRange>]> = [
    ['', []],
    ['bytes=0-9', [{ start: 0, length: 10 }]],
    ['bytes=90-', [{ start: 90, length: 10 }]],
    ['bytes=-5', [{ start: 95, length: 5 }]],
    ['bytes=-500', [{ start: 0, length: 100 }]],
    ['bytes=95-500', [{ start: 95, length: 5 }]],
    ['bytes= 0-1 , ,5-6', [{ start: 0, length: 2 }, { start: 5, length: 2 }]],
    ['bytes=100-', 'invalid range: failed to overlap'],
    ['bytes=100-200, 0-0', [{ start: 0, length: 1 }]],
    ['items=0-1', 'invalid range'],
    ['bytes=5', 'invalid range'],
    ['bytes=5-4', 'invalid range'],
    ['bytes=-', 'invalid range'],
    ['bytes=--5', 'invalid range'],
    ['bytes=a-5', 'invalid range'],
  ];
  for (const [header, expected] of cases) assert.deepEqual(parseRange(header, 100), expected, header);
});

test('the Content-Type ServeContent sniffs: text without binary bytes, else octet-stream', () => {
  assert.equal(sniffContentType(Buffer.from('{"swagger":"2.0"}\n\t\r')), 'text/plain; charset=utf-8');
  assert.equal(sniffContentType(Buffer.from([0x0a, 0x03, 0x32, 0x2e, 0x30])), 'application/octet-stream');
  // Only the first 512 bytes are read.
  assert.equal(sniffContentType(Buffer.concat([Buffer.alloc(512, 0x20), Buffer.from([0x00])])), 'text/plain; charset=utf-8');
});

test('ServeContent answers: whole, HEAD, one range, several ranges, unsatisfiable, not modified', () => {
  const served = { body: Buffer.from('0123456789'), etag: 'ABC', lastModified: MODIFIED };
  const base = { vary: ['Accept-Encoding', 'Accept'], etag: 'ABC' };
  const whole = serveContent({ method: 'GET' }, served, base);
  assert.equal(whole.code, 200);
  assert.deepEqual(whole.headers, { ...base, 'last-modified': LAST_MODIFIED, 'content-type': 'text/plain; charset=utf-8', 'accept-ranges': 'bytes', 'content-length': '10' });
  assert.equal(whole.body?.toString(), '0123456789');
  assert.deepEqual(serveContent({ method: 'HEAD' }, served, base).headers, whole.headers);

  const one = serveContent({ method: 'GET', range: 'bytes=2-4' }, served, base);
  assert.equal(one.code, 206);
  assert.equal(one.headers['content-range'], 'bytes 2-4/10');
  assert.equal(one.headers['content-length'], '3');
  assert.equal(one.body?.toString(), '234');

  const several = serveContent({ method: 'GET', range: 'bytes=0-1,-2' }, served, base);
  assert.equal(several.code, 206);
  const boundary = /^multipart\/byteranges; boundary=([0-9a-f]{60})$/.exec(String(several.headers['content-type']))?.[1];
  assert.ok(boundary, String(several.headers['content-type']));
  const part = (range: string, data: string): string => `--${boundary}\r\nContent-Range: bytes ${range}/10\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${data}`;
  assert.equal(several.body?.toString(), `${part('0-1', '01')}\r\n${part('8-9', '89')}\r\n--${boundary}--\r\n`);
  assert.equal(several.headers['content-length'], String(several.body?.length));
  // Ranges longer together than the body are ignored.
  assert.equal(serveContent({ method: 'GET', range: 'bytes=0-8,1-9' }, served, base).code, 200);

  const beyond = serveContent({ method: 'GET', range: 'bytes=10-' }, served, base);
  assert.equal(beyond.code, 416);
  assert.equal(beyond.headers['content-range'], 'bytes */10');
  assert.equal(beyond.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(beyond.body?.toString(), 'invalid range: failed to overlap\n');
  assert.equal(serveContent({ method: 'GET', range: 'bytes=x' }, served, base).body?.toString(), 'invalid range\n');

  const notModified = serveContent({ method: 'GET', ifModifiedSince: LAST_MODIFIED }, served, base);
  assert.equal(notModified.code, 304);
  // An ETag is there, so Last-Modified is not.
  assert.deepEqual(notModified.headers, base);
  assert.equal(notModified.body, undefined);
  assert.deepEqual(serveContent({ method: 'GET', ifMatch: '"nope"' }, served, base), { code: 412, headers: { ...base, 'last-modified': LAST_MODIFIED }, body: undefined });
});
