import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { UserInfo } from '../auth/user-info.js';
import type { AuthorizationResult, Authorizer } from '../authorization/authorizer.js';
import { auditAnnotationsOf } from '../endpoints/audit-annotations.js';
import type { RequestContext } from '../endpoints/context.js';
import { parseRequestInfo } from '../endpoints/request-info.js';
import { isStatusError } from '../errors/status-error.js';
import { withAuthorization } from './with-authorization.js';

const user: UserInfo = { name: 'jane', groups: ['system:authenticated'] };

function contextOf(): RequestContext {
  const path = '/api/v1/namespaces/dev/pods';
  const query = new URLSearchParams();
  return {
    req: { method: 'GET', url: path, headers: {} } as unknown as IncomingMessage,
    path, query, auditId: 'a', warnings: [], user, info: parseRequestInfo('GET', path, query),
  } as unknown as RequestContext;
}

/** An Allow whose reason counts its readings, as RBAC's is written only when read. */
class CountingAllow implements AuthorizationResult {
  readonly decision = 'Allow';
  reads = 0;
  get reason(): string {
    this.reads++;
    return 'RBAC: allowed by RoleBinding "r/dev" of Role "pods" to User "jane"';
  }
}

async function serve(authorizer: Authorizer): Promise<{ ctx: RequestContext; passed: boolean; error?: unknown }> {
  const ctx = contextOf();
  let passed = false;
  try {
    await withAuthorization(async () => {
      passed = true;
    }, authorizer)(ctx);
    return { ctx, passed };
  } catch (error) {
    return { ctx, passed, error };
  }
}

test('withAuthorization: an Allow passes, and its reason is written only when the annotations are read', async () => {
  const answer = new CountingAllow();
  const { ctx, passed } = await serve({ authorize: () => answer });
  assert.equal(passed, true);
  assert.equal(answer.reads, 0, 'nothing read the reason on the way through');
  assert.deepEqual(auditAnnotationsOf(ctx), { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': answer.reason });
});

test('withAuthorization: a refusal is a 403 recorded as forbid with the reason', async () => {
  const { ctx, passed, error } = await serve({ authorize: () => Promise.resolve({ decision: 'Deny', reason: 'denied by policy' }) });
  assert.equal(passed, false);
  assert.ok(isStatusError(error) && error.code === 403);
  assert.deepEqual(auditAnnotationsOf(ctx), { 'authorization.k8s.io/decision': 'forbid', 'authorization.k8s.io/reason': 'denied by policy' });
});

test('withAuthorization: an evaluation error without an Allow is a 500 recorded as an internal error', async () => {
  const { ctx, error } = await serve({ authorize: () => ({ decision: 'NoOpinion', reason: '', error: 'webhook unreachable' }) });
  assert.ok(isStatusError(error) && error.code === 500);
  assert.deepEqual(auditAnnotationsOf(ctx), { 'authorization.k8s.io/reason': 'internal error' });
});

test('withAuthorization: a refusal made at once is a rejected promise, never a throw', async () => {
  let passed = false;
  const handler = withAuthorization(async () => {
    passed = true;
  }, { authorize: () => ({ decision: 'NoOpinion', reason: '' }) });
  const answer = handler(contextOf());
  assert.ok(answer instanceof Promise);
  await assert.rejects(answer, (error: unknown) => isStatusError(error) && error.code === 403);
  assert.equal(passed, false);
});
