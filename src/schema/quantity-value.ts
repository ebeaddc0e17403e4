// The numeric value of a resource.Quantity string, for the comparisons validation makes
// (positive, not negative, not smaller than before). Exact: a fraction of big integers. Below it, the
// parsed Quantity with upstream's rounding, canonical text and Go rendering.
import { quantityError } from './quantity.js';

/** A quantity's exact value as `num / den` (den > 0), and whether its suffix is binary (Ki, Mi, ...). */
export interface QuantityValue {
  num: bigint;
  den: bigint;
  binary: boolean;
}

/** Power of ten of each decimal SI suffix. */
export const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
/** Power of two of each binary SI suffix. */
export const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

/** Exponents beyond this are clamped: the comparisons stay exact for every quantity a client sends. */
const MAX_EXPONENT = 400;

function scaled(num: bigint, den: bigint, exp10: number): { num: bigint; den: bigint } {
  const e = Math.max(-MAX_EXPONENT, Math.min(MAX_EXPONENT, exp10));
  return e >= 0 ? { num: num * 10n ** BigInt(e), den } : { num, den: den * 10n ** BigInt(-e) };
}

/**
 * Values already computed, by text: a cluster's objects repeat few quantities ('100m', '1Gi', the
 * divisors), and BigInt arithmetic costs microseconds. Bounded; emptied when full. Values are frozen.
 */
const cache = new Map<string, QuantityValue | undefined>();
const CACHE_LIMIT = 512;

/** The value of a valid quantity string; undefined when it does not parse. */
export function quantityValue(text: string): QuantityValue | undefined {
  const known = cache.get(text);
  if (known !== undefined || cache.has(text)) return known;
  const value = parseQuantityValue(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, value && Object.freeze(value));
  return value;
}

function parseQuantityValue(text: string): QuantityValue | undefined {
  const trimmed = text.trim();
  if (quantityError(trimmed) !== undefined) return undefined;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/.exec(trimmed);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', suffix = ''] = match;
  const digits = BigInt(`${whole}${fraction}` || '0') * (sign === '-' ? -1n : 1n);
  const den = 10n ** BigInt(fraction.length);
  const binaryExp = BINARY_SUFFIXES[suffix];
  if (binaryExp !== undefined) return { num: digits * 2n ** BigInt(binaryExp), den, binary: true };
  const decimalExp = DECIMAL_SUFFIXES[suffix] ?? Number(suffix.slice(1));
  return { ...scaled(digits, den, decimalExp), binary: false };
}

/** -1, 0 or 1 as `a` is smaller than, equal to or larger than `b`. */
export function compareQuantityValues(a: QuantityValue, b: QuantityValue): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

const ZERO: QuantityValue = { num: 0n, den: 1n, binary: false };

/** The sign of a quantity string (0 when it does not parse: validation of the syntax happens at decode). */
export function quantitySign(text: string): number {
  const value = quantityValue(text);
  return value ? compareQuantityValues(value, ZERO) : 0;
}

/** Compares two quantity strings; an unparsable one counts as zero. */
export function compareQuantities(a: string | undefined, b: string | undefined): number {
  return compareQuantityValues(quantityValue(a ?? '0') ?? ZERO, quantityValue(b ?? '0') ?? ZERO);
}

/** Upstream Quantity.Value(): the value rounded up to an integer (0 when it does not parse). */
export function quantityIntegerValue(text: string): bigint {
  const value = quantityValue(text);
  if (!value) return 0n;
  const quotient = value.num / value.den;
  return value.num % value.den !== 0n && value.num > 0n ? quotient + 1n : quotient;
}

