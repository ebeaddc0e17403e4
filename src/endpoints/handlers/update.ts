// PUT of an object or its status/finalize subresource: 200, or 201 when the kind creates on update.
import { writeContextOf } from '../write-context.js';
import type { RequestContext } from '../context.js';
import { negotiate } from '../negotiation.js';
import { servesProtobuf, writeSingle } from '../objects.js';
import { writeParams } from '../params.js';
import { checkName, checkNamespace, readObjectBody } from './decode-body.js';
import type { ResourceScope } from './scope.js';
import { cloneJson } from '../../schema/clone-json.js';

export async function handleUpdate(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const params = writeParams(ctx.query, 'UpdateOptions', [], scope.features.fieldValidation);
  const obj = await readObjectBody(ctx, scope.def, params.fieldValidation);
  const name = scope.info.name;
  checkName(obj, name, scope.namespace);
  checkNamespace(scope.def, obj, scope.namespace);
  // Every attempt starts from the object as sent (upstream deep-copies it per try).
  const result = await scope.store.update(scope.namespace, name, () => cloneJson(obj), {
    dryRun: params.dryRun,
    fieldManager: params.fieldManager,
    fieldValidation: params.requestedFieldValidation,
    userAgent: ctx.req.headers['user-agent'],
    warnings: ctx.warnings,
    ...writeContextOf(ctx),
    user: ctx.user,
    subresource: scope.info.subresource,
    ...(obj.metadata.uid ? { uidPrecondition: obj.metadata.uid } : {}),
  });
  return writeSingle(ctx, result.created ? 201 : 200, scope.def, { object: result.object }, rep);
}
