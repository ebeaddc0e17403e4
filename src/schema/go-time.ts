// RFC 3339 timestamps as meta/v1 Time and MicroTime decode them upstream (Go's time.Parse with the
// RFC3339 / RFC3339Micro layouts), including Go's error texts, which the API returns verbatim in
// "cannot be handled" errors. Time is re-encoded in UTC to the second, MicroTime to the microsecond.

const RFC3339 = '2006-01-02T15:04:05Z07:00';
const RFC3339_MICRO = '2006-01-02T15:04:05.000000Z07:00';

/** A layout element: a literal prefix to skip, then a value chunk. */
interface Chunk {
  prefix: string;
  std: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'micro' | 'zone';
  layout: string;
}

const BASE_CHUNKS: Chunk[] = [
  { prefix: '', std: 'year', layout: '2006' },
  { prefix: '-', std: 'month', layout: '01' },
  { prefix: '-', std: 'day', layout: '02' },
  { prefix: 'T', std: 'hour', layout: '15' },
  { prefix: ':', std: 'minute', layout: '04' },
  { prefix: ':', std: 'second', layout: '05' },
];
const ZONE: Chunk = { prefix: '', std: 'zone', layout: 'Z07:00' };
const MICRO: Chunk = { prefix: '', std: 'micro', layout: '.000000' };

/** The outcome of parsing: the canonical re-encoding, or Go's error message. */
export type TimeParseResult = { ok: true; value: string } | { ok: false; message: string };

interface Parsed {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Fraction digits as written (up to 9). */
  fraction: string;
  /** Offset east of UTC, in seconds. */
  offset: number;
}

class ParseFailure {
  constructor(readonly message: string) {}
}

/** Go's time-package quoting: non-ASCII and control bytes as `\xNN`. */
export function goTimeQuote(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    if (byte >= 0x80 || byte < 0x20) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    else if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else out += String.fromCharCode(byte);
  }
  return `${out}"`;
}

/** Parses an RFC 3339 timestamp as meta/v1 Time (`micro` false) or MicroTime (`micro` true). */
export function parseGoTime(text: string, micro: boolean): TimeParseResult {
  const layout = micro ? RFC3339_MICRO : RFC3339;
  const chunks = micro ? [...BASE_CHUNKS, MICRO, ZONE] : [...BASE_CHUNKS, ZONE];
  const fail = (valueElem: string, layoutElem: string): ParseFailure =>
    new ParseFailure(`parsing time ${goTimeQuote(text)} as ${goTimeQuote(layout)}: cannot parse ${goTimeQuote(valueElem)} as ${goTimeQuote(layoutElem)}`);
  const outOfRange = (what: string): ParseFailure => new ParseFailure(`parsing time ${goTimeQuote(text)}: ${what} out of range`);
  try {
    const parsed = runChunks(text, chunks, micro, fail, outOfRange);
    if (parsed.day < 1 || parsed.day > daysIn(parsed.month, parsed.year)) throw outOfRange('day');
    return { ok: true, value: format(parsed, micro) };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, message: error.message };
    throw error;
  }
}

type Fail = (valueElem: string, layoutElem: string) => ParseFailure;

function runChunks(text: string, chunks: Chunk[], micro: boolean, fail: Fail, outOfRange: (what: string) => ParseFailure): Parsed {
  const parsed: Parsed = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, fraction: '', offset: 0 };
  let value = text;
  for (const chunk of chunks) {
    if (chunk.prefix !== '') {
      if (!value.startsWith(chunk.prefix)) throw fail(value, chunk.prefix);
      value = value.slice(chunk.prefix.length);
    }
    const result = parseChunk(chunk, value, parsed, micro);
    if (result.range) throw outOfRange(result.range);
    if (result.rest === undefined) throw fail(value, chunk.layout);
    value = result.rest;
  }
  if (value !== '') throw new ParseFailure(`parsing time ${goTimeQuote(text)}: extra text: ${goTimeQuote(value)}`);
  return parsed;
}

interface ChunkResult {
  /** The remaining text, undefined when the chunk did not parse. */
  rest?: string;
  /** Set when the chunk parsed but its value is out of range (`month`, `hour`, ...). */
  range?: string;
}

const isDigit = (text: string, index: number): boolean => index < text.length && text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57;

