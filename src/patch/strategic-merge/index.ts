// Strategic merge patch (`application/strategic-merge-patch+json`) with the semantics of the 1.25
// API server (k8s.io/apimachinery strategicpatch, server side): merge strategies and keys come from
// the kind's schema markers (`x-kubernetes-patch-strategy`, `x-kubernetes-patch-merge-key`).
// 1-conventions "Patch and server-side apply".
import type { TSchema } from '@sinclair/typebox';
import { badRequest } from '../../errors/status-error.js';
import type { JsonSchema } from '../../schema/schema-utils.js';
import { goJsonType } from '../go-json.js';
import { isJsonMap } from './go-values.js';
import { mergeMap } from './merge-map.js';
import { rootCursor } from './patch-meta.js';
import { cloneJson } from '../../schema/clone-json.js';

/** Body decoding, and the 422 for a merged object the kind rejects (for the PATCH handler). */
export { decodeStrategicMergePatchBody } from './decode.js';
export { invalidMergeResult } from './errors.js';

/**
 * Applies a parsed strategic merge patch to `original` (neither is modified) and returns the
 * merged document. A null patch changes nothing. Malformed directive lists are 400 BadRequest,
 * lists of lists 422, other merge errors (unknown `$patch`, a missing merge key, a
 * `$setElementOrder` out of step with the patch) 500 with upstream's text and no reason.
 */
export function applyStrategicMergePatch(schema: TSchema, original: unknown, patch: unknown): unknown {
  if (patch === null || patch === undefined) return cloneJson(original);
  if (!isJsonMap(patch)) throw badRequest(`json: cannot unmarshal ${goJsonType(patch)} into Go value of type map[string]interface {}`);
  const target = isJsonMap(original) ? cloneJson(original) : {};
  return mergeMap(target, cloneJson(patch), rootCursor(schema as JsonSchema));
}
