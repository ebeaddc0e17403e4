// The numeric value of a resource.Quantity string, for the comparisons validation makes
// (positive, not negative, not smaller than before). Exact: a fraction of big integers.
import { quantityError } from './quantity.js';

/** A quantity's exact value as `num / den` (den > 0), and whether its suffix is binary (Ki, Mi, ...). */
export interface QuantityValue {
  num: bigint;
  den: bigint;
  binary: boolean;
}

const DECIMAL_SUFFIXES: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

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
