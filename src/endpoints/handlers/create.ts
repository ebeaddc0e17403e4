// POST to a collection: 201 with the created object.
import { writeContextOf } from '../write-context.js';
import type { RequestContext } from '../context.js';
import { negotiate } from '../negotiation.js';
import { servesProtobuf, writeSingle } from '../objects.js';
import { writeParams } from '../params.js';
import { checkNamespace, readObjectBody } from './decode-body.js';
import type { ResourceScope } from './scope.js';
import { nextWriteStage } from '../../registry/write-stages.js';

export async function handleCreate(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  // The filters (authentication, authorization, priority and fairness, audit) were one stage.
  await nextWriteStage();
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const params = writeParams(ctx.query, 'CreateOptions', [], scope.features.fieldValidation);
  const obj = await readObjectBody(ctx, scope.def, params.fieldValidation);
  checkNamespace(scope.def, obj, scope.namespace);
  const created = await scope.store.create(scope.namespace, obj, {
    dryRun: params.dryRun,
    fieldManager: params.fieldManager,
    fieldValidation: params.requestedFieldValidation,
    userAgent: ctx.req.headers['user-agent'],
    warnings: ctx.warnings,
    ...writeContextOf(ctx),
    user: ctx.user,
  });
  return writeSingle(ctx, 201, scope.def, created, rep);
}