// ---------------------------------------------------------------------------------------------------
// A parsed Quantity as upstream holds one: value rounded up to nano units as ParseQuantity rounds, the
// format its text was written in, upstream's canonical String() (`1000m` -> `1`, `1024Mi` -> `1Gi`) and
// Go's %#v of it, for validators whose messages embed quantities (LimitRange, ValidateResourceQuantityValue).

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A parsed quantity: its value in nano units and the format its text was written in. */
export interface Quantity {
  readonly nanos: bigint;
  readonly format: QuantityFormat;
  /** Upstream's int64Amount (value, scale) when its fast path parsed the text, for Go's %#v. */
  readonly amount?: { value: bigint; scale: number };
  /** The text upstream caches when it was already canonical (its `s` field). */
  readonly cached: string;
}

const NANO = 1_000_000_000n;
const DECIMAL_BY_EXPONENT = new Map(Object.entries(DECIMAL_SUFFIXES).map(([s, e]) => [e, s]));
const BINARY_BY_EXPONENT = new Map(Object.entries(BINARY_SUFFIXES).map(([s, e]) => [e, s]));
const INT64_MAX = 2n ** 63n - 1n;

interface Parts {
  negative: boolean;
  /** Integer digits without leading zeros ('0' when none). */
  num: string;
  /** Fraction digits. */
  denom: string;
  suffix: string;
}

/** Upstream parseQuantityString, on text quantityError accepted. */
function parts(text: string): Parts {
  const negative = text.startsWith('-');
  const body = /^[+-]/.test(text) ? text.slice(1) : text;
  const match = /^0*(\d*)(?:\.(\d*))?(.*)$/.exec(body) as RegExpExecArray;
  return { negative, num: match[1] || '0', denom: match[2] ?? '', suffix: match[3] ?? '' };
}

function interpret(suffix: string): { base: 10 | 2; exponent: number; format: QuantityFormat } {
  const decimal = DECIMAL_SUFFIXES[suffix];
  if (decimal !== undefined) return { base: 10, exponent: decimal, format: 'DecimalSI' };
  const binary = BINARY_SUFFIXES[suffix];
  if (binary !== undefined) return { base: 2, exponent: binary, format: 'BinarySI' };
  return { base: 10, exponent: Number(suffix.slice(1)), format: 'DecimalExponent' };
}

