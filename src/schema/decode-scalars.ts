// Go's decoding of one scalar value into its typed field, as encoding/json and the apimachinery types do
// it (decode.ts walks the structs, maps and lists around them): type checks with Go's error texts,
// integers in their Go type's range, base64 bytes, meta/v1 times and quantities in canonical form.
import type { ScalarNode, SchemaNode } from './compile.js';
import { DecodeFailure, type TypeErrorContext, goJsonType, goNumberText, typeErrorMessage } from './decode-errors.js';
import { base64ErrorMessage, base64ErrorOffset, canonicalBase64 } from './go-base64.js';
import { parseGoTime } from './go-time.js';
import { QUANTITY_FORMAT_ERROR, quantityError } from './quantity.js';
import { canonicalQuantity } from './quantity-canonical.js';

/** True when decodeScalar would return `value` itself: strings, booleans, numbers and integers in range. */
export function isExpectedScalar(node: ScalarNode, value: unknown): boolean {
  switch (node.kind) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return isIntegerIn(value, node.format === 'int32' ? 'int32' : 'int64');
    case 'int-or-string':
      return typeof value === 'string' || isIntegerIn(value, 'int32');
    default:
      return false;
  }
}

function isIntegerIn(value: unknown, goType: keyof typeof INT_RANGE): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  const [min, max] = INT_RANGE[goType];
  return value >= min && value <= max;
}

/** What a JSON null inside a map or list becomes: the Go zero value of the element type. */
export function zeroValue(node: SchemaNode): unknown {
  switch (node.kind) {
    case 'object':
    case 'map':
      return {};
    case 'array':
      return [];
    case 'string':
    case 'bytes':
      return '';
    case 'integer':
    case 'number':
    case 'int-or-string':
      return 0;
    case 'boolean':
      return false;
    case 'quantity':
      return '0';
    default:
      return null;
  }
}

export function decodeScalar(node: ScalarNode, value: unknown, ctx: TypeErrorContext): unknown {
  const fail = (what: string, goType: string): never => {
    throw new DecodeFailure(typeErrorMessage(what, goType, ctx));
  };
  switch (node.kind) {
    case 'string':
      return typeof value === 'string' ? value : fail(goJsonType(value), 'string');
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(goJsonType(value), 'bool');
    case 'number':
      return typeof value === 'number' ? value : fail(goJsonType(value), 'float64');
    case 'integer':
      return decodeInteger(value, node.format === 'int32' ? 'int32' : 'int64', fail);
    case 'int-or-string':
      return typeof value === 'string' ? value : decodeInteger(value, 'int32', fail);
    case 'bytes':
      return decodeBytes(value, fail);
    case 'time':
    case 'microtime':
      return decodeTime(value, node.kind === 'microtime', fail);
    case 'quantity':
      return decodeQuantity(value);
    default:
      return value;
  }
}

type Fail = (what: string, goType: string) => never;

const INT_RANGE = { int32: [-2147483648, 2147483647], int64: [-(2 ** 63), 2 ** 63], uint8: [0, 255] } as const;

function decodeInteger(value: unknown, goType: keyof typeof INT_RANGE, fail: Fail): number {
  if (typeof value !== 'number') return fail(goJsonType(value), goType);
  if (!isIntegerIn(value, goType)) return fail(`number ${goNumberText(value)}`, goType);
  return value;
}

function decodeBytes(value: unknown, fail: Fail): string {
  if (typeof value === 'string') {
    const offset = base64ErrorOffset(value);
    if (offset !== undefined) throw new DecodeFailure(base64ErrorMessage(offset));
    return canonicalBase64(value);
  }
  // Go also decodes a JSON array of byte values into []byte.
  if (Array.isArray(value)) return Buffer.from(value.map((item: unknown) => decodeInteger(item ?? 0, 'uint8', fail))).toString('base64');
  return fail(goJsonType(value), '[]uint8');
}

function decodeTime(value: unknown, micro: boolean, fail: Fail): string {
  // meta/v1 Time unmarshals a JSON string first: other types fail as "into ... of type string".
  if (typeof value !== 'string') return fail(goJsonType(value), 'string');
  const parsed = parseGoTime(value, micro);
  if (!parsed.ok) throw new DecodeFailure(parsed.message);
  return parsed.value;
}

export function decodeQuantity(value: unknown): string {
  // Quantity parses the raw JSON text: numbers are accepted, other JSON types never match.
  if (typeof value !== 'string' && typeof value !== 'number') throw new DecodeFailure(QUANTITY_FORMAT_ERROR);
  const text = typeof value === 'number' ? goNumberText(value) : value;
  const canonical = canonicalQuantity(text);
  if (canonical === undefined) throw new DecodeFailure(quantityError(text.trim()) ?? QUANTITY_FORMAT_ERROR);
  return canonical;
}
