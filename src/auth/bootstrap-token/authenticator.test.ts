import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bootstrapTokenAuthenticator, userOfTokenSecret } from './authenticator.js';
import { parseToken, signingToken, timeToExpiry, type TokenSecret } from './secret.js';

const now = new Date('2026-01-01T00:00:00Z');
const b64 = (s: string) => Buffer.from(s).toString('base64');
const secretOf = (data: Record<string, string>, extra: Partial<TokenSecret> = {}): TokenSecret => ({
  metadata: { name: 'bootstrap-token-abcdef', namespace: 'kube-system' },
  type: 'bootstrap.kubernetes.io/token',
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, b64(v)])),
  ...extra,
});
const valid = { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-authentication': 'true' };
const token = { id: 'abcdef', secret: '0123456789abcdef' };

describe('userOfTokenSecret', () => {
  const cases: { name: string; secret: TokenSecret; groups?: string[] }[] = [
    { name: 'valid', secret: secretOf(valid), groups: ['system:bootstrappers'] },
    { name: 'extra groups, sorted without repeats', secret: secretOf({ ...valid, 'auth-extra-groups': 'system:bootstrappers:z,system:bootstrappers:a:b,system:bootstrappers:z' }), groups: ['system:bootstrappers', 'system:bootstrappers:a:b', 'system:bootstrappers:z'] },
    { name: 'extra group without the prefix', secret: secretOf({ ...valid, 'auth-extra-groups': 'system:masters' }) },
    { name: 'extra group with a space', secret: secretOf({ ...valid, 'auth-extra-groups': 'system:bootstrappers:a, system:bootstrappers:b' }) },
    { name: 'extra group ending in a colon', secret: secretOf({ ...valid, 'auth-extra-groups': 'system:bootstrappers:' }) },
    { name: 'unexpired', secret: secretOf({ ...valid, expiration: '2026-01-01T00:00:01Z' }), groups: ['system:bootstrappers'] },
    { name: 'unexpired with an offset', secret: secretOf({ ...valid, expiration: '2026-01-01T01:00:01+01:00' }), groups: ['system:bootstrappers'] },
    { name: 'expired', secret: secretOf({ ...valid, expiration: '2026-01-01T00:00:00Z' }) },
    { name: 'unparseable expiration', secret: secretOf({ ...valid, expiration: 'tomorrow' }) },
    { name: 'expiration not RFC 3339', secret: secretOf({ ...valid, expiration: '2027-01-01 00:00:00' }) },
    { name: 'not for authentication', secret: secretOf({ ...valid, 'usage-bootstrap-authentication': 'false' }) },
    { name: 'usage other than exactly true', secret: secretOf({ ...valid, 'usage-bootstrap-authentication': 'True' }) },
    { name: 'usage missing', secret: secretOf({ 'token-id': 'abcdef', 'token-secret': '0123456789abcdef' }) },
    { name: 'other secret', secret: secretOf({ ...valid, 'token-secret': '0123456789abcdee' }) },
    { name: 'other id', secret: secretOf({ ...valid, 'token-id': 'abcdeg' }) },
    { name: 'other type', secret: secretOf(valid, { type: 'Opaque' }) },
    { name: 'no data', secret: { metadata: { name: 'bootstrap-token-abcdef' }, type: 'bootstrap.kubernetes.io/token' } },
    { name: 'being deleted', secret: secretOf(valid, { metadata: { name: 'bootstrap-token-abcdef', deletionTimestamp: '2026-01-01T00:00:00Z' } }) },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const user = userOfTokenSecret(c.secret, token, now);
      assert.deepEqual(user, c.groups ? { name: 'system:bootstrap:abcdef', groups: c.groups } : undefined);
    });
  }
});

describe('parseToken', () => {
  const cases: [string, boolean][] = [
    ['abcdef.0123456789abcdef', true],
    ['ABCDEF.0123456789abcdef', false],
    ['abcde.0123456789abcdef', false],
    ['abcdef.0123456789abcdef0', false],
    ['abcdef:0123456789abcdef', false],
    ['abcdef.0123456789abcdef\n', false],
  ];
  for (const [t, ok] of cases) it(JSON.stringify(t), () => assert.equal(parseToken(t) !== undefined, ok));
});

describe('timeToExpiry', () => {
  it('is infinite without expiration and counts down to it', () => {
    assert.equal(timeToExpiry(secretOf(valid), now), Number.POSITIVE_INFINITY);
    assert.equal(timeToExpiry(secretOf({ ...valid, expiration: '2026-01-01T00:00:10.5Z' }), now), 10_500);
  });
});

describe('signingToken', () => {
  const signing = { 'token-id': 'abcdef', 'token-secret': '0123456789abcdef', 'usage-bootstrap-signing': 'true' };
  const cases: { name: string; secret: TokenSecret; ok: boolean }[] = [
    { name: 'valid', secret: secretOf(signing), ok: true },
    { name: 'not for signing', secret: secretOf({ ...signing, 'usage-bootstrap-signing': 'false' }), ok: false },
    { name: 'expired', secret: secretOf({ ...signing, expiration: '2025-01-01T00:00:00Z' }), ok: false },
    { name: 'name without the id', secret: secretOf(signing, { metadata: { name: 'bootstrap-token-zzzzzz' } }), ok: false },
    { name: 'name of another form', secret: secretOf(signing, { metadata: { name: 'my-token' } }), ok: false },
    { name: 'no secret', secret: secretOf({ ...signing, 'token-secret': '' }), ok: false },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(signingToken(c.secret, now), c.ok ? token : undefined));
});

describe('bootstrapTokenAuthenticator', () => {
  it('reads the Secret named after the token id, and leaves other tokens alone', async () => {
    const asked: string[] = [];
    const auth = bootstrapTokenAuthenticator(async (name) => (asked.push(name), name === 'bootstrap-token-abcdef' ? secretOf(valid) : undefined), () => now);
    assert.deepEqual(await auth('abcdef.0123456789abcdef'), { name: 'system:bootstrap:abcdef', groups: ['system:bootstrappers'] });
    assert.equal(await auth('zzzzzz.0123456789abcdef'), undefined);
    assert.equal(auth('not-a-bootstrap-token'), undefined);
    assert.deepEqual(asked, ['bootstrap-token-abcdef', 'bootstrap-token-zzzzzz']);
  });
});
