// How Go's encoding/json names JSON values in its errors (`json: cannot unmarshal <type> into ...`),
// and its message for a truncated document; patch bodies are decoded by Go upstream, so their 400s say this.

/** The JSON type word Go's UnmarshalTypeError uses. */
export function goJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

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
