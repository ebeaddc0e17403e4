import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WebhookClient } from '../../auth/authenticators/webhook-client.js';
import { nonResourceAttributes } from '../attributes.js';
import type { AuthorizationAttributes } from '../authorizer.js';
import { webhookAuthorizer, type WebhookVersion } from './webhook-authorizer.js';

const noRetryDelay = { initialDelayMs: 0, factor: 1, steps: 3 };
const jane = { name: 'jane', uid: 'u-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['b', 'a'], 'alpha.example/x': ['1'] } };
const getPod: AuthorizationAttributes = {
  user: jane, verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/ns1/pods/p1/log', namespace: 'ns1', apiGroup: '', apiVersion: 'v1',
  resource: 'pods', subresource: 'log', name: 'p1',
};

/** A webhook answering `status` (or a function of the review) with `code`, recording the reviews sent. */
type Answer = (review: { spec: unknown }) => unknown;

function fakeWebhook(answer: Answer | Record<string, unknown> | undefined, options: { code?: number; apiVersion?: string } = {}): { client: WebhookClient; sent: { spec: unknown }[] } {
  const sent: { spec: unknown; apiVersion?: string }[] = [];
  const client: WebhookClient = async (body) => {
    const review = JSON.parse(body) as { apiVersion: string; spec: unknown };
    sent.push(review);
    const status = typeof answer === 'function' ? answer(review) : answer;
    return { status: options.code ?? 200, body: JSON.stringify({ apiVersion: options.apiVersion ?? review.apiVersion, kind: 'SubjectAccessReview', status }) };
  };
  return { client, sent };
}

describe('webhookAuthorizer', () => {
  const requests: { version: WebhookVersion; attributes: AuthorizationAttributes; body: unknown }[] = [
    {
      version: 'v1beta1', attributes: getPod,
      body: {
        kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1beta1', metadata: { creationTimestamp: null },
        spec: {
          resourceAttributes: { namespace: 'ns1', verb: 'get', version: 'v1', resource: 'pods', subresource: 'log', name: 'p1' },
          user: 'jane', group: ['dev', 'system:authenticated'], extra: { 'alpha.example/x': ['1'], scopes: ['b', 'a'] }, uid: 'u-1',
        },
        status: { allowed: false },
      },
    },
    {
      version: 'v1', attributes: { ...getPod, verb: 'list', apiGroup: 'apps', resource: 'deployments', subresource: '', name: '' },
      body: {
        kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null },
        spec: {
          resourceAttributes: { namespace: 'ns1', verb: 'list', group: 'apps', version: 'v1', resource: 'deployments' },
          user: 'jane', groups: ['dev', 'system:authenticated'], extra: { 'alpha.example/x': ['1'], scopes: ['b', 'a'] }, uid: 'u-1',
        },
        status: { allowed: false },
      },
    },
    {
      version: 'v1', attributes: nonResourceAttributes({ name: 'system:anonymous', groups: ['system:unauthenticated'] }, 'get', '/healthz'),
      body: {
        kind: 'SubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null },
        spec: { nonResourceAttributes: { path: '/healthz', verb: 'get' }, user: 'system:anonymous', groups: ['system:unauthenticated'] },
        status: { allowed: false },
      },
    },
  ];
  for (const { version, attributes, body } of requests) {
    it(`sends a ${version} SubjectAccessReview for ${attributes.verb} ${attributes.resource || attributes.path}`, async () => {
      const { client, sent } = fakeWebhook({ allowed: true });
      await webhookAuthorizer({ client, version }).authorize(attributes);
      assert.deepEqual(sent, [body]);
    });
  }

  const answers: { name: string; status: Record<string, unknown> | undefined; expected: unknown }[] = [
    { name: 'allowed', status: { allowed: true, reason: 'policy 7' }, expected: { decision: 'Allow', reason: 'policy 7' } },
    { name: 'denied', status: { allowed: false, denied: true, reason: 'no way' }, expected: { decision: 'Deny', reason: 'no way' } },
    { name: 'neither', status: { allowed: false, reason: 'not mine' }, expected: { decision: 'NoOpinion', reason: 'not mine' } },
    { name: 'an evaluation error alone', status: { allowed: false, evaluationError: 'broken' }, expected: { decision: 'NoOpinion', reason: '' } },
    { name: 'no status', status: undefined, expected: { decision: 'NoOpinion', reason: '' } },
    { name: 'both', status: { allowed: true, denied: true, reason: 'confused' },
      expected: { decision: 'Deny', reason: 'confused', error: 'webhook subject access review returned both allow and deny response' } },
  ];
  for (const { name, status, expected } of answers) {
    it(`answers ${name}`, async () => {
      const { client } = fakeWebhook(status);
      assert.deepEqual(await webhookAuthorizer({ client, version: 'v1' }).authorize(getPod), expected);
    });
  }

  const failures: { name: string; webhook: ReturnType<typeof fakeWebhook>; error: RegExp; calls: number }[] = [
    { name: 'a 500, retried', webhook: fakeWebhook({ allowed: true }, { code: 500 }), error: /status code 500 but did not return a SubjectAccessReview/, calls: 3 },
    { name: 'a 429, retried', webhook: fakeWebhook({ allowed: true }, { code: 429 }), error: /status code 429/, calls: 3 },
    { name: 'a 401, not retried', webhook: fakeWebhook({ allowed: true }, { code: 401 }), error: /status code 401/, calls: 1 },
    { name: 'another version', webhook: fakeWebhook({ allowed: true }, { apiVersion: 'authorization.k8s.io/v1beta1' }), error: /not authorization.k8s.io\/v1 SubjectAccessReview/, calls: 1 },
  ];
  for (const { name, webhook, error, calls } of failures) {
    it(`has no opinion, with the error, on ${name}, and does not cache it`, async () => {
      const authorizer = webhookAuthorizer({ client: webhook.client, version: 'v1', retry: noRetryDelay });
      for (const round of [1, 2]) {
        const result = await authorizer.authorize(getPod);
        assert.equal(result.decision, 'NoOpinion');
        assert.match(result.error ?? '', error);
        assert.equal(webhook.sent.length, calls * round);
      }
    });
  }

  it('caches answers by spec: allowed for the authorized TTL, others for the unauthorized TTL', async () => {
    let clock = 0;
    const { client, sent } = fakeWebhook((review: { spec: unknown }) => ({ allowed: JSON.stringify(review.spec).includes('"get"') }));
    const authorizer = webhookAuthorizer({ client, version: 'v1beta1', authorizedTtlMs: 1_000, unauthorizedTtlMs: 100, now: () => clock });
    const deletePod = { ...getPod, verb: 'delete' };
    const calls: [number, AuthorizationAttributes, string, number][] = [
      [0, getPod, 'Allow', 1],
      [0, deletePod, 'NoOpinion', 2],
      [50, getPod, 'Allow', 2],
      [99, deletePod, 'NoOpinion', 2],
      [100, deletePod, 'NoOpinion', 3],
      [999, getPod, 'Allow', 3],
      [999, { ...getPod, user: { ...jane, name: 'john' } }, 'Allow', 4],
      [1_000, getPod, 'Allow', 5],
    ];
    for (const [at, attributes, decision, reached] of calls) {
      clock = at;
      const answer = authorizer.authorize(attributes);
      assert.equal((await answer).decision, decision, `${attributes.verb} at ${at}`);
      assert.equal(sent.length, reached, `${attributes.verb} at ${at} reached the webhook`);
    }
    // A hit answers synchronously.
    assert.ok(!(authorizer.authorize(getPod) instanceof Promise));
  });

  it('does not cache requests with very long attributes', async () => {
    const { client, sent } = fakeWebhook({ allowed: true });
    const authorizer = webhookAuthorizer({ client, version: 'v1' });
    const long = { ...getPod, name: 'x'.repeat(10_000) };
    await authorizer.authorize(long);
    await authorizer.authorize(long);
    assert.equal(sent.length, 2);
  });

  it('cannot list rules', () => {
    assert.deepEqual(webhookAuthorizer({ client: fakeWebhook({}).client, version: 'v1' }).rulesFor(jane, 'ns1'), {
      resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'webhook authorizer does not support user rule resolution',
    });
  });
});
