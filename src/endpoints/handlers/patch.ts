// PATCH with a JSON patch (RFC 6902), merge patch (RFC 7386) or strategic merge patch (built-in
// kinds), applied to the current object and decoded again through the kind's schema; retried from
// the newer object on a lost race.
import { writeContextOf } from '../write-context.js';
import { recordRequestPatch } from '../audit-capture.js';
import { invalid, isStatusError, notFound, unsupportedMediaType } from '../../errors/status-error.js';
import * as field from '../../errors/field-errors.js';
import { goJson } from '../../patch/apply/go-json.js';
import { unusualNumberLiterals } from '../../schema/number-literals.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { applyJsonPatch, applyMergePatch, decodePatchBody } from '../../patch/index.js';
import { applyStrategicMergePatch, decodeStrategicMergePatchBody } from '../../patch/strategic-merge/index.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { readBody } from '../body.js';
import type { RequestContext } from '../context.js';
import { negotiate, patchMediaType } from '../negotiation.js';
import { servesProtobuf, withTypeMeta, writeSingle } from '../objects.js';
import { patchTypeErrors, writeParams, type FieldValidation } from '../params.js';
import { APPLY_PATCH_TYPE, handleApply } from './apply.js';
import { checkDuplicateFields, checkName, checkNamespace, decodeKubeObject } from './decode-body.js';
import type { ResourceScope } from './scope.js';
import { nextWriteStage } from '../../registry/write-stages.js';
import { STRATEGIC_MERGE_PATCH_TYPE, decodeCause, decodeStrategicMergeResult, patchMediaTypes, supportsStrategicMerge } from './strategic-merge-patch.js';

/** A patch engine: JSON patch, merge patch or strategic merge patch. */
export interface PatchType {
  type: 'json' | 'merge' | 'strategic';
  apply(original: unknown, patch: unknown): unknown;
}

/** The patch document of a body, decoded as its engine reads it. */
export function decodePatch(type: PatchType['type'], body: string, fieldValidation: FieldValidation): unknown {
  return type === 'strategic' ? decodeStrategicMergePatchBody(body) : decodePatchBody(body, type, fieldValidation);
}

/**
 * The JSON- or merge-patched object as the kind's decoder reads it, and its JSON text when that matters:
 * numbers the patch kept as written (LiteralNumber) are in the text as written (`1e3`, which an integer
 * field refuses, as upstream decodes the patched bytes), and plain numbers in the value. A strategic merge
 * patch has none: upstream reads it into Go maps, where `1e3` becomes the float 1000.
 */
export function patchedForDecoding(type: PatchType['type'], body: string, patched: unknown): { raw: unknown; text?: string } {
  if (type === 'strategic' || unusualNumberLiterals(body).length === 0) return { raw: patched };
  const text = goJson(patched);
  return { raw: JSON.parse(text) as unknown, text };
}

/**
 * The engine of a Content-Type for `def` (415 for types the kind does not take; `applyPatch` says whether
 * the apply type is among them, as upstream's installer lists it only with ServerSideApply on).
 */
export function patchType(mediaType: string, def: ResourceDefinition, applyPatch = true): PatchType {
  if (mediaType === 'application/json-patch+json') return { type: 'json', apply: applyJsonPatch };
  if (mediaType === 'application/merge-patch+json') return { type: 'merge', apply: applyMergePatch };
  // Strategic merge patch: built-in kinds only, merged along the kind's schema markers.
  if (mediaType === STRATEGIC_MERGE_PATCH_TYPE && supportsStrategicMerge(def)) {
    return { type: 'strategic', apply: (original, patch) => applyStrategicMergePatch(def.schema, original, patch) };
  }
  throw unsupportedMediaType(patchMediaTypes(def, applyPatch));
}

export async function handlePatch(ctx: RequestContext, scope: ResourceScope): Promise<void> {
  const rep = negotiate(ctx.req.headers.accept, { allowTransforms: true, list: false, stream: false, protobuf: servesProtobuf(scope.def) });
  const { def } = scope;
  // Server-side apply has its own handler (apply.ts); with ServerSideApply off, its type is a 415 below.
  const mediaType = patchMediaType(ctx.req.headers['content-type']);
  const { serverSideApply } = scope.features;
  if (mediaType === APPLY_PATCH_TYPE && serverSideApply) return handleApply(ctx, scope);
  const { type, apply } = patchType(mediaType, def, serverSideApply);
  const params = writeParams(ctx.query, 'PatchOptions', patchTypeErrors(ctx.query, false), scope.features.fieldValidation);
  const body = (await readBody(ctx.req)).toString('utf8');
  await nextWriteStage(); // registry/write-stages.ts: parsing, then the patch applied and decoded, each as one batch
  const patch = decodePatch(type, body, params.fieldValidation);
  await nextWriteStage();
  if (ctx.audit) recordRequestPatch(ctx, patch);
  checkDuplicateFields(ctx, body, patch, false, params.fieldValidation, (list) => `error decoding patch: ${list}`);
  const name = scope.info.name;
  const result = await scope.store.update(
    scope.namespace,
    name,
    (current) => {
      if (!current) throw notFound(scope.store.groupResource, name);
      const patched = apply(withTypeMeta(def, current as KubeObject), patch);
      const obj =
        type === 'strategic'
          ? decodeStrategicMergeResult(ctx, def, patched, patch, params.fieldValidation)
          : decodePatchedObject(ctx, def, patchedForDecoding(type, body, patched), patched, params.fieldValidation);
      checkName(obj, name, scope.namespace);
      checkNamespace(def, obj, scope.namespace);
      return obj;
    },
    { dryRun: params.dryRun, fieldManager: params.fieldManager, fieldValidation: params.requestedFieldValidation, userAgent: ctx.req.headers['user-agent'], user: ctx.user, subresource: scope.info.subresource, warnings: ctx.warnings, ...writeContextOf(ctx) },
  );
  return writeSingle(ctx, 200, def, { object: result.object }, rep);
}

/**
 * The JSON- or merge-patched object through the kind's schema. A value that does not decode (a wrong
 * JSON type, apiVersion or kind that are not strings) is upstream's 422 on `patch`, whose value is the
 * patched JSON; strict-decoding and type-meta mismatches keep their own answers.
 */
function decodePatchedObject(ctx: RequestContext, def: ResourceDefinition, decoding: { raw: unknown; text?: string }, patched: unknown, fieldValidation: FieldValidation): KubeObject {
  try {
    return decodeKubeObject(ctx, def, decoding.raw, fieldValidation, false, decoding.text);
  } catch (error) {
    if (!isStatusError(error) || error.code !== 400 || !/json: cannot unmarshal|couldn't get version\/kind|illegal base64|parsing time/.test(error.message)) throw error;
    throw invalid('', '', '', [field.invalid('patch', goJson(patched), decodeCause(error.message))]);
  }
}
