// Authorization (spec 2-access-control, Authorization; upstream filters.WithAuthorization): every request is
// asked of the configured modules with its attributes; only an Allow passes. A module's evaluation error
// without an Allow is a 500; anything else is the 403 naming the user and what they asked for. The decision
// stays on the request for its audit annotations (`authorization.k8s.io/decision`, `/reason`).
import { StatusError } from '../errors/status-error.js';
import { requestAttributes } from '../authorization/attributes.js';
import type { AuthorizationAttributes, AuthorizationResult, Authorizer } from '../authorization/authorizer.js';
import { forbiddenError } from '../authorization/forbidden.js';
import type { Filter, RequestContext } from '../endpoints/context.js';
import { rejectingThrows } from '../endpoints/rejecting-throws.js';

export function withAuthorization(next: Parameters<Filter>[0], authorizer: Authorizer): ReturnType<Filter> {
  const proceed = (ctx: RequestContext, attributes: AuthorizationAttributes, result: AuthorizationResult): Promise<void> => {
    // Kept as the modules answered, for audit: the annotations (and an RBAC Allow's reason) are made only
    // when read (endpoints/audit-annotations.ts), never on the way through.
    ctx.authorization = result;
    if (result.decision !== 'Allow') refuse(ctx, attributes, result);
    return next(ctx);
  };
  // RBAC and Node decide at once: the request then goes on with next's own promise.
  return rejectingThrows((ctx: RequestContext) => {
    const attributes = requestAttributes(ctx.user!, ctx.info, ctx.query);
    const answer = authorizer.authorize(attributes);
    return answer instanceof Promise ? answer.then((result) => proceed(ctx, attributes, result)) : proceed(ctx, attributes, answer);
  });
}

function refuse(ctx: RequestContext, attributes: AuthorizationAttributes, result: AuthorizationResult): never {
  if (result.error !== undefined) {
    throw new StatusError(500, 'InternalError', `Internal Server Error: ${JSON.stringify(ctx.req.url ?? ctx.path)}: ${result.error}`);
  }
  throw forbiddenError(attributes, result.reason);
}
