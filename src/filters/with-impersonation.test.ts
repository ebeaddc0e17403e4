import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import type { UserInfo } from '../auth/user-info.js';
import { allow } from '../authorization/authorizer.js';
import type { RequestContext } from '../endpoints/context.js';
import { withImpersonation } from './with-impersonation.js';

interface Written {
  code?: number;
  headers?: Record<string, unknown>;
  body?: string;
}

const caller: UserInfo = { name: 'alice', groups: ['system:authenticated'] };

/** A context over raw header lines; `headers` is derived from them as Node does (repeats joined). */
function contextOf(raw: string[], written: Written): RequestContext {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    headers[name] = headers[name] === undefined ? raw[i + 1]! : `${headers[name]}, ${raw[i + 1]!}`;
  }
  const req = { method: 'GET', url: '/api/v1/pods?x=<y>', rawHeaders: raw, headers } as unknown as IncomingMessage;
  const res = {
    headersSent: false,
    statusCode: 200,
    writeHead(code: number, h: Record<string, unknown>) {
      written.code = code;
      written.headers = h;
    },
    end(body?: string) {
      written.body = body;
    },
    write: () => true,
    once: () => undefined,
    off: () => undefined,
  };
  return { req, res, path: '/api/v1/pods', query: new URLSearchParams(), auditId: 'a', warnings: [], user: caller } as unknown as RequestContext;
}

async function serve(raw: string[]): Promise<{ ctx: RequestContext; seen?: UserInfo; written: Written }> {
  const written: Written = {};
  const ctx = contextOf(raw, written);
  let seen: UserInfo | undefined;
  const handler = withImpersonation(async (c) => {
    seen = c.user;
  }, { authorize: () => allow() });
  await handler(ctx);
  return { ctx, ...(seen ? { seen } : {}), written };
}

test('withImpersonation: without Impersonate- headers the caller goes on as it is', async () => {
  const { seen, written } = await serve(['Accept', 'application/json']);
  assert.equal(seen, caller);
  assert.equal(written.code, undefined);
});

test('withImpersonation: the request goes on as the impersonated user, without the impersonation headers', async () => {
  const raw = ['Accept', 'application/json', 'Impersonate-User', 'jane', 'Impersonate-Group', 'a', 'impersonate-group', 'b', 'Impersonate-Extra-Scopes', 'view', 'Impersonate-Uid', 'u-1', 'Impersonate-Other', 'kept'];
  const { ctx, seen } = await serve(raw);
  assert.deepEqual(seen, { name: 'jane', groups: ['a', 'b', 'system:authenticated'], uid: 'u-1', extra: { scopes: ['view'] } });
  assert.deepEqual(ctx.req.rawHeaders, ['Accept', 'application/json', 'Impersonate-Other', 'kept']);
  assert.deepEqual(ctx.req.headers, { accept: 'application/json', 'impersonate-other': 'kept' });
});

test('withImpersonation: groups without a user are a plain-text 500, as upstream InternalError', async () => {
  const { seen, written } = await serve(['Impersonate-Group', 'g&h']);
  assert.equal(seen, undefined);
  assert.equal(written.code, 500);
  assert.equal(written.headers?.['content-type'], 'text/plain; charset=utf-8');
  assert.equal(written.headers?.['X-Content-Type-Options'], 'nosniff');
  assert.equal(written.body, 'Internal Server Error: "/api/v1/pods?x=&lt;y&gt;": requested [{Group  g&amp;h    }] without impersonating a user\n');
});
