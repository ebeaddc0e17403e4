// DELETE of one object (200 with a Status, or the object while finalizers hold it) and of a collection.
import { writeContextOf } from '../write-context.js';
import { readBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { negotiate } from '../negotiation.js';
import { servesProtobuf, writeList, writeSingle } from '../objects.js';
import { deleteOptions, listParams } from '../params.js';
import { deleteOptionsBody } from './delete-options.js';
import { successStatus, writeStatus } from '../responses.js';
import { parseSelectors } from './selectors.js';
import type { ResourceScope } from './scope.js';
import type { DeleteOptions } from '../../apis/meta/v1/types.js';

async function optionsBody(ctx: RequestContext): Promise<DeleteOptions | undefined> {
  return deleteOptionsBody(await readBody(ctx.req), ctx.req.headers['content-type']);
}

export async function handleDelete(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const options = deleteOptions(ctx.query, await optionsBody(ctx));
  const result = await scope.store.delete(scope.namespace, scope.info.name, options, { dryRun: options.dryRunAll, user: ctx.user, warnings: ctx.warnings, ...writeContextOf(ctx) });
  if (result.deleted && !scope.def.deleteReturnsObject) {
    const meta = result.object.metadata;
    const details = { name: meta.name ?? '', group: scope.def.group, kind: scope.def.resource, ...(meta.uid ? { uid: meta.uid } : {}) };
    return writeStatus(ctx, 200, successStatus(details), rep);
  }
  // Upstream answers 202 only when a pending deletion was asked to cascade (orphanDependents=false).
  const code = !result.deleted && options.orphanDependents === false ? 202 : 200;
  return writeSingle(ctx, code, scope.def, { object: result.object }, rep);
}

export async function handleDeleteCollection(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: true, stream: false, protobuf: servesProtobuf(scope.def) });
  const options = deleteOptions(ctx.query, await optionsBody(ctx));
  const params = listParams(ctx.query, false, scope.features.listChunking);
  const listed = await scope.store.deleteCollection(scope.namespace, { ...params, ...parseSelectors(scope, params) }, options, { dryRun: options.dryRunAll, user: ctx.user, warnings: ctx.warnings, ...writeContextOf(ctx) });
  // upstream's handler writes what Store.DeleteCollection answers: the list as it was read before the deletes.
  return writeList(ctx, scope.def, listed.items, listed.revision > 0 ? { resourceVersion: String(listed.revision) } : {}, rep);
}
