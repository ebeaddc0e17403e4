// A connect subresource (log, exec, attach, portforward, proxy): the kind answers what kube-apiserver
// answers when it cannot reach the node (registry/subresource.ts); kplane runs no node agents.
import type { ConnectSubresource, SubresourceAccess } from '../../registry/subresource.js';
import type { RequestContext } from '../context.js';
import { writeNoContent } from '../responses.js';
import type { ResourceScope } from './scope.js';

/** Serves one request to a connect subresource; `path` is what follows `<subresource>/` (proxy). */
export async function handleConnect(ctx: RequestContext, scope: ResourceScope, connect: ConnectSubresource, access: SubresourceAccess, path: string): Promise<void> {
  const answer = await connect.connect(access, scope.namespace, scope.info.name, { method: ctx.req.method ?? 'GET', path, query: ctx.query });
  writeNoContent(ctx, answer.code);
}
