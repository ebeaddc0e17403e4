// Impersonation (spec 2-access-control, Impersonation; upstream filters.WithImpersonation): a request with
// `Impersonate-*` headers acts as the identity they name once the authenticated caller is allowed to
// impersonate every item; the headers are then removed. Requests without such headers pass untouched
// (one scan of the raw header names, no allocation).
import type { Authorizer } from '../authorization/authorizer.js';
import { sanitizeMessage } from '../authorization/forbidden.js';
import { hasImpersonationHeaders, impersonate, parseImpersonationHeaders } from '../authorization/impersonation/index.js';
import type { Filter, RequestContext } from '../endpoints/context.js';
import { writeGoHttpError } from '../endpoints/responses.js';
import { goQuote } from '../registry/selectors/go-format.js';
import type { HttpRequest } from '../server/http-types.js';

export function withImpersonation(next: Parameters<Filter>[0], authorizer: Authorizer): ReturnType<Filter> {
  const impersonating = async (ctx: RequestContext): Promise<void> => {
    const parsed = parseImpersonationHeaders(ctx.req.rawHeaders);
    // Upstream answers this with responsewriters.InternalError: a plain-text 500, not a Status.
    if ('error' in parsed) return internalError(ctx, parsed.error);
    // Only `Impersonate-` headers upstream does not read: nothing to impersonate.
    if (parsed.requests.length === 0) return next(ctx);
    ctx.user = await impersonate(ctx.user!, parsed.requests, parsed.groupsSpecified, authorizer);
    removeImpersonationHeaders(ctx.req);
    return next(ctx);
  };
  // Not an async function: the hot path hands on next's promise instead of wrapping it in another.
  return (ctx) => (hasImpersonationHeaders(ctx.req.rawHeaders) ? impersonating(ctx) : next(ctx));
}

function internalError(ctx: RequestContext, message: string): void {
  writeGoHttpError(ctx, 500, sanitizeMessage(`Internal Server Error: ${goQuote(ctx.req.url ?? ctx.path)}: ${message}`));
}

/** Deletes `Impersonate-User`, `-Group`, `-Uid` and every `Impersonate-Extra-*` from the headers and the raw lines. */
function removeImpersonationHeaders(req: HttpRequest): void {
  const removed = (name: string): boolean => {
    const lower = name.toLowerCase();
    return lower === 'impersonate-user' || lower === 'impersonate-group' || lower === 'impersonate-uid' || lower.startsWith('impersonate-extra-');
  };
  for (const name of Object.keys(req.headers)) {
    if (removed(name)) delete req.headers[name];
  }
  const raw = req.rawHeaders;
  let kept = 0;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (removed(raw[i]!)) continue;
    raw[kept++] = raw[i]!;
    raw[kept++] = raw[i + 1]!;
  }
  raw.length = kept;
}
