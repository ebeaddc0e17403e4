import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkIdToken, unverifiedIssuer } from './id-token.js';

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown, header: unknown = { alg: 'RS256', kid: 'k' }): string => `${b64(header)}.${b64(claims)}.c2ln`;

const issuerURL = 'https://issuer.example';
const now = new Date('2026-01-01T00:00:00Z');
const nowSeconds = now.getTime() / 1000;
const expected = { issuerURL, clientID: 'kplane', signingAlgs: ['RS256'], now };
const good = { iss: issuerURL, aud: 'kplane', sub: 'alice', exp: nowSeconds + 60 };

describe('unverifiedIssuer', () => {
  const cases: [string, string | undefined][] = [
    [jwt(good), issuerURL],
    [jwt({ sub: 'x' }), undefined],
    [jwt({ iss: 7 }), undefined],
    ['abcdef.0123456789abcdef', undefined],
    ['a.b', undefined],
    ['a.%%%.c', undefined],
  ];
  for (const [token, issuer] of cases) it(`${token.slice(0, 24)} -> ${issuer}`, () => assert.equal(unverifiedIssuer(token), issuer));
});

describe('checkIdToken', () => {
  const cases: { name: string; token: string; error?: string | RegExp }[] = [
    { name: 'valid', token: jwt(good) },
    { name: 'audience in an array', token: jwt({ ...good, aud: ['other', 'kplane'] }) },
    { name: 'other issuer', token: jwt({ ...good, iss: 'https://other' }), error: 'oidc: id token issued by a different provider, expected "https://issuer.example" got "https://other"' },
    { name: 'issuer with trailing slash', token: jwt({ ...good, iss: `${issuerURL}/` }), error: 'oidc: id token issued by a different provider, expected "https://issuer.example" got "https://issuer.example/"' },
    { name: 'other audience', token: jwt({ ...good, aud: 'other' }), error: 'oidc: expected audience "kplane" got ["other"]' },
    { name: 'no audience', token: jwt({ ...good, aud: undefined }), error: 'oidc: expected audience "kplane" got []' },
    { name: 'expired', token: jwt({ ...good, exp: nowSeconds - 1 }), error: 'oidc: token is expired (Token Expiry: 2025-12-31T23:59:59.000Z)' },
    { name: 'no exp', token: jwt({ ...good, exp: undefined }), error: 'oidc: token is expired (Token Expiry: 0001-01-01 00:00:00 +0000 UTC)' },
    { name: 'nbf within the leeway', token: jwt({ ...good, nbf: nowSeconds + 30 }) },
    { name: 'nbf in the future', token: jwt({ ...good, nbf: nowSeconds + 120 }), error: 'oidc: current time 2026-01-01T00:00:00.000Z before the nbf (not before) time: 2026-01-01T00:02:00.000Z' },
    { name: 'algorithm not allowed', token: jwt(good, { alg: 'HS256' }), error: 'oidc: id token signed with unsupported algorithm, expected ["RS256"] got "HS256"' },
    { name: 'alg none', token: jwt(good, { alg: 'none' }), error: 'oidc: id token signed with unsupported algorithm, expected ["RS256"] got "none"' },
    { name: 'payload not JSON', token: `${b64({ alg: 'RS256' })}.bm90IGpzb24.c2ln`, error: /oidc: malformed jwt payload: / },
  ];
  for (const c of cases) {
    it(c.name, () => {
      if (c.error === undefined) assert.equal(checkIdToken(c.token, expected).claims['sub'], 'alice');
      else assert.throws(() => checkIdToken(c.token, expected), { message: c.error });
    });
  }
});
