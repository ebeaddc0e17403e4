import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, it } from 'node:test';
import { bearerTokenAuthenticator, extraSpaceWarning, parseBearerToken, type BearerCredential } from './bearer-token.js';

describe('parseBearerToken', () => {
  const cases: [string | undefined, BearerCredential][] = [
    [undefined, { kind: 'absent' }],
    ['', { kind: 'absent' }],
    ['Bearer abc', { kind: 'token', token: 'abc' }],
    ['bearer abc', { kind: 'token', token: 'abc' }],
    ['BEARER abc', { kind: 'token', token: 'abc' }],
    ['  Bearer abc  ', { kind: 'token', token: 'abc' }],
    ['Bearer abc def', { kind: 'token', token: 'abc' }],
    ['Bearer', { kind: 'absent' }],
    ['Bearer ', { kind: 'absent' }],
    ['Bearer  abc', { kind: 'empty', extraSpace: true }],
    ['Bearer\tabc', { kind: 'absent' }],
    ['Basic YWxpY2U6cHc=', { kind: 'absent' }],
    ['Bearerabc', { kind: 'absent' }],
  ];
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} -> ${expected.kind}`, () => assert.deepEqual(parseBearerToken(header), expected));
  }
});

describe('bearerTokenAuthenticator', () => {
  const alice = { name: 'alice', groups: ['dev'] };
  const bob = { name: 'bob', groups: [] };
  const authenticate = bearerTokenAuthenticator([
    (token) => (token === 'a' ? { user: alice } : undefined),
    async (token, audiences) => (token === 'b' ? { user: bob, ...(audiences ? { audiences: audiences.slice(0, 1) } : {}) } : undefined),
  ]);
  const request = (authorization?: string): { headers: IncomingHttpHeaders; socket: unknown } => ({
    headers: authorization === undefined ? {} : { authorization },
    socket: undefined,
  });

  it('authenticates with the first source that knows the token, and removes the header', async () => {
    const first = request('Bearer a');
    assert.deepEqual(await authenticate(first), { kind: 'authenticated', user: alice });
    assert.equal(first.headers.authorization, undefined);
    assert.deepEqual(await authenticate(request('Bearer b')), { kind: 'authenticated', user: bob });
  });

  it('passes the wanted audiences to the sources and reports those found', async () => {
    assert.deepEqual(await authenticate(request('Bearer b'), ['api', 'other']), { kind: 'authenticated', user: bob, audiences: ['api'] });
  });

  it('aggregates the errors of several sources as Go does', async () => {
    const failing = bearerTokenAuthenticator([() => { throw new Error('one'); }, () => Promise.reject(new Error('two'))]);
    assert.deepEqual(await failing(request('Bearer x')), { kind: 'rejected', reason: '[one, two]' });
  });

  it('rejects an unknown token without naming it, and keeps the header', async () => {
    const unknown = request('Bearer zzz-secret');
    const result = await authenticate(unknown);
    assert.deepEqual(result, { kind: 'rejected', reason: 'invalid bearer token' });
    assert.equal(unknown.headers.authorization, 'Bearer zzz-secret');
  });

  it('reports a failing source as the rejection reason', async () => {
    const failing = bearerTokenAuthenticator([() => Promise.reject(new Error('webhook unavailable'))]);
    assert.deepEqual(await failing(request('Bearer x')), { kind: 'rejected', reason: 'webhook unavailable' });
  });

  it('treats no header, other schemes and empty tokens as no credentials', async () => {
    assert.deepEqual(await authenticate(request()), { kind: 'none' });
    assert.deepEqual(await authenticate(request('Basic eDp5')), { kind: 'none' });
    assert.deepEqual(await authenticate(request('Bearer  a')), { kind: 'none', warnings: [extraSpaceWarning] });
  });
});
