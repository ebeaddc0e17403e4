// GET of one object (and its status subresource, which reads the same object).
import type { RequestContext } from '../context.js';
import { negotiate } from '../negotiation.js';
import { servesProtobuf, writeSingle } from '../objects.js';
import type { ResourceScope } from './scope.js';

export async function handleGet(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const resourceVersion = ctx.query.get('resourceVersion') ?? undefined;
  const item = await scope.store.get(scope.namespace, scope.info.name, resourceVersion);
  return writeSingle(ctx, 200, scope.def, item, rep);
}
