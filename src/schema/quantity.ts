// resource.Quantity syntax as upstream's ParseQuantity accepts it (`500m`, `1Gi`, `1e3`, `+.5`),
// with its three error texts, which decode errors carry verbatim.

/** Upstream's ParseQuantity errors (ErrFormatWrong, ErrNumeric, ErrSuffix). */
export const QUANTITY_FORMAT_ERROR = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
export const QUANTITY_NUMERIC_ERROR = 'unable to parse numeric part of quantity';
export const QUANTITY_SUFFIX_ERROR = "unable to parse quantity's suffix";

const SUFFIX_CHARS = 'eEinumkKMGTP';
const KNOWN_SUFFIXES = new Set(['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

interface Split {
  /** The numeric part as written (sign, digits, fraction). */
  value: string;
  suffix: string;
}

/** Upstream's parseQuantityString: split into number and suffix, or fail on the overall shape. */
function split(text: string): Split | 'format' {
  let pos = 0;
  if (text[0] === '-' || text[0] === '+') pos++;
  while (text[pos] === '0') pos++;
  if (pos >= text.length) return { value: '0', suffix: '' };
  while (isDigit(text[pos])) pos++;
  if (pos >= text.length) return { value: text, suffix: '' };
  if (text[pos] === '.') {
    pos++;
    while (isDigit(text[pos])) pos++;
    if (pos >= text.length) return { value: text, suffix: '' };
  }
  const value = text.slice(0, pos);
  const suffixStart = pos;
  while (pos < text.length && SUFFIX_CHARS.includes(text[pos] as string)) pos++;
  if (pos >= text.length) return { value, suffix: text.slice(suffixStart) };
  if (text[pos] === '-' || text[pos] === '+') pos++;
  while (isDigit(text[pos])) pos++;
  if (pos >= text.length) return { value, suffix: text.slice(suffixStart) };
  return 'format';
}

function validSuffix(suffix: string): boolean {
  if (KNOWN_SUFFIXES.has(suffix)) return true;
  // Decimal exponent: e3, E-2 (the digits must fit a signed 64-bit integer).
  return suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d{1,18}$/.test(suffix.slice(1));
}

/** Upstream's error for an invalid quantity string, or undefined when it parses. */
export function quantityError(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return QUANTITY_FORMAT_ERROR;
  if (trimmed === '0') return undefined;
  const parts = split(trimmed);
  if (parts === 'format') return QUANTITY_FORMAT_ERROR;
  if (!validSuffix(parts.suffix)) return QUANTITY_SUFFIX_ERROR;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(parts.value)) return QUANTITY_NUMERIC_ERROR;
  return undefined;
}
