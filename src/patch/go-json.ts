// How Go's encoding/json names JSON values in its errors (`json: cannot unmarshal <type> into ...`),
// and its message for a truncated document; patch bodies are decoded by Go upstream, so their 400s say this.

// The type word is shared with the schema engine's decode errors.
export { goJsonType } from '../schema/decode-errors.js';

/**
 * Parses a request body as JSON. Go reports a truncated document as `unexpected end of JSON input`;
 * other syntax errors keep the JavaScript parser's wording (Go's scanner phrases differ).
 */
export function parseJsonText(body: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (body.trim() === '' || /Unexpected end of JSON input|Unterminated string/.test(message)) {
      return { ok: false, message: 'unexpected end of JSON input' };
    }
    return { ok: false, message };
  }
}
