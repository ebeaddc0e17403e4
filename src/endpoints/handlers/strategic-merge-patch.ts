// What the PATCH handler needs for strategic merge patch beyond the engine (src/patch/strategic-merge):
// which kinds accept it (built-ins: upstream serves it for compiled-in types only, so custom
// resources get 415), the media types a 415 lists, and decoding the merged object with upstream's
// errors (applyPatchToObject: a merged object the kind rejects is 422 Invalid on field `patch`).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { isStatusError } from '../../errors/status-error.js';
import { invalidMergeResult } from '../../patch/strategic-merge/index.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { strictDecodingMessage } from '../../schema/decode-errors.js';
import type { RequestContext } from '../context.js';
import { apiVersionOf } from '../objects.js';
import { builtInsSupportStrategicMerge } from '../openapi/index.js';
import type { FieldValidation } from '../params.js';
import { decodeKubeObject } from './decode-body.js';

/** The media type of a strategic merge patch body. */
export const STRATEGIC_MERGE_PATCH_TYPE = 'application/strategic-merge-patch+json';

/** Whether PATCH accepts strategic merge patch for the kind (built-in `io.k8s.` definitions). */
export const supportsStrategicMerge = (def: ResourceDefinition): boolean => builtInsSupportStrategicMerge(def);

/** The patch media types of a kind, in the order upstream's 415 message lists them. */
export function patchMediaTypes(def: ResourceDefinition, applyPatch = true): string[] {
  const strategic = supportsStrategicMerge(def) ? [STRATEGIC_MERGE_PATCH_TYPE] : [];
  return ['application/json-patch+json', 'application/merge-patch+json', ...strategic, ...(applyPatch ? ['application/apply-patch+yaml'] : [])];
}

/** The Go error inside a decode 400 (`<Kind> in version "v1" cannot be handled as a <Kind>: <cause>`). */
export function decodeCause(message: string): string {
  const handled = /^.*? cannot be handled as a \S+: ([\s\S]*)$/.exec(message);
  if (handled) return handled[1] ?? message;
  const unrecognized = /^the object provided is unrecognized \(must be of type \S+\): ([\s\S]*) \([^()]*\)$/.exec(message);
  return unrecognized?.[1] ?? message;
}

/**
 * Decodes the strategically merged object through the kind's schema. Upstream converts the merged
 * map into the kind's Go type, so `apiVersion`/`kind` strings in it do not matter; a value of the
 * wrong type, and unknown fields under Strict, are 422 Invalid on `patch`; under Warn, warnings.
 */
export function decodeStrategicMergeResult(
  ctx: RequestContext,
  def: ResourceDefinition,
  merged: unknown,
  patch: unknown,
  fieldValidation: FieldValidation,
): KubeObject {
  const object = merged as Record<string, unknown>;
  if (typeof object['apiVersion'] === 'string') object['apiVersion'] = apiVersionOf(def);
  if (typeof object['kind'] === 'string') object['kind'] = def.kind;
  const strict = fieldValidation === 'Strict';
  const warningsBefore = ctx.warnings.length;
  let decoded: KubeObject;
  try {
    decoded = decodeKubeObject(ctx, def, object, strict ? 'Warn' : fieldValidation);
  } catch (error) {
    if (isStatusError(error) && error.code === 400) throw invalidMergeResult(patch, decodeCause(error.message));
    throw error;
  }
  const unknownFields = strict ? ctx.warnings.splice(warningsBefore) : [];
  if (unknownFields.length > 0) throw invalidMergeResult(patch, strictDecodingMessage(unknownFields));
  return decoded;
}
