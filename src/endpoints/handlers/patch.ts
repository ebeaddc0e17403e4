// PATCH with a JSON patch (RFC 6902) or merge patch (RFC 7386), applied to the current object and
// decoded again through the kind's schema; retried from the newer object on a lost race.
import { badRequest, notFound, unsupportedMediaType } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { applyJsonPatch, applyMergePatch, decodePatchBody } from '../../patch/index.js';
import { readBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { mediaTypeOf, negotiate } from '../negotiation.js';
import { withTypeMeta, writeSingle } from '../objects.js';
import { writeParams } from '../params.js';
import { decodeKubeObject } from './decode-body.js';
import type { ResourceScope } from './scope.js';

export const PATCH_MEDIA_TYPES = ['application/json-patch+json', 'application/merge-patch+json'];

interface PatchType {
  type: 'json' | 'merge';
  apply(original: unknown, patch: unknown): unknown;
}

function patchType(mediaType: string): PatchType {
  if (mediaType === 'application/json-patch+json') return { type: 'json', apply: applyJsonPatch };
  if (mediaType === 'application/merge-patch+json') return { type: 'merge', apply: applyMergePatch };
  throw unsupportedMediaType(mediaType, PATCH_MEDIA_TYPES);
}

export async function handlePatch(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false });
  const { type, apply } = patchType(mediaTypeOf(ctx.req.headers['content-type']));
  const params = writeParams(ctx.url.searchParams, 'PatchOptions');
  const patch = decodePatchBody((await readBody(ctx.req)).toString('utf8'), type, params.fieldValidation);
  const { def } = scope;
  const name = scope.info.name;
  const result = await scope.store.update(
    scope.namespace,
    name,
    (current) => {
      if (!current) throw notFound(scope.store.groupResource, name);
      const patched = apply(withTypeMeta(def, current as KubeObject), patch);
      const obj = decodeKubeObject(ctx, def, patched, params.fieldValidation);
      if (obj.metadata.name !== name) throw badRequest(`the name of the object (${obj.metadata.name ?? ''}) does not match the name on the URL (${name})`);
      return obj;
    },
    { dryRun: params.dryRun, fieldManager: params.fieldManager, user: ctx.user, subresource: scope.info.subresource },
  );
  writeSingle(ctx, 200, def, { object: result.object }, rep);
}
