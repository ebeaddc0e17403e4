// Query parameter values as upstream's parameter codec converts them into options structs (apimachinery
// runtime conversion: Convert_Slice_string_To_bool, _To_Pointer_bool, _To_int64, _To_Pointer_int64).
// Only the first of repeated values counts. A present parameter is converted even when its value is
// empty: `?watch` is a watch, `?limit=` is a 400. Conversion errors are Go's strconv texts, answered as
// 400 BadRequest by the handlers (upstream DecodeParameters -> NewBadRequest(err.Error())).
import { badRequest } from '../errors/status-error.js';
import { parseGoTime } from './go-time.js';

/**
 * A `bool` field: false when absent, or when the first value is `0` or `false` in any case; true for
 * anything else, the empty string included (the Python client sends `watch=True`).
 */
export function boolQuery(query: URLSearchParams, name: string): boolean {
  return optionalBoolQuery(query, name) ?? false;
}

/** A `*bool` field: undefined when absent, otherwise as boolQuery. */
export function optionalBoolQuery(query: URLSearchParams, name: string): boolean | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  return !(value === '0' || value.toLowerCase() === 'false');
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.ParseInt(s, 10, 64) without its error: the value, or undefined when `text` is no int64. */
export function goInt64(text: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
}

/** An `int64` or `*int64` field: undefined when absent, 400 with strconv.ParseInt's error otherwise. */
export function int64Query(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  return parseGoInt64(value);
}

/** Go's strconv.ParseInt(s, 10, 64): an optional sign and decimal digits, within int64. */
export function parseGoInt64(text: string): number {
  const value = goInt64(text);
  if (value !== undefined) return Number(value);
  throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(text)}: ${/^[+-]?\d+$/.test(text) ? 'value out of range' : 'invalid syntax'}`);
}

/** Go's zero time.Time as RFC 3339 writes it. */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/**
 * A `*metav1.Time` field (metav1.Convert_Slice_string_To_Pointer_v1_Time and Time.UnmarshalQueryParameter):
 * undefined when absent; the zero time for an empty value or `null` (older clients' JSON); otherwise
 * time.Parse(RFC3339), re-encoded in UTC to the second, with Go's parse error as a 400.
 */
export function optionalTimeQuery(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (value === '' || value === 'null') return GO_ZERO_TIME;
  const parsed = parseGoTime(value, false);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.value;
}
