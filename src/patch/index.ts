// Patching: JSON patch (RFC 6902) and merge patch (RFC 7386) with the 1.25 API server's semantics,
// and decoding of their request bodies. Strategic merge patch and server-side apply join here later.
export { applyJsonPatch, MAX_JSON_PATCH_OPERATIONS } from './json-patch.js';
export { applyMergePatch } from './merge-patch.js';
export { decodePatchBody, jsonPatchUnknownFields } from './decode.js';
export type { FieldValidationDirective } from './decode.js';
