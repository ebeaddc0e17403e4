import assert from 'node:assert/strict';
import { Socket } from 'node:net';
import { test } from 'node:test';
import { parseRequestHead, requestOf } from './unknown-methods.js';

const head = (text: string) => parseRequestHead(Buffer.from(text, 'latin1'));

test('parseRequestHead reads a complete, well-formed head, as Go http.ReadRequest', () => {
  const cases: Array<[string, string, ReturnType<typeof head>]> = [
    ['a token method', 'FROB /x?y=1 HTTP/1.1\r\nHost: h\r\nX-A:  b \r\n\r\nbody', { method: 'FROB', target: '/x?y=1', minorVersion: 1, fields: [['Host', 'h'], ['X-A', 'b']] }],
    ['HTTP/1.0 without fields', 'get / HTTP/1.0\r\n\r\n', { method: 'get', target: '/', minorVersion: 0, fields: [] }],
    ['token punctuation', "A!#$%&'*+-.^_`|~9 / HTTP/1.1\r\n\r\n", { method: "A!#$%&'*+-.^_`|~9", target: '/', minorVersion: 1, fields: [] }],
    ['a method that is no token', 'FR(OB / HTTP/1.1\r\n\r\n', undefined],
    ['an incomplete head', 'FROB / HTTP/1.1\r\nHost: h\r\n', undefined],
    ['a field without a colon', 'FROB / HTTP/1.1\r\nHost h\r\n\r\n', undefined],
    ['a field name with a space', 'FROB / HTTP/1.1\r\nHo st: h\r\n\r\n', undefined],
    ['another protocol version', 'FROB / HTTP/2.0\r\n\r\n', undefined],
    ['a missing target', 'FROB HTTP/1.1\r\n\r\n', undefined],
  ];
  for (const [title, text, expected] of cases) assert.deepEqual(head(text), expected, title);
});

test('requestOf merges repeated fields as Node does', () => {
  const parsed = head('FROB / HTTP/1.1\r\nAccept: a\r\naccept: b\r\nAuthorization: one\r\nAuthorization: two\r\nCookie: c=1\r\nCookie: d=2\r\n\r\n');
  assert.ok(parsed);
  const req = requestOf(parsed, new Socket());
  assert.equal(req.method, 'FROB');
  assert.equal(req.httpVersion, '1.1');
  assert.deepEqual(req.headers, { accept: 'a, b', authorization: 'one', cookie: 'c=1; d=2' });
  assert.deepEqual(req.rawHeaders, ['Accept', 'a', 'accept', 'b', 'Authorization', 'one', 'Authorization', 'two', 'Cookie', 'c=1', 'Cookie', 'd=2']);
});
