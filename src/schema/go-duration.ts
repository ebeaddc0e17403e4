// Go's time.Duration as upstream parses and prints it: time.ParseDuration (query parameters such as
// `timeout=30s`, flags, CronJob `@every`) with Go's error texts, and Duration.String for help text.
import { goTimeQuote } from './go-time.js';

/** Nanoseconds per unit, as Go's unitMap (µ as U+00B5 and U+03BC). */
const UNITS: ReadonlyMap<string, bigint> = new Map([
  ['ns', 1n],
  ['us', 1_000n],
  ['\u00b5s', 1_000n],
  ['\u03bcs', 1_000n],
  ['ms', 1_000_000n],
  ['s', 1_000_000_000n],
  ['m', 60_000_000_000n],
  ['h', 3_600_000_000_000n],
]);

const LIMIT = 1n << 63n;
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** One `[0-9]*(\.[0-9]*)?unit` term of a duration: its nanoseconds, or the error text. */
function durationTerm(s: string, orig: string): { ns: bigint; rest: string } | string {
  const invalid = `time: invalid duration ${goTimeQuote(orig)}`;
  if (!(s[0] === '.' || isDigit(s[0]))) return invalid;
  let i = 0;
  let whole = 0n;
  while (isDigit(s[i])) {
    whole = whole * 10n + BigInt(s.charCodeAt(i) - 48);
    if (whole > LIMIT) return invalid; // Go's leadingInt overflow
    i++;
  }
  const pre = i > 0;
  let fraction = 0n;
  let scale = 1n;
  let post = false;
  if (s[i] === '.') {
    i++;
    const start = i;
    // Go's leadingFraction stops scaling once the value would overflow; digits are consumed anyway.
    for (let overflow = false; isDigit(s[i]); i++) {
      if (overflow || fraction > (LIMIT - 1n) / 10n) {
        overflow = true;
        continue;
      }
      fraction = fraction * 10n + BigInt(s.charCodeAt(i) - 48);
      scale *= 10n;
    }
    post = i > start;
  }
  if (!pre && !post) return invalid;
  let j = i;
  while (j < s.length && s[j] !== '.' && !isDigit(s[j])) j++;
  if (j === i) return `time: missing unit in duration ${goTimeQuote(orig)}`;
  const unitName = s.slice(i, j);
  const unit = UNITS.get(unitName);
  if (unit === undefined) return `time: unknown unit ${goTimeQuote(unitName)} in duration ${goTimeQuote(orig)}`;
  if (whole > LIMIT / unit) return invalid;
  let ns = whole * unit;
  if (fraction > 0n) {
    ns += BigInt(Math.trunc(Number(fraction) * (Number(unit) / Number(scale))));
    if (ns > LIMIT) return invalid;
  }
  return { ns, rest: s.slice(j) };
}

/** Go's time.ParseDuration: the duration in nanoseconds, or Go's error text. */
export function parseGoDuration(orig: string): { ok: true; ns: bigint } | { ok: false; message: string } {
  const invalid = { ok: false as const, message: `time: invalid duration ${goTimeQuote(orig)}` };
  let s = orig;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return { ok: true, ns: 0n };
  if (s === '') return invalid;
  let total = 0n;
  while (s !== '') {
    const term = durationTerm(s, orig);
    if (typeof term === 'string') return { ok: false, message: term };
    total += term.ns;
    if (total > LIMIT) return invalid;
    s = term.rest;
  }
  if (!negative && total > LIMIT - 1n) return invalid;
  return { ok: true, ns: negative ? -total : total };
}

/** Go's time.ParseDuration in milliseconds (fractional below 1 ms); throws an Error with Go's text. */
export function goDurationMs(text: string): number {
  const parsed = parseGoDuration(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return Number(parsed.ns) / 1e6;
}

/**
 * Formats milliseconds the way Go's `Duration.String` does (`5m0s`, `1h0m0s`, `1.5s`, `300ms`,
 * `0s`), for flag defaults in help text.
 */
export function formatGoDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1) return abs * 1000 < 1 ? `${sign}${trim(abs * 1e6)}ns` : `${sign}${trim(abs * 1000)}µs`;
  if (abs < 1000) return `${sign}${trim(abs)}ms`;
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = `${trim((abs % 60_000) / 1000)}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

/** Up to nine decimals, trailing zeros dropped (floating-point noise from unit conversion removed). */
function trim(value: number): string {
  return String(Number(value.toFixed(9)));
}
