// The syntax error Go's encoding/json reports for a text that is not JSON (its scanner's checkValid), so
// that a malformed body gets upstream's message (`invalid character '}' after object key:value pair`,
// `unexpected end of JSON input`) rather than V8's: run after JSON.parse has failed, or when the text nests
// deeper than Go's limit (`invalid character '{' exceeded max depth`), which JSON.parse does not have.
import { closingQuote } from './duplicate-fields.js';

/** What the scanner expects next. */
const enum Step {
  BeginValue,
  BeginValueOrEmpty,
  BeginStringOrEmpty,
  BeginString,
  EndValue,
  EndTop,
  InString,
  InStringEsc,
  InStringEscU,
  Neg,
  Int,
  Zero,
  Dot,
  Dot0,
  E,
  ESign,
  E0,
  Literal,
}

/** What the enclosing container expects (upstream parseState). */
const enum Container {
  ObjectKey,
  ObjectValue,
  ArrayValue,
}

/** Go's encoding/json maxNestingDepth: a text nested deeper is a syntax error there. */
export const MAX_JSON_DEPTH = 10_000;

/**
 * Whether JSON `text` nests deeper than Go allows (and than kplane's walkers are made for). Only texts long
 * enough to reach that depth (two bytes per level) are scanned, so everyday bodies cost nothing.
 */
export function exceedsMaxJsonDepth(text: string): boolean {
  if (text.length <= 2 * MAX_JSON_DEPTH) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i < 0) return false;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** Go's quoteChar: a byte as the error shows it (`'x'`, `'\n'`, `'\''`, `'"'`; other bytes as Latin-1 runes). */
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  const escapes: Record<number, string> = { 0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v', 0x5c: '\\\\' };
  if (escapes[c] !== undefined) return `'${escapes[c]}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  if (c >= 0x80 && c < 0xa0) return `'\\u00${c.toString(16).padStart(2, '0')}'`;
  return `'${String.fromCharCode(c)}'`;
}

