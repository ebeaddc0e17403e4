import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startOidcProvider, type TestOidcProvider } from '../../../../test/e2e/support/oidc-provider.js';
import { oidcAuthenticator, type OidcAuthenticator } from './oidc.js';

describe('oidcAuthenticator', () => {
  let dir: string;
  let provider: TestOidcProvider;
  let oidc: OidcAuthenticator;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kplane-oidc-'));
    provider = await startOidcProvider(dir);
    oidc = await oidcAuthenticator({ issuerURL: provider.issuer, clientID: 'kplane', caFile: provider.caFile, groupsClaim: 'groups' });
  });
  after(async () => {
    oidc.stop();
    await provider.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('fails tokens of its issuer until discovery succeeded, then verifies them', async () => {
    const token = await provider.sign({ sub: 'alice', aud: 'kplane', groups: ['dev'] });
    await oidc.initialized;
    assert.deepEqual(await oidc.authenticate(token), { name: `${provider.issuer}#alice`, groups: ['dev'] });
    assert.deepEqual(provider.requests, ['/.well-known/openid-configuration', '/keys']);
  });

  it('leaves tokens of other issuers and non-JWTs to other authenticators', async () => {
    assert.equal(oidc.authenticate('abcdef.0123456789abcdef'), undefined);
    const foreign = await provider.sign({ iss: 'https://elsewhere', sub: 'x', aud: 'kplane' });
    assert.equal(oidc.authenticate(foreign), undefined);
  });

  it('refetches the keys for an unknown key id (rotation)', async () => {
    await provider.rotate();
    const before = provider.requests.length;
    const token = await provider.sign({ sub: 'bob', aud: 'kplane' });
    assert.equal((await oidc.authenticate(token))?.name, `${provider.issuer}#bob`);
    assert.deepEqual(provider.requests.slice(before), ['/keys']);
  });

  const rejected: [string, () => Promise<string>, RegExp][] = [
    ['another audience', () => provider.sign({ sub: 'a', aud: 'other' }), /^oidc: verify token: oidc: expected audience "kplane" got \["other"\]$/],
    ['expired', () => provider.sign({ sub: 'a', aud: 'kplane', exp: Math.floor(Date.now() / 1000) - 10 }), /^oidc: verify token: oidc: token is expired/],
    ['a forged signature', async () => { const t = await provider.sign({ sub: 'a', aud: 'kplane' }); return `${t.slice(0, t.lastIndexOf('.'))}.AAAA`; }, /^oidc: verify token: failed to verify signature: /],
    ['an unknown key id', () => provider.sign({ sub: 'a', aud: 'kplane' }, { kid: 'nope' }), /^oidc: verify token: failed to verify signature: /],
    ['a missing username claim', () => provider.sign({ aud: 'kplane' }), /^oidc: parse username claims "sub": claim not present$/],
  ];
  for (const [name, token, message] of rejected) {
    it(`rejects ${name}`, async () => {
      await assert.rejects(async () => oidc.authenticate(await token()), { message });
    });
  }
});

describe('oidcAuthenticator options', () => {
  const cases: [string, Parameters<typeof oidcAuthenticator>[0], string][] = [
    ['http issuer', { issuerURL: 'http://issuer', clientID: 'c' }, `'oidc-issuer-url' ("http://issuer") has invalid scheme ("http"), require 'https'`],
    ['empty username claim', { issuerURL: 'https://issuer', clientID: 'c', usernameClaim: '' }, 'no username claim provided'],
    ['symmetric algorithm', { issuerURL: 'https://issuer', clientID: 'c', signingAlgs: ['RS256', 'HS256'] }, 'oidc: unsupported signing alg: "HS256"'],
    ['missing CA file', { issuerURL: 'https://issuer', clientID: 'c', caFile: '/nonexistent/ca.crt' }, "Failed to read the CA file: ENOENT: no such file or directory, open '/nonexistent/ca.crt'"],
  ];
  for (const [name, options, message] of cases) it(`refuses ${name}`, async () => assert.rejects(oidcAuthenticator(options), { message }));

  it('fails requests while the provider cannot be reached', async () => {
    const oidc = await oidcAuthenticator({ issuerURL: 'https://127.0.0.1:1', clientID: 'c' });
    const token = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from('{"iss":"https://127.0.0.1:1"}').toString('base64url')}.x`;
    await assert.rejects(async () => oidc.authenticate(token), { message: 'oidc: authenticator not initialized' });
    oidc.stop();
    await oidc.initialized;
  });
});
