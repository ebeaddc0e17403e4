// GET of a collection (1-conventions: chunked lists and the resource-version table).
import type { RequestContext } from '../context.js';
import { omitsManagedFields } from '../loopback-requests.js';
import { negotiate } from '../negotiation.js';
import { servesProtobuf, writeList } from '../objects.js';
import { listParams } from '../params.js';
import { parseSelectors } from './selectors.js';
import type { ResourceScope } from './scope.js';

export async function handleList(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: true, stream: false, protobuf: servesProtobuf(scope.def), omitManagedFields: omitsManagedFields(ctx) });
  const params = listParams(ctx.query, false, scope.features.listChunking);
  const result = await scope.store.list(scope.namespace, { ...params, ...parseSelectors(scope, params), fromClient: true });
  // Stores count revisions from 1; revision 0 is a computed list (ComponentStatus) without a resourceVersion.
  const meta: Record<string, unknown> = result.revision > 0 ? { resourceVersion: String(result.revision) } : {};
  if (result.continue) meta['continue'] = result.continue;
  if (result.remainingItemCount !== undefined) meta['remainingItemCount'] = result.remainingItemCount;
  await writeList(ctx, scope.def, result.items, meta, rep);
}
