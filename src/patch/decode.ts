// Decoding PATCH bodies of the JSON and merge types into values, with upstream's 400 messages.
// With fieldValidation Strict or Warn the 1.25 server first decodes strictly into its own types
// (`error decoding patch: ...`); with Ignore the patch library reports (merge: `Invalid JSON Patch`).
import { badRequest } from '../errors/status-error.js';
import { withLiteralNumbers } from '../schema/number-literals.js';
import { goJsonType, parseJsonText } from './go-json.js';

/** The `fieldValidation` directive of the request (already defaulted by the endpoint). */
export type FieldValidationDirective = 'Ignore' | 'Warn' | 'Strict';

const OP_MEMBERS: readonly string[] = ['op', 'path', 'from', 'value'];

/** First type error of Go's strict decode into []jsonPatchOp, if any. */
function strictJsonPatchShapeError(patch: unknown): string | undefined {
  if (patch === null) return undefined;
  if (!Array.isArray(patch)) return `json: cannot unmarshal ${goJsonType(patch)} into Go value of type []handlers.jsonPatchOp`;
  for (const op of patch as unknown[]) {
    if (op === null) continue;
    if (typeof op !== 'object' || Array.isArray(op)) return `json: cannot unmarshal ${goJsonType(op)} into Go value of type handlers.jsonPatchOp`;
    for (const [k, v] of Object.entries(op)) {
      if (k !== 'value' && OP_MEMBERS.includes(k) && v !== null && typeof v !== 'string') {
        return `json: cannot unmarshal ${goJsonType(v)} into Go struct field jsonPatchOp.${k} of type string`;
      }
    }
  }
  return undefined;
}

function strictMergePatchShapeError(patch: unknown): string | undefined {
  if (patch === null || (typeof patch === 'object' && !Array.isArray(patch))) return undefined;
  return `json: cannot unmarshal ${goJsonType(patch)} into Go value of type map[string]interface {}`;
}

/**
 * Parses the body of a `application/json-patch+json` or `application/merge-patch+json` PATCH.
 * Throws 400 BadRequest with upstream's wording when the body cannot be decoded; what can be
 * decoded but not applied is left to applyJsonPatch / applyMergePatch. Numbers whose literal matters
 * (`1e3`, `1.0`, 16 digits and more) are kept as LiteralNumbers: both patch types keep the client's bytes
 * of a value (evanphx/json-patch's lazy nodes), so the patched object has them as written.
 */
export function decodePatchBody(body: string, type: 'json' | 'merge', directive: FieldValidationDirective = 'Ignore'): unknown {
  const strict = directive !== 'Ignore';
  const parsed = parseJsonText(body);
  if (!parsed.ok) {
    if (strict) throw badRequest(`error decoding patch: ${parsed.message}`);
    throw badRequest(type === 'merge' ? 'Invalid JSON Patch' : parsed.message);
  }
  if (strict) {
    const shape = type === 'json' ? strictJsonPatchShapeError(parsed.value) : strictMergePatchShapeError(parsed.value);
    if (shape) throw badRequest(`error decoding patch: ${shape}`);
  }
  return withLiteralNumbers(parsed.value, body);
}

/**
 * Members of JSON patch operations that upstream's strict decoding reports as unknown
 * (`json patch unknown field "[0].foo"`), to be returned as warnings (Warn) or a strict decoding error (Strict).
 */
export function jsonPatchUnknownFields(patch: unknown): string[] {
  if (!Array.isArray(patch)) return [];
  return (patch as unknown[]).flatMap((op, i) =>
    op !== null && typeof op === 'object' && !Array.isArray(op)
      ? Object.keys(op)
          .filter((k) => !OP_MEMBERS.includes(k))
          .map((k) => `json patch unknown field "[${i}].${k}"`)
      : [],
  );
}
