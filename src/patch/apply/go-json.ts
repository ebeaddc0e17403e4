// JSON text as Go writes it for the values inside managedFields keys (`v:"x"`, `k:{"name":"x"}`) and for
// manager identifiers: encoding/json escaping (HTML characters, U+2028/9, short escapes only for
// \n \r \t), map keys sorted. Byte-exact keys keep FieldsV1 identical to what upstream servers store.
import { compareGoStrings } from '../../schema/go-strings.js';
import { LiteralNumber } from '../../schema/number-literals.js';

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

/** A number as goJson writes it (a non-finite one, which JSON cannot hold, as null). */
function numberText(n: number): string {
  return Number.isFinite(n) ? String(n) : 'null';
}

/** Text written as it is between the values goJson writes. */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * Any JSON value as Go's encoding/json writes it: compact, object keys sorted. Written with a stack,
 * not recursion: values a client nested thousands of levels deep (within decoding's 10,000) are written too.
 */
export function goJson(value: unknown): string {
  // Scalars (list-map keys, set items) are most calls: written without the stack.
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'number') return numberText(value);
  let out = '';
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (item instanceof Literal) out += item.text;
    else if (item instanceof LiteralNumber) out += item.literal;
    else if (item === null || item === undefined) out += 'null';
    else if (typeof item === 'string') out += goJsonString(item);
    else if (typeof item === 'number') out += numberText(item);
    else if (typeof item === 'boolean') out += item ? 'true' : 'false';
    else if (Array.isArray(item)) {
      out += '[';
      pending.push(new Literal(']'));
      for (let i = item.length - 1; i >= 0; i--) pending.push(item[i], ...(i > 0 ? [new Literal(',')] : []));
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort(compareGoStrings);
      out += '{';
      pending.push(new Literal('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        pending.push(record[key], new Literal(`${i > 0 ? ',' : ''}${goJsonString(key)}:`));
      }
    }
  }
  return out;
}
