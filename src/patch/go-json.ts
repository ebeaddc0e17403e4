// How Go's encoding/json names JSON values in its errors (`json: cannot unmarshal <type> into ...`) and
// words syntax errors; patch bodies are decoded by Go upstream, so their 400s say this.

import { exceedsMaxJsonDepth, goJsonSyntaxError } from '../schema/go-json-syntax.js';

// The type word is shared with the schema engine's decode errors.
export { goJsonType } from '../schema/decode-errors.js';

/** Parses a request body as JSON; a syntax error is Go encoding/json's text (schema/go-json-syntax.ts). */
export function parseJsonText(body: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    if (exceedsMaxJsonDepth(body)) throw new SyntaxError('exceeded max depth');
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch {
    return { ok: false, message: goJsonSyntaxError(body) };
  }
}
