// Number literals of a JSON text that JSON.parse cannot keep apart from plain integers: exponents
// (`1e3`), fractions (`1.0`) and integers of 16 digits or more (past 2^53). Go's decoder refuses them
// where the field is an integer (`cannot unmarshal number 1e3 into ... of type int64`); the typed decoder
// checks the few a body has against the schema (decode.ts), found here with their JSON paths.

/**
 * A JSON number inside a parsed value whose text matters: JSON patch and merge patch keep the values of a
 * patch as the raw bytes the client sent (evanphx/json-patch's lazy nodes), so a `1e3` lands in the
 * patched object as `1e3`, which an integer field then refuses. Immutable: copies share it.
 */
export class LiteralNumber {
  constructor(
    readonly literal: string,
    readonly value: number,
  ) {}
}

/**
 * `parsed` (JSON.parse of `text`, modified in place) with each number whose literal JSON.parse cannot tell
 * apart from a plain integer replaced by a LiteralNumber (inside objects and arrays).
 */
export function withLiteralNumbers(parsed: unknown, text: string): unknown {
  for (const { path, literal } of unusualNumberLiterals(text)) {
    if (path.length === 0) continue; // a bare number is no object for a patch anyway
    // A repeated key: JSON.parse kept the last value, which may be another value or shape than this
    // literal's (a later `100` after `1E2` is taken for it: a duplicate key, which fieldValidation reports).
    let container: unknown = parsed;
    for (const key of path.slice(0, -1)) container = typeof container === 'object' && container !== null ? (container as Record<string | number, unknown>)[key] : undefined;
    if (typeof container !== 'object' || container === null) continue;
    const last = path[path.length - 1] as string | number;
    const value = Number(literal);
    const members = container as Record<string | number, unknown>;
    if (members[last] === value) members[last] = new LiteralNumber(literal, value);
  }
  return parsed;
}

/** A number literal and the JSON path of its value (object keys and array indices). */
export interface NumberLiteral {
  path: Array<string | number>;
  literal: string;
}

interface Frame {
  array: boolean;
  key: string | number;
  expectKey: boolean;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MAYBE_UNUSUAL = /(?:":|[[,])\s*-?\d+(?:[.eE]|\d{15})/;

/** The literals of `text` (well-formed JSON) that are not plain integers of at most 15 digits. */
export function unusualNumberLiterals(text: string): NumberLiteral[] {
  // Most bodies have none: only a number in a value's place (after a key's `":`, or `[` or `,`) with a
  // fraction, an exponent or 16 digits needs the scan (an image tag `nginx:1.25` inside a string does not;
  // what the pattern still finds in strings the scan sorts out).
  if (!MAYBE_UNUSUAL.test(text)) return [];
  const found: NumberLiteral[] = [];
  const stack: Frame[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (top && !top.array && top.expectKey) top.key = JSON.parse(text.slice(i, end)) as string;
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      stack.push({ array: c === 0x5b, key: c === 0x5b ? 0 : '', expectKey: c === 0x7b });
      i++;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      i++;
    } else if (c === 0x2c && top) {
      if (top.array) top.key = (top.key as number) + 1;
      else top.expectKey = true;
      i++;
    } else if (c === 0x3a && top) {
      top.expectKey = false;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? text[i] ?? '';
      if (/[.eE]/.test(literal) || literal.replace('-', '').length >= 16) found.push({ path: stack.map((f) => f.key), literal });
      i += literal.length;
    } else {
      i++;
    }
  }
  return found;
}

/** The index just past the JSON string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 2;
    else if (c === 0x22) return i + 1;
    else i++;
  }
  return i;
}

const RANGES = { int32: [-(2n ** 31n), 2n ** 31n - 1n], int64: [-(2n ** 63n), 2n ** 63n - 1n] } as const;

/** Whether Go's strconv.ParseInt takes `literal` for a Go integer type (no fraction, no exponent, in range). */
export function fitsGoInteger(literal: string, goType: 'int32' | 'int64'): boolean {
  if (!/^-?\d+$/.test(literal)) return false;
  const value = BigInt(literal);
  const [min, max] = RANGES[goType];
  return value >= min && value <= max;
}
