import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenWebhookAuthenticator, type TokenWebhookVersion } from './token-webhook.js';
import type { WebhookAnswer, WebhookClient } from './webhook-client.js';

const noRetryDelay = { initialDelayMs: 0, factor: 1, steps: 3 };

/** A webhook answering `status` to every review, recording the requests. */
function fakeWebhook(status: unknown, options: { apiVersion?: string; code?: number } = {}): { client: WebhookClient; sent: unknown[] } {
  const sent: unknown[] = [];
  const client: WebhookClient = async (body) => {
    const review = JSON.parse(body) as { apiVersion: string };
    sent.push(review);
    const answer: WebhookAnswer = {
      status: options.code ?? 200,
      body: JSON.stringify({ apiVersion: options.apiVersion ?? review.apiVersion, kind: 'TokenReview', status }),
    };
    return answer;
  };
  return { client, sent };
}

const jane = { authenticated: true, user: { username: 'jane', uid: '42', groups: ['dev'], extra: { scopes: ['a', 'b'] } } };

describe('tokenWebhookAuthenticator', () => {
  const cases: {
    name: string;
    status: unknown;
    wanted?: string[];
    implicit?: string[];
    expected: unknown;
  }[] = [
    { name: 'an authenticated review names the user', status: jane, expected: { user: { name: 'jane', uid: '42', groups: ['dev'], extra: { scopes: ['a', 'b'] } } } },
    { name: 'an unauthenticated review without error is an unknown token', status: { authenticated: false }, expected: undefined },
    { name: 'the error of an authenticated review is ignored', status: { ...jane, error: 'ignored' }, expected: { user: { name: 'jane', uid: '42', groups: ['dev'], extra: { scopes: ['a', 'b'] } } } },
    { name: 'wanted audiences meet those the webhook answers', status: { ...jane, audiences: ['b', 'c'] }, wanted: ['a', 'b'], expected: { user: { name: 'jane', uid: '42', groups: ['dev'], extra: { scopes: ['a', 'b'] } }, audiences: ['b'] } },
    { name: 'without audiences in the answer the server\'s own count', status: jane, wanted: ['x', 'api'], implicit: ['api'], expected: { user: { name: 'jane', uid: '42', groups: ['dev'], extra: { scopes: ['a', 'b'] } }, audiences: ['api'] } },
    { name: 'no common audience is an unknown token', status: { ...jane, audiences: ['c'] }, wanted: ['a'], expected: undefined },
    { name: 'no common audience with the server\'s own either', status: jane, wanted: ['a'], implicit: ['api'], expected: undefined },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const { client } = fakeWebhook(c.status);
      const authenticate = tokenWebhookAuthenticator({ client, version: 'v1beta1', implicitAudiences: c.implicit ?? [], retry: noRetryDelay });
      assert.deepEqual(await authenticate('t0ken', c.wanted), c.expected);
    });
  }

  for (const version of ['v1beta1', 'v1'] as TokenWebhookVersion[]) {
    it(`sends a ${version} TokenReview with the token and the wanted audiences`, async () => {
      const { client, sent } = fakeWebhook(jane);
      await tokenWebhookAuthenticator({ client, version, implicitAudiences: [] })('t0ken', ['api']);
      assert.deepEqual(sent, [{ apiVersion: `authentication.k8s.io/${version}`, kind: 'TokenReview', metadata: { creationTimestamp: null }, spec: { token: 't0ken', audiences: ['api'] } }]);
    });
  }

  const failures: { name: string; webhook: { client: WebhookClient; sent: unknown[] }; message: RegExp; calls: number }[] = [
    { name: 'status.error of a refused token', webhook: fakeWebhook({ authenticated: false, error: 'token expired' }), message: /^token expired$/, calls: 1 },
    { name: 'an answer in another version', webhook: fakeWebhook(jane, { apiVersion: 'authentication.k8s.io/v1' }), message: /not authentication.k8s.io\/v1beta1 TokenReview/, calls: 1 },
    { name: 'a 500, retried', webhook: fakeWebhook(jane, { code: 500 }), message: /status code 500/, calls: 3 },
    { name: 'a 403, not retried', webhook: fakeWebhook(jane, { code: 403 }), message: /status code 403/, calls: 1 },
  ];
  for (const { name, webhook, message, calls } of failures) {
    it(`fails on ${name}`, async () => {
      const authenticate = tokenWebhookAuthenticator({ client: webhook.client, version: 'v1beta1', implicitAudiences: [], retry: noRetryDelay });
      await assert.rejects(Promise.resolve(authenticate('t0ken', undefined)), (error: Error) => message.test(error.message) && !error.message.includes('t0ken'));
      assert.equal(webhook.sent.length, calls);
    });
  }

  it('retries a reset connection and then succeeds', async () => {
    let calls = 0;
    const flaky: WebhookClient = async (body) => {
      if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return fakeWebhook(jane).client(body);
    };
    const authenticate = tokenWebhookAuthenticator({ client: flaky, version: 'v1beta1', implicitAudiences: [], retry: noRetryDelay });
    assert.equal((await authenticate('t', undefined))?.user.name, 'jane');
    assert.equal(calls, 2);
  });
});
