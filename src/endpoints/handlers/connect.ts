// A connect subresource (log, exec, attach, portforward, proxy): admitted as upstream's ConnectResource admits it
// (operation CONNECT, the options as the object; a dry run refused first), then the kind answers what
// kube-apiserver answers when it cannot reach the node (registry/subresource.ts); kplane runs no node agents.
import { badRequest } from '../../errors/status-error.js';
import type { ConnectRequest, ConnectSubresource, SubresourceAccess } from '../../registry/subresource.js';
import type { RequestContext } from '../context.js';
import { writeNoContent } from '../responses.js';
import { writeContextOf } from '../write-context.js';
import type { ResourceScope } from './scope.js';

/** Serves one request to a connect subresource; `path` is what follows `<subresource>/` (proxy). */
export async function handleConnect(ctx: RequestContext, scope: ResourceScope, connect: ConnectSubresource, access: SubresourceAccess, path: string): Promise<void> {
  const request: ConnectRequest = { method: ctx.req.method ?? 'GET', path, query: ctx.query, trailingSlash: ctx.path.endsWith('/') };
  if (connect.options) {
    // upstream isDryRun(req.URL): any dryRun parameter at all.
    if (ctx.query.has('dryRun')) throw badRequest('dryRun is not supported');
    const options = connect.options(request);
    await access.parent.admitConnect?.(scope.namespace, scope.info.name, connect.name, options, { user: ctx.user, warnings: ctx.warnings, ...writeContextOf(ctx) });
    request.options = options;
  }
  const answer = await connect.connect(access, scope.namespace, scope.info.name, request);
  writeNoContent(ctx, answer.code);
}
