// CronJob schedules as kube-apiserver 1.25 checks them: github.com/robfig/cron/v3 v3.0.1 ParseStandard
// (five fields minute hour day-of-month month day-of-week; `*`, `?`, numbers, month and weekday names,
// ranges `a-b`, steps `/n`, lists `a,b`; descriptors `@hourly` ... `@yearly` and `@every <duration>`;
// an optional `TZ=<zone> ` or `CRON_TZ=<zone> ` prefix), with its error texts, which upstream puts in the
// Invalid cause. Written here because no npm cron library accepts the same syntax with the same messages
// (they add seconds, `L`, `W`, `#`, or word their errors otherwise). Only acceptance is computed: the
// controller that would fire the schedule is not part of an API server.
import { goQuote } from '../../../../registry/selectors/go-format.js';
import { goLoadLocationError } from './go-time.js';
import { parseGoDuration } from '../../../../schema/go-duration.js';

/** The outcome of parsing: accepted, refused with robfig's error text, or a panic of v3.0.1. */
export type ScheduleCheck = { ok: true } | { ok: false; error: string } | { ok: false; panic: string };

interface Bounds {
  min: bigint;
  max: bigint;
  names?: ReadonlyMap<string, bigint>;
}

const named = (names: readonly string[], first: number): ReadonlyMap<string, bigint> => new Map(names.map((n, i) => [n, BigInt(first + i)]));
const MONTHS = named(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'], 1);
const WEEKDAYS = named(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], 0);

/** The five fields of a standard spec, in order. */
const FIELDS: readonly Bounds[] = [
  { min: 0n, max: 59n },
  { min: 0n, max: 23n },
  { min: 1n, max: 31n },
  { min: 1n, max: 12n, names: MONTHS },
  { min: 0n, max: 6n, names: WEEKDAYS },
];

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** Go's unicode.IsSpace, which strings.Fields and strings.TrimSpace split and trim on. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
const goFields = (s: string): string[] => s.split(new RegExp(`${GO_SPACE.source}+`, 'u')).filter((f) => f !== '');
const goTrimSpace = (s: string): string => s.replace(new RegExp(`^${GO_SPACE.source}+|${GO_SPACE.source}+$`, 'gu'), '');

const MAX_INT64 = (1n << 63n) - 1n;

/** Go's strconv.Atoi (64-bit): the value, or its NumError text. */
function goAtoi(s: string): bigint | string {
  const syntax = `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`;
  const digits = s[0] === '+' || s[0] === '-' ? s.slice(1) : s;
  if (digits === '') return syntax;
  let value = 0n;
  for (const ch of digits) {
    if (ch < '0' || ch > '9') return syntax;
    value = value * 10n + BigInt(ch.charCodeAt(0) - 48);
    // ParseUint stops at the first digit that overflows 64 bits, before looking further.
    if (value > (1n << 64n) - 1n) return `strconv.Atoi: parsing ${goQuote(s)}: value out of range`;
  }
  const signed = s[0] === '-' ? -value : value;
  if (signed > MAX_INT64 || signed < -(1n << 63n)) return `strconv.Atoi: parsing ${goQuote(s)}: value out of range`;
  return signed;
}

/** robfig mustParseInt: a non-negative integer. */
function mustParseInt(expr: string): bigint | Error {
  const num = goAtoi(expr);
  if (typeof num === 'string') return new Error(`failed to parse int from ${expr}: ${num}`);
  if (num < 0n) return new Error(`negative number (${num}) not allowed: ${expr}`);
  return num;
}

/** robfig parseIntOrName: a month or weekday name (any case) or an integer. */
function parseIntOrName(expr: string, names: ReadonlyMap<string, bigint> | undefined): bigint | Error {
  return names?.get(expr.toLowerCase()) ?? mustParseInt(expr);
}

/** The start and end of `low[-high]`, `*` or `?` (a star ignores anything after a hyphen, as robfig). */
function rangeEnds(lowAndHigh: readonly string[], expr: string, r: Bounds): [bigint, bigint] | Error {
  const [low = '', high] = lowAndHigh;
  if (low === '*' || low === '?') return [r.min, r.max];
  const start = parseIntOrName(low, r.names);
  if (start instanceof Error) return start;
  if (lowAndHigh.length > 2) return new Error(`too many hyphens: ${expr}`);
  if (high === undefined) return [start, start];
  const end = parseIntOrName(high, r.names);
  return end instanceof Error ? end : [start, end];
}

/** robfig getRange: one `number | number "-" number [ "/" number ]` expression. */
function checkRange(expr: string, r: Bounds): Error | undefined {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] ?? '').split('-');
  const ends = rangeEnds(lowAndHigh, expr, r);
  if (ends instanceof Error) return ends;
  const start = ends[0];
  let end = ends[1];
  let step = 1n;
  if (rangeAndStep.length === 2) {
    const parsed = mustParseInt(rangeAndStep[1] ?? '');
    if (parsed instanceof Error) return parsed;
    step = parsed;
    // `N/step` means `N-max/step`.
    if (lowAndHigh.length === 1) end = r.max;
  } else if (rangeAndStep.length > 2) {
    return new Error(`too many slashes: ${expr}`);
  }
  if (start < r.min) return new Error(`beginning of range (${start}) below minimum (${r.min}): ${expr}`);
  if (end > r.max) return new Error(`end of range (${end}) above maximum (${r.max}): ${expr}`);
  if (start > end) return new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`);
  if (step === 0n) return new Error(`step of range should be a positive number: ${expr}`);
  return undefined;
}

/** robfig getField: a comma-separated list of ranges (empty items are skipped, as strings.FieldsFunc does). */
function checkField(field: string, r: Bounds): Error | undefined {
  for (const expr of field.split(',').filter((e) => e !== '')) {
    const error = checkRange(expr, r);
    if (error) return error;
  }
  return undefined;
}

/** robfig parseDescriptor. */
function checkDescriptor(descriptor: string): Error | undefined {
  if (DESCRIPTORS.has(descriptor)) return undefined;
  const every = '@every ';
  if (descriptor.startsWith(every)) {
    const duration = parseGoDuration(descriptor.slice(every.length));
    return duration.ok ? undefined : new Error(`failed to parse duration ${descriptor}: ${duration.message}`);
  }
  return new Error(`unrecognized descriptor: ${descriptor}`);
}

/** The five fields after the zone prefix: their count, then each field. */
function checkFields(spec: string): Error | undefined {
  const fields = goFields(spec);
  if (fields.length !== FIELDS.length) return new Error(`expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`);
  for (const [i, bounds] of FIELDS.entries()) {
    const error = checkField(fields[i] ?? '', bounds);
    if (error) return error;
  }
  return undefined;
}

/** robfig/cron v3.0.1 ParseStandard(spec), for its outcome only. */
export function checkStandardSchedule(schedule: string): ScheduleCheck {
  let spec = schedule;
  if (spec.length === 0) return { ok: false, error: 'empty spec string' };
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    const space = spec.indexOf(' ');
    const eq = spec.indexOf('=');
    // v3.0.1 slices spec[eq+1:-1] when there is no space: a runtime panic.
    if (space < 0) return { ok: false, panic: `runtime error: slice bounds out of range [:-1]` };
    const zone = spec.slice(eq + 1, space);
    const error = goLoadLocationError(zone);
    if (error !== undefined) return { ok: false, error: `provided bad location ${zone}: ${error}` };
    spec = goTrimSpace(spec.slice(space));
  }
  const error = spec.startsWith('@') ? checkDescriptor(spec) : checkFields(spec);
  return error ? { ok: false, error: error.message } : { ok: true };
}
