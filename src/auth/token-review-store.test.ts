import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenReviewDefinition } from '../apis/authentication/v1/tokenreview.js';
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { AuthenticationResult } from './authenticators/authenticator.js';
import { reviewStatus, tokenReviewStore } from './token-review-store.js';

const alice = { name: 'alice', uid: 'u', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a'] } };

describe('reviewStatus', () => {
  const cases: { name: string; result: AuthenticationResult; wanted?: string[]; status: unknown }[] = [
    { name: 'refused: the reason as error, an empty user', result: { kind: 'rejected', reason: 'invalid bearer token' }, status: { user: {}, error: 'invalid bearer token' } },
    { name: 'nothing understood', result: { kind: 'none' }, status: { user: {} } },
    {
      name: 'authenticated',
      result: { kind: 'authenticated', user: alice },
      status: { authenticated: true, user: { username: 'alice', uid: 'u', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a'] } } },
    },
    {
      name: 'authenticated for audiences',
      result: { kind: 'authenticated', user: { name: 'bob', groups: [] }, audiences: ['api'] },
      wanted: ['api', 'x'],
      status: { authenticated: true, user: { username: 'bob' }, audiences: ['api'] },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(reviewStatus(c.result, c.wanted), c.status));

  it('is an internal error when the authenticator answers for none of the wanted audiences', () => {
    assert.throws(() => reviewStatus({ kind: 'authenticated', user: alice }, ['api']), { message: 'Internal error occurred: error validating audiences' });
  });
});

describe('tokenReviewStore', () => {
  const def = tokenReviewDefinition as unknown as ResourceDefinition;
  const seen: (readonly string[] | undefined)[] = [];
  const store = tokenReviewStore(def, () => ({
    apiAudiences: ['api'],
    reviewToken: (_token, audiences) => {
      seen.push(audiences);
      return { kind: 'authenticated', user: alice, ...(audiences ? { audiences: audiences.slice(0, 1) } : {}) };
    },
  }));
  const review = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', metadata: {}, spec } as unknown as KubeObject);

  it('reviews with the requested audiences, else --api-audiences, and echoes the spec', async () => {
    const { object } = await store.create('', review({ token: 't', audiences: ['other'] }), { dryRun: false });
    await store.create('', review({ token: 't' }), { dryRun: false });
    assert.deepEqual(seen, [['other'], ['api']]);
    assert.deepEqual((object as unknown as { spec: unknown; status: { audiences: unknown } }).spec, { token: 't', audiences: ['other'] });
    assert.deepEqual((object as unknown as { status: { audiences: unknown } }).status.audiences, ['other']);
  });

  it('needs a token, and serves nothing but create', async () => {
    await assert.rejects(store.create('', review({}), { dryRun: false }), { message: 'token is required for TokenReview in authentication', code: 400 });
    await assert.rejects(async () => store.get('', 'x'), { code: 405 });
  });
});
