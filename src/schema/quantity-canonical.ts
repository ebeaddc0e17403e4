// The text upstream stores and serves for a resource.Quantity: ParseQuantity keeps the client's text when
// it is already in canonical shape (`500m`, `1Ki`, and quirks like `01`, `+1`, `5.`, `1.500`), and
// otherwise MarshalJSON writes CanonicalizeBytes' result (`1000m` -> `1`, `1024Mi` -> `1Gi`, `0.5` -> `500m`).
// Computed from the digits and the exponent, never from 10^exponent: `1e999999999` costs no more than `1`.
import { quantityError } from './quantity.js';
import { BINARY_SUFFIXES as BINARY_EXPONENTS, DECIMAL_SUFFIXES as DECIMAL_EXPONENTS } from './quantity-value.js';

type Format = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

const DECIMAL_SUFFIX_OF = new Map(Object.entries(DECIMAL_EXPONENTS).map(([suffix, exponent]) => [exponent, suffix]));
const BINARY_SUFFIX_OF = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const INT64_MAX = 2n ** 63n - 1n;
const NANO = 1_000_000_000n;
/** Upstream's maxInt64Factors: an int64 holds 18 decimal digits. */
const MAX_INT64_DIGITS = 18;

/** A parsed quantity string (upstream parseQuantityString + suffix interpretation). */
interface Parsed {
  negative: boolean;
  /** Integer digits without leading zeros ('0' when none). */
  num: string;
  /** Fraction digits as written. */
  denom: string;
  format: Format;
  /** Power of 10 (decimal formats) or of 2 (BinarySI) the suffix stands for. */
  exponent: number;
}

function parse(text: string): Parsed {
  const negative = text.startsWith('-');
  const body = text[0] === '-' || text[0] === '+' ? text.slice(1) : text;
  const match = /^0*(\d*)(?:\.(\d*))?(.*)$/.exec(body) as RegExpExecArray;
  const suffix = match[3] ?? '';
  const decimal = DECIMAL_EXPONENTS[suffix];
  const binary = BINARY_EXPONENTS[suffix];
  const base = { negative, num: match[1] || '0', denom: match[2] ?? '' };
  if (decimal !== undefined) return { ...base, format: 'DecimalSI', exponent: decimal };
  if (binary !== undefined) return { ...base, format: 'BinarySI', exponent: binary };
  // Upstream reads the exponent as an int64 and keeps it as an int32.
  return { ...base, format: 'DecimalExponent', exponent: Number(BigInt.asIntN(32, BigInt(suffix.slice(1)))) };
}

/** Whether upstream's int64 fast path parses the text and keeps it as the quantity's string. */
function keepsText(p: Parsed): boolean {
  const shifted = p.num + p.denom;
  if (p.format === 'BinarySI') {
    if (p.denom !== '') return false;
    const precision = 15 - p.num.length - Math.trunc((p.exponent * 3) / 10) - 1;
    if (precision < 0) return false;
    const value = BigInt(shifted);
    return value << BigInt(p.exponent) <= INT64_MAX && (value & 7n) !== 0n;
  }
  if (shifted.length > MAX_INT64_DIGITS) return false;
  const scale = p.exponent - p.denom.length;
  return scale >= -9 && scale % 3 === 0 && !shifted.endsWith('000') && shifted[0] !== '0';
}

/** Decimal rendering of `sign * digits * 10^exponent` (digits > 0, exponent >= -9): mantissa, suffix. */
function decimalText(negative: boolean, digits: string, exponent: number, format: Format): string {
  const trimmed = digits.replace(/0+$/, '');
  let e = exponent + (digits.length - trimmed.length);
  const pad = ((e % 3) + 3) % 3;
  e -= pad;
  const mantissa = `${negative ? '-' : ''}${trimmed}${'0'.repeat(pad)}`;
  if (format === 'DecimalExponent') return e === 0 ? mantissa : `${mantissa}e${e}`;
  // DecimalSI has suffixes from n to E only; upstream then writes the mantissa alone.
  return `${mantissa}${DECIMAL_SUFFIX_OF.get(e) ?? ''}`;
}

/** Rounds `digits * 10^exponent` up (away from zero) to whole nanos: the digits and exponent after. */
function roundToNano(digits: string, exponent: number): [string, number] {
  if (exponent >= -9) return [digits, exponent];
  const drop = -9 - exponent;
  if (drop > digits.length) return ['1', -9];
  const kept = BigInt(digits.slice(0, digits.length - drop) || '0');
  const rest = /[1-9]/.test(digits.slice(digits.length - drop));
  return [String(rest ? kept + 1n : kept), -9];
}

function decimalCanonical(p: Parsed): string {
  const digits = (p.num + p.denom).replace(/^0+/, '');
  if (digits === '') return '0';
  const [rounded, exponent] = roundToNano(digits, p.exponent - p.denom.length);
  return decimalText(p.negative, rounded, exponent, p.format);
}

function binaryCanonical(p: Parsed): string {
  // The magnitude in nanos, rounded up; upstream caps binary quantities at the int64 maximum.
  const numerator = BigInt(p.num + p.denom) * NANO * (1n << BigInt(p.exponent));
  const denominator = 10n ** BigInt(p.denom.length);
  let nanos = numerator / denominator + (numerator % denominator === 0n ? 0n : 1n);
  if (nanos > INT64_MAX * NANO) nanos = INT64_MAX * NANO;
  if (nanos === 0n) return '0';
  // Below 1024, or not a whole number: shown in decimal.
  if (nanos < 1024n * NANO || nanos % NANO !== 0n) return decimalText(p.negative, String(nanos), -9, 'DecimalSI');
  let units = nanos / NANO;
  let times = 0;
  while (units % 1024n === 0n) {
    units /= 1024n;
    times++;
  }
  return `${p.negative ? '-' : ''}${units}${BINARY_SUFFIX_OF[times] ?? ''}`;
}

/**
 * The text upstream stores and serves for a quantity a client wrote (JSON, YAML or protobuf), or
 * undefined when the text is not a quantity. Leading and trailing whitespace is ignored, as upstream's
 * UnmarshalJSON trims it.
 */
export function canonicalQuantity(input: string): string | undefined {
  const known = cache.get(input);
  if (known !== undefined || cache.has(input)) return known;
  const canonical = computeCanonical(input);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(input, canonical);
  return canonical;
}

/** Canonical texts by input: a cluster's objects repeat few quantities. Bounded; emptied when full. */
const cache = new Map<string, string | undefined>();
const CACHE_LIMIT = 512;

function computeCanonical(input: string): string | undefined {
  const text = input.trim();
  if (quantityError(text) !== undefined) return undefined;
  if (text === '0') return text;
  const parsed = parse(text);
  if (keepsText(parsed)) return text;
  return parsed.format === 'BinarySI' ? binaryCanonical(parsed) : decimalCanonical(parsed);
}
