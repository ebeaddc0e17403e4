// Authentication (2-access-control: authentication): the first method that recognises the request's
// credentials names the user. Without credentials only the public-info paths stay open (what upstream's
// default RBAC grants system:anonymous); everything else, and any invalid credential, is 401.
import { unauthorized } from '../errors/status-error.js';
import type { Authenticator } from '../auth/index.js';
import type { Filter } from '../endpoints/context.js';

const ANONYMOUS = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** Paths upstream's system:public-info-viewer role opens to everyone. */
const PUBLIC_PATHS = [/^\/(healthz|livez|readyz)(\/.*)?$/, /^\/version\/?$/];

export function withAuthentication(next: Parameters<Filter>[0], authenticate: Authenticator): ReturnType<Filter> {
  return async (ctx) => {
    // The request itself: the certificate verdict is then remembered per connection.
    const answer = authenticate(ctx.req);
    const result = answer instanceof Promise ? await answer : answer;
    if (result.warnings) ctx.warnings.push(...result.warnings);
    if (result.kind === 'authenticated') {
      ctx.user = result.user;
      return next(ctx);
    }
    if (result.kind === 'none' && PUBLIC_PATHS.some((p) => p.test(ctx.path))) {
      ctx.user = ANONYMOUS;
      return next(ctx);
    }
    throw unauthorized();
  };
}
