// A view subresource (scale, binding, eviction, token): another kind served on the parent's path
// (registry/subresource.ts). GET reads the view, PUT writes it back, PATCH applies a JSON, merge or
// strategic merge patch to the view then writes it, POST acts on the parent.
import { writeContextOf } from '../write-context.js';
import { notFound, unsupportedMediaType, type Status } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { SubresourceAccess, ViewSubresource } from '../../registry/subresource.js';
import { readBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { negotiate, patchMediaType } from '../negotiation.js';
import { servesProtobuf, withTypeMeta, writeSingle } from '../objects.js';
import { patchTypeErrors, writeParams } from '../params.js';
import { writeStatus } from '../responses.js';
import { checkName, checkNamespace, decodeKubeObject, readObjectBody } from './decode-body.js';
import type { ResourceScope } from './scope.js';
import { decodePatch, patchedForDecoding, patchType } from './patch.js';

const viewDefinitions = new WeakMap<ViewSubresource, ResourceDefinition>();

/** The view's kind as a definition, so that the generic body decoding and writing serve it. */
export function viewDefinition(view: ViewSubresource): ResourceDefinition {
  let def = viewDefinitions.get(view);
  if (!def) {
    const { group, version, kind } = view.kind;
    def = { group, version, kind, listKind: `${kind}List`, resource: view.name, singular: '', namespaced: false, schema: view.schema, definitionName: view.definitionName, verbs: [], strategy: {} };
    viewDefinitions.set(view, def);
  }
  return def;
}

const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];

/** Serves one request to a view subresource. */
export async function handleView(ctx: RequestContext, scope: ResourceScope, view: ViewSubresource, access: SubresourceAccess): Promise<void> {
  const def = viewDefinition(view);
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(def) });
  const { namespace } = scope;
  const name = scope.info.name;
  const verb = scope.info.verb;
  const options = (kind: 'CreateOptions' | 'UpdateOptions' | 'PatchOptions', leading = patchTypeErrors(ctx.query, false)) => {
    const params = writeParams(ctx.query, kind, kind === 'PatchOptions' ? leading : [], scope.features.fieldValidation);
    return { params, write: { dryRun: params.dryRun, fieldManager: params.fieldManager, fieldValidation: params.requestedFieldValidation, userAgent: ctx.req.headers['user-agent'], user: ctx.user, warnings: ctx.warnings, ...writeContextOf(ctx) } };
  };
  if (verb === 'get' && view.get) {
    return writeSingle(ctx, 200, def, { object: await view.get(access, namespace, name) }, rep);
  }
  if (verb === 'create' && view.create) {
    const { params, write } = options('CreateOptions');
    const obj = await readObjectBody(ctx, def, params.fieldValidation);
    ensureNamespace(scope.def, obj, namespace);
    await access.parent.admitSubresourceCreate?.(namespace, name, view.name, obj, write);
    const result = await view.create(access, namespace, name, obj, write);
    return writeResult(ctx, result.code, def, result.object, rep);
  }
  if (verb === 'update' && view.update) {
    const { params, write } = options('UpdateOptions');
    const obj = await readObjectBody(ctx, def, params.fieldValidation);
    checkName(obj, name, namespace);
    ensureNamespace(scope.def, obj, namespace);
    return writeSingle(ctx, 200, def, { object: await view.update(access, namespace, name, obj, write) }, rep);
  }
  if (verb === 'patch' && view.get && view.update) {
    const mediaType = patchMediaType(ctx.req.headers['content-type']);
    if (!PATCH_TYPES.includes(mediaType)) throw unsupportedMediaType(PATCH_TYPES);
    const { params, write } = options('PatchOptions');
    const body = (await readBody(ctx.req)).toString('utf8');
    const { type, apply } = patchType(mediaType, def);
    const patch = decodePatch(type, body, params.fieldValidation);
    // Applied to the current view on each attempt of the update, not to a view read before it.
    const patched = (current: KubeObject): KubeObject => {
      const { raw, text } = patchedForDecoding(type, body, apply(withTypeMeta(def, current), patch));
      const obj = decodeKubeObject(ctx, def, raw, params.fieldValidation, false, text);
      checkName(obj, name, namespace);
      return obj;
    };
    return writeSingle(ctx, 200, def, { object: await view.update(access, namespace, name, patched, write) }, rep);
  }
  throw notFound(scope.store.groupResource, name);
}

/** upstream EnsureObjectNamespaceMatchesRequestNamespace: a body without a namespace takes the request's. */
function ensureNamespace(def: ResourceDefinition, obj: KubeObject, namespace: string): void {
  checkNamespace(def, obj, namespace);
  if (def.namespaced && !obj.metadata.namespace) obj.metadata.namespace = namespace;
}

/** POST to the collection of a kind that is never stored (upstream: a REST storage with Create only, as bindings). */
export async function handleCreateAction(ctx: RequestContext, scope: ResourceScope, access: SubresourceAccess): Promise<void> {
  const action = scope.def.createAction;
  if (!action) throw notFound(scope.store.groupResource, '');
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false });
  const params = writeParams(ctx.query, 'CreateOptions', [], scope.features.fieldValidation);
  const obj = await readObjectBody(ctx, scope.def, params.fieldValidation);
  checkNamespace(scope.def, obj, scope.namespace);
  const write = { dryRun: params.dryRun, fieldManager: params.fieldManager, userAgent: ctx.req.headers['user-agent'], user: ctx.user, warnings: ctx.warnings, ...writeContextOf(ctx) };
  const result = await action(access, scope.namespace, obj, write);
  return writeResult(ctx, result.code, scope.def, result.object, rep);
}

/** A create's answer: the view's kind, or a `Status` (binding and eviction answer 201 with Success). */
function writeResult(ctx: RequestContext, code: number, def: ResourceDefinition, object: KubeObject, rep: ReturnType<typeof negotiate>): void | Promise<void> {
  if (object.kind === 'Status') return writeStatus(ctx, code, object as unknown as Status, rep);
  return writeSingle(ctx, code, def, { object }, rep);
}
