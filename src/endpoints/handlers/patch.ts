// PATCH with a JSON patch (RFC 6902) or merge patch (RFC 7386), applied to the current object and
// decoded again through the kind's schema; retried from the newer object on a lost race.
import { badRequest, notFound, unsupportedMediaType } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { applyJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import { readBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { mediaTypeOf, negotiate } from '../negotiation.js';
import { withTypeMeta, writeSingle } from '../objects.js';
import { writeParams } from '../params.js';
import { decodeKubeObject } from './decode-body.js';
import type { ResourceScope } from './scope.js';

export const PATCH_MEDIA_TYPES = ['application/json-patch+json', 'application/merge-patch+json'];

type PatchFn = (original: unknown, patch: unknown) => unknown;

function patchFunction(mediaType: string): PatchFn {
  if (mediaType === 'application/json-patch+json') return applyJsonPatch;
  if (mediaType === 'application/merge-patch+json') return applyMergePatch;
  throw unsupportedMediaType(mediaType, PATCH_MEDIA_TYPES);
}

function parsePatch(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch (error) {
    throw badRequest(`error decoding patch: ${(error as Error).message}`);
  }
}

export async function handlePatch(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false });
  const apply = patchFunction(mediaTypeOf(ctx.req.headers['content-type']));
  const params = writeParams(ctx.url.searchParams, 'PatchOptions');
  const patch = parsePatch(await readBody(ctx.req));
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
