import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureCertificates } from '../server/pki/index.js';
import { loadAuthenticationFiles, newAuthentication, type AuthenticationOptions, type TokenAuthenticatorSlots } from './authenticator-config.js';
import { parseTokenFile } from './authenticators/token-file.js';
import type { WebhookClient } from './authenticators/webhook-client.js';
import { anonymousUser } from './user-info.js';

const dir = await mkdtemp(join(tmpdir(), 'kplane-authn-config-'));
after(() => rm(dir, { recursive: true, force: true }));
const pki = await ensureCertificates(join(dir, 'pki'), { hosts: [] });
const tokenFile = parseTokenFile('static,alice,a-1,"dev,ops"\n', 'tokens.csv');

/** A webhook knowing the token `remote` as user `wanda`, counting its calls. */
function webhook(): { client: WebhookClient; calls: () => number } {
  let calls = 0;
  const client: WebhookClient = async (body) => {
    calls++;
    const review = JSON.parse(body) as { apiVersion: string; spec: { token: string } };
    const status = review.spec.token === 'remote' ? { authenticated: true, user: { username: 'wanda', groups: ['remote'] } } : { authenticated: false };
    return { status: 200, body: JSON.stringify({ apiVersion: review.apiVersion, kind: 'TokenReview', status }) };
  };
  return { client, calls: () => calls };
}

const bearer = (token?: string) => ({ headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, socket: undefined });

describe('newAuthentication', () => {
  const slots: TokenAuthenticatorSlots = {
    serviceAccountTokens: [(token, audiences) => (token === 'sa' ? { user: { name: 'system:serviceaccount:ns:sa', groups: [] }, ...(audiences ? { audiences } : {}) } : undefined)],
    bootstrapTokens: (token) => (token === 'boot' || token === 'static' ? { name: 'system:bootstrap:abcdef', groups: ['system:bootstrappers'] } : undefined),
    oidc: (token) => (token === 'oidc' ? { name: 'https://issuer#jane', groups: [] } : undefined),
  };
  const cases: { name: string; options?: AuthenticationOptions; token?: string; expected: unknown }[] = [
    { name: 'static token, with system:authenticated', token: 'static', expected: { kind: 'authenticated', user: { name: 'alice', uid: 'a-1', groups: ['dev', 'ops', 'system:authenticated'] } } },
    { name: 'service-account slot', token: 'sa', expected: { kind: 'authenticated', user: { name: 'system:serviceaccount:ns:sa', groups: ['system:authenticated'] } } },
    { name: 'bootstrap slot', token: 'boot', expected: { kind: 'authenticated', user: { name: 'system:bootstrap:abcdef', groups: ['system:bootstrappers', 'system:authenticated'] } } },
    { name: 'oidc slot', token: 'oidc', expected: { kind: 'authenticated', user: { name: 'https://issuer#jane', groups: ['system:authenticated'] } } },
    { name: 'webhook last', token: 'remote', expected: { kind: 'authenticated', user: { name: 'wanda', groups: ['remote', 'system:authenticated'] } } },
    { name: 'an unknown token is refused even with anonymous access', token: 'nope', expected: { kind: 'rejected', reason: 'invalid bearer token' } },
    { name: 'no credentials: anonymous', expected: { kind: 'authenticated', user: anonymousUser } },
    { name: 'no credentials without anonymous access', options: { anonymousAuth: false }, expected: { kind: 'none' } },
    {
      name: 'with --api-audiences a static token is valid for them',
      options: { apiAudiences: ['api'] },
      token: 'static',
      expected: { kind: 'authenticated', user: { name: 'alice', uid: 'a-1', groups: ['dev', 'ops', 'system:authenticated'] }, audiences: ['api'] },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const authentication = newAuthentication(c.options ?? {}, { tokenFile, tokenWebhook: webhook().client }, pki.caCert, slots);
      assert.deepEqual(await authentication.authenticate(bearer(c.token)), c.expected);
    });
  }

  it('asks the webhook only when no local source knows the token, and caches its answer', async () => {
    const remote = webhook();
    const authentication = newAuthentication({}, { tokenFile, tokenWebhook: remote.client }, pki.caCert, slots);
    await authentication.authenticate(bearer('static'));
    await authentication.authenticate(bearer('remote'));
    await authentication.authenticate(bearer('remote'));
    assert.equal(remote.calls(), 1);
  });

  it('stays synchronous for static tokens and anonymous requests', () => {
    const authentication = newAuthentication({}, { tokenFile }, pki.caCert);
    assert.ok(!(authentication.authenticate(bearer('static')) instanceof Promise));
    assert.ok(!(authentication.authenticate(bearer()) instanceof Promise));
  });

  const reviews: { name: string; audiences?: string[]; token: string; expected: unknown }[] = [
    { name: 'a review without audiences', token: 'static', expected: { kind: 'authenticated', user: { name: 'alice', uid: 'a-1', groups: ['dev', 'ops', 'system:authenticated'] } } },
    { name: 'a review for the server\'s audiences', audiences: ['x', 'api'], token: 'static', expected: { kind: 'authenticated', user: { name: 'alice', uid: 'a-1', groups: ['dev', 'ops', 'system:authenticated'] }, audiences: ['api'] } },
    { name: 'a static token is not valid for other audiences', audiences: ['other'], token: 'static', expected: { kind: 'rejected', reason: 'invalid bearer token' } },
    { name: 'an audience-aware source answers for its audiences', audiences: ['other'], token: 'sa', expected: { kind: 'authenticated', user: { name: 'system:serviceaccount:ns:sa', groups: ['system:authenticated'] }, audiences: ['other'] } },
  ];
  for (const r of reviews) {
    it(`reviewToken: ${r.name}`, async () => {
      const authentication = newAuthentication({ apiAudiences: ['api'] }, { tokenFile }, pki.caCert, slots);
      assert.deepEqual(await authentication.reviewToken(r.token, r.audiences), r.expected);
    });
  }
});

describe('loadAuthenticationFiles', () => {
  it('reads every file once and names the flag of an unreadable one', async () => {
    const tokens = join(dir, 'tokens.csv');
    await writeFile(tokens, 'a,alice,1\n');
    const files = await loadAuthenticationFiles({ tokenAuthFile: tokens, clientCAFile: join(dir, 'pki', 'ca.crt') });
    assert.equal(files.tokenFile?.tokens.size, 1);
    assert.equal(files.clientCAs?.fingerprints.size, 1);
    const missing = join(dir, 'missing');
    const failures: [AuthenticationOptions, RegExp][] = [
      [{ clientCAFile: missing }, /^Error: --client-ca-file: unable to load CA bundle ".*missing": ENOENT/],
      [{ clientCAFile: tokens }, /^Error: --client-ca-file: unable to load CA bundle ".*tokens.csv": data does not contain any valid RSA or ECDSA certificates$/],
      [{ tokenAuthFile: missing }, /^Error: --token-auth-file: ENOENT/],
      [{ requestHeader: { clientCAFile: missing } }, /^Error: --requestheader-client-ca-file: /],
      [{ tokenWebhook: { configFile: missing } }, /^Error: --authentication-token-webhook-config-file ".*missing": ENOENT/],
      [{ tokenWebhook: { configFile: tokens } }, /^Error: --authentication-token-webhook-config-file ".*": invalid configuration: no configuration has been provided$/],
    ];
    for (const [options, message] of failures) await assert.rejects(loadAuthenticationFiles(options), message);
  });
});