/** Divides rounding away from zero (upstream rounds sub-nano remainders up). */
function divideAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  if (quotient * denominator === numerator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** Upstream's fast path (int64Amount): the (value, scale) pair and whether the text is kept as `s`. */
function fastPath(p: Parts, base: 10 | 2, exponent: number, format: QuantityFormat): { value: bigint; scale: number; keep: boolean } | undefined {
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (base === 10) {
    scale = exponent;
    precision = 18 - (p.num.length + p.denom.length);
  } else if (exponent >= 0 && p.denom.length === 0) {
    mantissa = 1n << BigInt(exponent);
    precision = 15 - p.num.length - Math.trunc((exponent * 3) / 10) - 1;
  } else {
    precision = -1;
  }
  if (precision < 0) return undefined;
  scale -= p.denom.length;
  if (scale < -9) return undefined;
  const shifted = p.num + p.denom;
  const digits = BigInt(shifted);
  if (digits > INT64_MAX || digits * mantissa > INT64_MAX) return undefined;
  const value = (p.negative ? -1n : 1n) * digits * mantissa;
  const keep = format === 'BinarySI' ? exponent % 10 === 0 && (digits & 7n) !== 0n : scale % 3 === 0 && !shifted.endsWith('000') && !shifted.startsWith('0');
  return { value, scale, keep };
}

/** Upstream ParseQuantity; undefined when the text is not a quantity. */
export function parseQuantity(input: string | number): Quantity | undefined {
  const text = String(input).trim();
  if (quantityError(text) !== undefined) return undefined;
  if (text === '0') return { nanos: 0n, format: 'DecimalSI', amount: { value: 0n, scale: 0 }, cached: '0' };
  const p = parts(text);
  const { base, exponent, format } = interpret(p.suffix);
  const fast = fastPath(p, base, exponent, format);
  const digits = BigInt(p.num + p.denom) * (p.negative ? -1n : 1n);
  // value = digits * 10^-len(denom) * base^exponent, in nano units rounded away from zero.
  let numerator = digits * NANO;
  let denominator = 10n ** BigInt(p.denom.length);
  if (base === 2) numerator *= 1n << BigInt(exponent);
  else if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator *= 10n ** BigInt(-exponent);
  const nanos = divideAwayFromZero(numerator, denominator);
  // A binary quantity below one is shown in decimal (upstream's slow path switches the format).
  const finalFormat = !fast && format === 'BinarySI' && nanos > 0n && nanos < NANO ? 'DecimalSI' : format;
  return {
    nanos,
    format: finalFormat,
    ...(fast ? { amount: { value: fast.value, scale: fast.scale } } : {}),
    cached: fast?.keep ? text : '',
  };
}

/** A quantity of `value` units (upstream NewQuantity). */
export function quantityOf(value: bigint, format: QuantityFormat = 'DecimalSI'): Quantity {
  return { nanos: value * NANO, format, amount: { value, scale: 0 }, cached: '' };
}

/** -1, 0 or 1 as upstream Quantity.Cmp. */
export function compareParsed(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** Upstream Value(): the value rounded up (away from zero) to an integer. */
export function roundedValue(q: Quantity): bigint {
  return divideAwayFromZero(q.nanos, NANO);
}

/** Upstream MilliValue(): the value in thousandths, rounded up (away from zero). */
export function roundedMilliValue(q: Quantity): bigint {
  return divideAwayFromZero(q.nanos, 1_000_000n);
}

/** Removes factors of `base` from `n`: the rest and how many were removed. */
function removeFactors(n: bigint, base: bigint): [bigint, number] {
  let times = 0;
  while (n !== 0n && n % base === 0n) {
    n /= base;
    times++;
  }
  return [n, times];
}

/** Mantissa and power-of-ten exponent, the exponent a multiple of 3 (upstream AsCanonicalBytes). */
function decimalCanonical(nanos: bigint): [bigint, number] {
  let [mantissa, exponent] = removeFactors(nanos, 10n);
  exponent -= 9;
  const rest = ((exponent % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(rest);
  return [mantissa, exponent - rest];
}

/** Upstream Quantity.String(): the canonical text. */
export function quantityString(q: Quantity): string {
  if (q.nanos === 0n) return '0';
  let format = q.format;
  if (format === 'BinarySI' && ((q.nanos > -1024n * NANO && q.nanos < 1024n * NANO) || q.nanos % NANO !== 0n)) format = 'DecimalSI';
  if (format === 'BinarySI') {
    const [mantissa, times] = removeFactors(q.nanos / NANO, 1024n);
    return `${mantissa}${BINARY_BY_EXPONENT.get(times * 10) ?? ''}`;
  }
  const [mantissa, exponent] = decimalCanonical(q.nanos);
  if (format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  const suffix = DECIMAL_BY_EXPONENT.get(exponent);
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}

/**
 * Go's %#v of a resource.Quantity, as upstream field errors print one passed by value. `stringCalled`:
 * upstream called String() on that copy first, which caches the canonical text in `s`.
 */
export function goQuantity(q: Quantity, stringCalled = false): string {
  const s = stringCalled ? quantityString(q) : q.cached;
  const amount = q.amount ?? { value: 0n, scale: 0 };
  // A quantity off upstream's fast path holds an *inf.Dec whose address Go prints; it cannot be reproduced.
  const dec = q.amount ? '(*inf.Dec)(nil)' : '(*inf.Dec)(0xc000000000)';
  return `resource.Quantity{i:resource.int64Amount{value:${amount.value}, scale:${amount.scale}}, d:resource.infDecAmount{Dec:${dec}}, s:${JSON.stringify(s)}, Format:${JSON.stringify(q.format)}}`;
}
