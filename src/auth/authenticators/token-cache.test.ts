import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AudienceTokenAuthenticator, TokenResponse } from './authenticator.js';
import { cachedTokenAuthenticator } from './token-cache.js';

const alice: TokenResponse = { user: { name: 'alice', groups: [] } };

/** A source knowing `good`, failing on `broken`, counting calls per token. */
function countingSource(): { source: AudienceTokenAuthenticator; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const source: AudienceTokenAuthenticator = async (token) => {
    calls.set(token, (calls.get(token) ?? 0) + 1);
    if (token === 'broken') throw new Error('webhook down');
    return token === 'good' ? alice : undefined;
  };
  return { source, calls };
}

describe('cachedTokenAuthenticator', () => {
  it('remembers successes and failures for their TTLs, and answers hits synchronously', async () => {
    let clock = 0;
    const { source, calls } = countingSource();
    const cached = cachedTokenAuthenticator(source, { successTtlMs: 1000, failureTtlMs: 100, now: () => clock });
    assert.deepEqual(await cached('good', undefined), alice);
    assert.deepEqual(cached('good', undefined), alice, 'a hit is not a promise');
    assert.equal(await cached('bad', undefined), undefined);
    assert.equal(cached('bad', undefined), undefined);
    clock = 500;
    assert.equal(await cached('bad', undefined), undefined);
    assert.deepEqual(cached('good', undefined), alice);
    clock = 1500;
    await cached('good', undefined);
    assert.deepEqual(Object.fromEntries(calls), { good: 2, bad: 2 });
  });

  it('keys by audiences too', async () => {
    const { source, calls } = countingSource();
    const cached = cachedTokenAuthenticator(source, { successTtlMs: 1000, failureTtlMs: 1000 });
    await cached('good', undefined);
    await cached('good', ['api']);
    await cached('good', ['api']);
    assert.equal(calls.get('good'), 2);
  });

  it('never remembers errors, and shares one call between concurrent lookups', async () => {
    const { source, calls } = countingSource();
    const cached = cachedTokenAuthenticator(source, { successTtlMs: 1000, failureTtlMs: 1000 });
    await assert.rejects(Promise.resolve(cached('broken', undefined)), /webhook down/);
    await assert.rejects(Promise.resolve(cached('broken', undefined)), /webhook down/);
    assert.equal(calls.get('broken'), 2);
    await Promise.all([cached('good', undefined), cached('good', undefined), cached('good', undefined)]);
    assert.equal(calls.get('good'), 1);
  });

  it('forgets the oldest entries beyond its size', async () => {
    const { source, calls } = countingSource();
    const cached = cachedTokenAuthenticator(source, { successTtlMs: 1000, failureTtlMs: 1000, maxEntries: 2 });
    for (const token of ['a', 'b', 'c', 'a']) await cached(token, undefined);
    assert.equal(calls.get('a'), 2);
  });
});
