import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { AuthenticationResult, Authenticator } from '../auth/index.js';
import type { UserInfo } from '../auth/user-info.js';
import type { RequestContext } from '../endpoints/context.js';
import { isStatusError } from '../errors/status-error.js';
import { withAuthentication } from './with-authentication.js';

const jane: UserInfo = { name: 'jane', groups: ['system:authenticated'] };

function contextOf(): RequestContext {
  return { req: { method: 'GET', url: '/api', headers: {} } as unknown as IncomingMessage, warnings: [] } as unknown as RequestContext;
}

/** Runs the filter with `authenticate`; whether the next handler ran, and with which user. */
async function serve(authenticate: Authenticator): Promise<{ ctx: RequestContext; servedAs?: string; error?: unknown }> {
  const ctx = contextOf();
  let servedAs: string | undefined;
  const answer = withAuthentication(async (c) => {
    servedAs = c.user?.name;
  }, authenticate)(ctx);
  assert.ok(answer instanceof Promise, 'the filter answers with a promise, also when it refuses at once');
  try {
    await answer;
    return { ctx, servedAs };
  } catch (error) {
    return { ctx, servedAs, error };
  }
}

const authenticated: AuthenticationResult = { kind: 'authenticated', user: jane, warnings: ['w1'] };

test('withAuthentication: the user is set for the next handler, whether the answer comes at once or later', async () => {
  for (const authenticate of [() => authenticated, () => Promise.resolve(authenticated)]) {
    const { ctx, servedAs, error } = await serve(authenticate);
    assert.equal(error, undefined);
    assert.equal(servedAs, 'jane');
    assert.deepEqual(ctx.warnings, ['w1']);
  }
});

test('withAuthentication: a rejected or missing credential is a 401 as a rejected promise, also when decided at once', async () => {
  const refusals: Authenticator[] = [
    () => ({ kind: 'rejected', reason: 'bad token', warnings: ['w2'] }),
    () => Promise.resolve({ kind: 'none' }),
  ];
  for (const authenticate of refusals) {
    const { servedAs, error } = await serve(authenticate);
    assert.equal(servedAs, undefined);
    assert.ok(isStatusError(error) && error.code === 401);
  }
  const thrown = await serve(() => {
    throw new Error('authenticator failed');
  });
  assert.equal((thrown.error as Error).message, 'authenticator failed');
});
