import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { usernamePrefixOf, userOfClaims, type ClaimMapping, type Claims } from './claims.js';

const issuer = 'https://issuer.example';

describe('usernamePrefixOf', () => {
  const cases: [claim: string, flag: string | undefined, expected: string][] = [
    ['sub', undefined, 'https://issuer.example#'],
    ['sub', '', 'https://issuer.example#'],
    ['email', undefined, ''],
    ['email', '', ''],
    ['name', 'oidc:', 'oidc:'],
    ['email', 'oidc:', 'oidc:'],
    ['sub', '-', ''],
    ['email', '-', ''],
  ];
  for (const [claim, flag, expected] of cases) {
    it(`claim ${claim}, prefix ${JSON.stringify(flag)} -> ${JSON.stringify(expected)}`, () => assert.equal(usernamePrefixOf(issuer, claim, flag), expected));
  }
});

describe('userOfClaims', () => {
  const base: ClaimMapping = { usernameClaim: 'sub', usernamePrefix: 'p#' };
  const cases: { name: string; claims: Claims; mapping?: Partial<ClaimMapping>; user?: { name: string; groups: string[] }; error?: string }[] = [
    { name: 'sub with prefix', claims: { sub: 'alice' }, user: { name: 'p#alice', groups: [] } },
    { name: 'missing username claim', claims: { email: 'a@x' }, error: 'oidc: parse username claims "sub": claim not present' },
    { name: 'username claim not a string', claims: { sub: 42 }, error: 'oidc: parse username claims "sub": json: cannot unmarshal number into Go value of type string' },
    { name: 'email verified', claims: { email: 'a@x', email_verified: true }, mapping: { usernameClaim: 'email', usernamePrefix: '' }, user: { name: 'a@x', groups: [] } },
    { name: 'email without email_verified', claims: { email: 'a@x' }, mapping: { usernameClaim: 'email', usernamePrefix: '' }, user: { name: 'a@x', groups: [] } },
    { name: 'email not verified', claims: { email: 'a@x', email_verified: false }, mapping: { usernameClaim: 'email', usernamePrefix: '' }, error: 'oidc: email not verified' },
    { name: 'email_verified not a bool', claims: { email: 'a@x', email_verified: 'true' }, mapping: { usernameClaim: 'email', usernamePrefix: '' }, error: "oidc: parse 'email_verified' claim: json: cannot unmarshal string into Go value of type bool" },
    { name: 'email_verified ignored for other claims', claims: { sub: 's', email_verified: false }, user: { name: 'p#s', groups: [] } },
    { name: 'groups array', claims: { sub: 's', groups: ['a', 'b'] }, mapping: { groupsClaim: 'groups' }, user: { name: 'p#s', groups: ['a', 'b'] } },
    { name: 'groups string', claims: { sub: 's', role: 'admin' }, mapping: { groupsClaim: 'role' }, user: { name: 'p#s', groups: ['admin'] } },
    { name: 'groups absent', claims: { sub: 's' }, mapping: { groupsClaim: 'groups' }, user: { name: 'p#s', groups: [] } },
    { name: 'groups prefix', claims: { sub: 's', groups: ['a', 'b'] }, mapping: { groupsClaim: 'groups', groupsPrefix: 'oidc:' }, user: { name: 'p#s', groups: ['oidc:a', 'oidc:b'] } },
    { name: 'groups of another type', claims: { sub: 's', groups: [1] }, mapping: { groupsClaim: 'groups' }, error: 'oidc: parse groups claim "groups": json: cannot unmarshal array into Go value of type []string' },
    { name: 'groups claim unset ignores groups', claims: { sub: 's', groups: ['a'] }, user: { name: 'p#s', groups: [] } },
    { name: 'required claim matches', claims: { sub: 's', hd: 'example.com' }, mapping: { requiredClaims: { hd: 'example.com' } }, user: { name: 'p#s', groups: [] } },
    { name: 'required claim missing', claims: { sub: 's' }, mapping: { requiredClaims: { hd: 'example.com' } }, error: 'oidc: required claim hd not present in ID token' },
    { name: 'required claim differs', claims: { sub: 's', hd: 'other.com' }, mapping: { requiredClaims: { hd: 'example.com' } }, error: 'oidc: required claim hd value does not match. Got = other.com, want = example.com' },
    { name: 'required claim not a string', claims: { sub: 's', hd: true }, mapping: { requiredClaims: { hd: 'true' } }, error: 'oidc: parse claim hd: json: cannot unmarshal boolean into Go value of type string' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const mapping = { ...base, ...c.mapping };
      if (c.error) assert.throws(() => userOfClaims(c.claims, mapping), { message: c.error });
      else assert.deepEqual(userOfClaims(c.claims, mapping), c.user);
    });
  }
});
