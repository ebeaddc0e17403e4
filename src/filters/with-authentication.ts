// Authentication (2-access-control: authentication): the assembled authenticator (auth/authenticator-config.ts)
// names the request's user. Until authorization exists, anonymous requests only reach the public-info paths
// (what upstream's default RBAC grants system:anonymous); everything else, and any invalid credential, is 401.
import { unauthorized } from '../errors/status-error.js';
import { anonymousUser, type Authenticator } from '../auth/index.js';
import type { Filter } from '../endpoints/context.js';

/** Paths upstream's system:public-info-viewer role opens to everyone. */
const PUBLIC_PATHS = [/^\/(healthz|livez|readyz)(\/.*)?$/, /^\/version\/?$/];

export function withAuthentication(next: Parameters<Filter>[0], authenticate: Authenticator): ReturnType<Filter> {
  return async (ctx) => {
    // The request itself: the certificate verdict is then remembered per connection.
    const answer = authenticate(ctx.req);
    const result = answer instanceof Promise ? await answer : answer;
    if (result.warnings) ctx.warnings.push(...result.warnings);
    if (result.kind !== 'authenticated') throw unauthorized();
    if (result.user === anonymousUser && !PUBLIC_PATHS.some((p) => p.test(ctx.path))) throw unauthorized();
    ctx.user = result.user;
    return next(ctx);
  };
}