/** Go's getnum: one or two digits (exactly two when `fixed`). */
function getnum(text: string, fixed: boolean): [number, string] | undefined {
  if (!isDigit(text, 0)) return undefined;
  if (!isDigit(text, 1)) return fixed ? undefined : [Number(text[0]), text.slice(1)];
  return [Number(text.slice(0, 2)), text.slice(2)];
}

function parseChunk(chunk: Chunk, value: string, parsed: Parsed, micro: boolean): ChunkResult {
  switch (chunk.std) {
    case 'year': {
      if (value.length < 4 || !/^[+-]?\d+$/.test(value.slice(0, 4))) return {};
      parsed.year = Number(value.slice(0, 4));
      return { rest: value.slice(4) };
    }
    case 'month':
      return twoDigits(value, true, (n) => ((parsed.month = n), n < 1 || n > 12 ? 'month' : undefined));
    case 'day':
      return twoDigits(value, true, (n) => ((parsed.day = n), undefined));
    case 'hour':
      return twoDigits(value, false, (n) => ((parsed.hour = n), n >= 24 ? 'hour' : undefined));
    case 'minute':
      return twoDigits(value, true, (n) => ((parsed.minute = n), n >= 60 ? 'minute' : undefined));
    case 'second':
      return parseSecond(value, parsed, micro);
    case 'micro':
      return parseFraction(value, 7, parsed);
    case 'zone':
      return parseZone(value, parsed);
  }
}

function twoDigits(value: string, fixed: boolean, store: (n: number) => string | undefined): ChunkResult {
  const got = getnum(value, fixed);
  if (!got) return {};
  const range = store(got[0]);
  return range ? { rest: got[1], range } : { rest: got[1] };
}

function parseSecond(value: string, parsed: Parsed, micro: boolean): ChunkResult {
  const got = getnum(value, true);
  if (!got) return {};
  parsed.second = got[0];
  if (got[0] >= 60) return { rest: got[1], range: 'second' };
  let rest = got[1];
  // Go accepts a fraction the layout does not name (RFC3339), unless the layout names one itself.
  if (!micro && rest.length >= 2 && (rest[0] === '.' || rest[0] === ',') && isDigit(rest, 1)) {
    let n = 2;
    while (isDigit(rest, n)) n++;
    const result = parseFraction(rest, n, parsed);
    if (result.rest === undefined || result.range) return result;
    rest = result.rest;
  }
  return { rest };
}

/** Go's parseNanoseconds over `width` bytes (the separator included). */
function parseFraction(value: string, width: number, parsed: Parsed): ChunkResult {
  if (value.length < width || (value[0] !== '.' && value[0] !== ',')) return {};
  const digits = value.slice(1, Math.min(width, 10));
  if (!/^[+-]?\d+$/.test(digits)) return {};
  if (digits.startsWith('-')) return { rest: value.slice(width), range: 'fractional second' };
  parsed.fraction = digits.replace(/^\+/, '');
  return { rest: value.slice(width) };
}

function parseZone(value: string, parsed: Parsed): ChunkResult {
  if (value.startsWith('Z')) return { rest: value.slice(1) };
  if (value.length < 6 || value[3] !== ':') return {};
  const hours = getnum(value.slice(1, 3), true);
  const minutes = getnum(value.slice(4, 6), true);
  if (!hours || !minutes || (value[0] !== '+' && value[0] !== '-')) return {};
  const sign = value[0] === '-' ? -1 : 1;
  parsed.offset = sign * (hours[0] * 3600 + minutes[0] * 60);
  if (hours[0] > 24) return { rest: value.slice(6), range: 'time zone offset hour' };
  if (minutes[0] > 60) return { rest: value.slice(6), range: 'time zone offset minute' };
  return { rest: value.slice(6) };
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function format(parsed: Parsed, micro: boolean): string {
  const date = new Date(0);
  date.setUTCFullYear(parsed.year, parsed.month - 1, parsed.day);
  date.setUTCHours(parsed.hour, parsed.minute, parsed.second - parsed.offset, 0);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  // Go's RFC3339Micro formatting truncates the fraction to six digits.
  return micro ? `${base}.${parsed.fraction.padEnd(6, '0').slice(0, 6)}Z` : `${base}Z`;
}