/** Go's error text for `text`, which JSON.parse refused; `unexpected end of JSON input` when it stops short. */
export function goJsonSyntaxError(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const stack: Container[] = [];
  let step = Step.BeginValue;
  // The literal being read (true, false, null) and how much of it has been seen.
  let literal = '';
  let seen = 0;
  let escapeDigits = 0;
  const fail = (c: number, context: string): string => `invalid character ${quoteChar(c)} ${context}`;
  // One byte through the scanner: undefined to go on, or the error text.
  const scan = (c: number): string | undefined => {
    for (;;) {
      switch (step) {
        case Step.BeginValueOrEmpty:
          if (isSpace(c)) return undefined;
          if (c === 0x5d) return closeContainer();
          step = Step.BeginValue;
          continue;
        case Step.BeginValue:
          if (isSpace(c)) return undefined;
          return beginValue(c);
        case Step.BeginStringOrEmpty:
          if (isSpace(c)) return undefined;
          if (c === 0x7d) {
            stack[stack.length - 1] = Container.ObjectValue;
            step = Step.EndValue;
            continue;
          }
          step = Step.BeginString;
          continue;
        case Step.BeginString:
          if (isSpace(c)) return undefined;
          if (c === 0x22) {
            step = Step.InString;
            return undefined;
          }
          return fail(c, 'looking for beginning of object key string');
        case Step.EndValue:
          return endValue(c);
        case Step.EndTop:
          return isSpace(c) ? undefined : fail(c, 'after top-level value');
        case Step.InString:
          if (c === 0x22) step = Step.EndValue;
          else if (c === 0x5c) step = Step.InStringEsc;
          else if (c < 0x20) return fail(c, 'in string literal');
          return undefined;
        case Step.InStringEsc:
          if ('bfnrt\\/"'.includes(String.fromCharCode(c))) step = Step.InString;
          else if (c === 0x75) {
            step = Step.InStringEscU;
            escapeDigits = 0;
          } else return fail(c, 'in string escape code');
          return undefined;
        case Step.InStringEscU:
          if (!isHex(c)) return fail(c, 'in \\u hexadecimal character escape');
          if (++escapeDigits === 4) step = Step.InString;
          return undefined;
        case Step.Neg:
          if (c === 0x30) step = Step.Zero;
          else if (isDigit(c)) step = Step.Int;
          else return fail(c, 'in numeric literal');
          return undefined;
        case Step.Int:
          if (isDigit(c)) return undefined;
          step = Step.Zero;
          continue;
        case Step.Zero:
          if (c === 0x2e) step = Step.Dot;
          else if (c === 0x65 || c === 0x45) step = Step.E;
          else {
            step = Step.EndValue;
            continue;
          }
          return undefined;
        case Step.Dot:
          if (!isDigit(c)) return fail(c, 'after decimal point in numeric literal');
          step = Step.Dot0;
          return undefined;
        case Step.Dot0:
          if (isDigit(c)) return undefined;
          if (c === 0x65 || c === 0x45) {
            step = Step.E;
            return undefined;
          }
          step = Step.EndValue;
          continue;
        case Step.E:
          step = Step.ESign;
          if (c === 0x2b || c === 0x2d) return undefined;
          continue;
        case Step.ESign:
          if (!isDigit(c)) return fail(c, 'in exponent of numeric literal');
          step = Step.E0;
          return undefined;
        case Step.E0:
          if (isDigit(c)) return undefined;
          step = Step.EndValue;
          continue;
        case Step.Literal: {
          const expected = literal.charCodeAt(seen);
          if (c !== expected) return fail(c, `in literal ${literal} (expecting ${quoteChar(expected)})`);
          if (++seen === literal.length) step = Step.EndValue;
          return undefined;
        }
      }
    }
  };
  const beginValue = (c: number): string | undefined => {
    if (c === 0x7b || c === 0x5b) {
      stack.push(c === 0x7b ? Container.ObjectKey : Container.ArrayValue);
      step = c === 0x7b ? Step.BeginStringOrEmpty : Step.BeginValueOrEmpty;
      if (stack.length > MAX_JSON_DEPTH) return fail(c, 'exceeded max depth');
    } else if (c === 0x22) step = Step.InString;
    else if (c === 0x2d) step = Step.Neg;
    else if (c === 0x30) step = Step.Zero;
    else if (c >= 0x31 && c <= 0x39) step = Step.Int;
    else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      literal = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
      seen = 1;
      step = Step.Literal;
    } else return fail(c, 'looking for beginning of value');
    return undefined;
  };
  const closeContainer = (): undefined => {
    stack.pop();
    step = stack.length === 0 ? Step.EndTop : Step.EndValue;
    return undefined;
  };
  const endValue = (c: number): string | undefined => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      step = Step.EndTop;
      return isSpace(c) ? undefined : fail(c, 'after top-level value');
    }
    if (isSpace(c)) return undefined;
    if (top === Container.ObjectKey) {
      if (c !== 0x3a) return fail(c, 'after object key');
      stack[stack.length - 1] = Container.ObjectValue;
      step = Step.BeginValue;
      return undefined;
    }
    if (top === Container.ObjectValue) {
      if (c === 0x2c) {
        stack[stack.length - 1] = Container.ObjectKey;
        step = Step.BeginString;
        return undefined;
      }
      if (c === 0x7d) return closeContainer();
      return fail(c, 'after object key:value pair');
    }
    if (c === 0x2c) {
      step = Step.BeginValue;
      return undefined;
    }
    if (c === 0x5d) return closeContainer();
    return fail(c, 'after array element');
  };
  for (const c of bytes) {
    const error = scan(c);
    if (error !== undefined) return error;
  }
  // Every byte scanned without an error: the text stops short (upstream scanner.eof).
  return 'unexpected end of JSON input';
}
