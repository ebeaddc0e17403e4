// The two pieces of Go's `time` package a CronJob schedule reaches: time.ParseDuration (for `@every`) and
// time.LoadLocation (for `TZ=`/`CRON_TZ=` prefixes and `spec.timeZone`), answering only what upstream's
// validation reads from them: whether they fail, and with which message (Go 1.19, kube-apiserver 1.25).
import { goTimeQuote } from '../../../../schema/go-time.js';

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

/** Go's time.ParseDuration: undefined when `orig` parses, else Go's error text. */
export function goParseDurationError(orig: string): string | undefined {
  let s = orig;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return undefined;
  if (s === '') return `time: invalid duration ${goTimeQuote(orig)}`;
  let total = 0n;
  while (s !== '') {
    const term = durationTerm(s, orig);
    if (typeof term === 'string') return term;
    total += term.ns;
    if (total > LIMIT) return `time: invalid duration ${goTimeQuote(orig)}`;
    s = term.rest;
  }
  if (!negative && total > LIMIT - 1n) return `time: invalid duration ${goTimeQuote(orig)}`;
  return undefined;
}

/** Whether the IANA database (as the ICU data Node carries) names `name`, with Go's case-sensitive lookup. */
function knownZone(name: string): boolean {
  // ICU also accepts UTC offsets (`+05:00`), which are no zoneinfo file names.
  if (/^[+-]|:/.test(name)) return false;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  // ICU matches names regardless of case; zoneinfo file names do not (`utc` is no zone for Go).
  return canonical === name || canonical.toLowerCase() !== name.toLowerCase();
}

/**
 * Go's time.LoadLocation: undefined when `name` loads (``, `UTC`, `Local`, a zoneinfo name), else Go's
 * error text (`unknown time zone X`, `time: invalid location name`).
 */
export function goLoadLocationError(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  if (name.includes('..') || name.startsWith('/') || name.startsWith('\\')) return 'time: invalid location name';
  return knownZone(name) ? undefined : `unknown time zone ${name}`;
}
