// Authentication (2-access-control: authentication): the assembled authenticator (auth/authenticator-config.ts)
// names the request's user; an invalid credential is 401. A request without credentials is `system:anonymous`
// when anonymous access is on, and authorization decides what it may do (the default policy opens the
// public-info paths to it).
import { unauthorized } from '../errors/status-error.js';
import type { AuthenticationResult, Authenticator } from '../auth/index.js';
import type { Filter, RequestContext } from '../endpoints/context.js';
import { rejectingThrows } from '../endpoints/rejecting-throws.js';

export function withAuthentication(next: Parameters<Filter>[0], authenticate: Authenticator): ReturnType<Filter> {
  const proceed = (ctx: RequestContext, result: AuthenticationResult): Promise<void> => {
    if (result.warnings) ctx.warnings.push(...result.warnings);
    if (result.kind !== 'authenticated') throw unauthorized();
    ctx.user = result.user;
    return next(ctx);
  };
  // Certificates and static tokens answer at once: the request then goes on with next's own promise.
  return rejectingThrows((ctx: RequestContext) => {
    // The request itself: the certificate verdict is then remembered per connection.
    const answer = authenticate(ctx.req);
    return answer instanceof Promise ? answer.then((result) => proceed(ctx, result)) : proceed(ctx, answer);
  });
}
