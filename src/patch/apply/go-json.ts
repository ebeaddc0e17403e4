// JSON text as Go writes it for the values inside managedFields keys (`v:"x"`, `k:{"name":"x"}`) and for
// manager identifiers: encoding/json escaping (HTML characters, U+2028/9, short escapes only for
// \n \r \t), map keys sorted. Byte-exact keys keep FieldsV1 identical to what upstream servers store.
import { compareGoStrings } from '../../schema/go-strings.js';

const HEX = '0123456789abcdef';

/** One string as Go's encoding/json writes it (with HTML escaping, as upstream's encoders do). */
export function goJsonString(s: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const escaped = escapeOf(c, s, i);
    if (escaped === undefined) continue;
    out += s.slice(start, i) + escaped;
    start = i + 1;
  }
  return out + s.slice(start) + '"';
}

function escapeOf(c: number, s: string, i: number): string | undefined {
  if (c >= 0xd800 && c <= 0xdfff) {
    // A lone surrogate is invalid UTF-8 for Go: written as U+FFFD.
    const pair = c < 0xdc00 ? s.charCodeAt(i + 1) : s.charCodeAt(i - 1);
    const paired = c < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00;
    return paired ? undefined : '\ufffd';
  }
  if (c >= 0x20 && c !== 0x22 && c !== 0x5c && c !== 0x3c && c !== 0x3e && c !== 0x26 && c !== 0x2028 && c !== 0x2029) return undefined;
  if (c === 0x22) return '\\"';
  if (c === 0x5c) return '\\\\';
  if (c === 0x0a) return '\\n';
  if (c === 0x0d) return '\\r';
  if (c === 0x09) return '\\t';
  if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029) {
    return `\\u${HEX[(c >> 12) & 15]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`;
  }
  return undefined;
}

/** Any JSON value as Go's encoding/json writes it: compact, object keys sorted. */
export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort(compareGoStrings);
  return `{${keys.map((k) => `${goJsonString(k)}:${goJson(record[k])}`).join(',')}}`;
}
