// The error texts of typed decoding, shaped like upstream's: Go's JSON UnmarshalTypeError, the
// strict-decoding summary, and the apiserver's "cannot be handled as" wrapper (BadRequest).
import { badRequest, type StatusError } from '../errors/status-error.js';

/** Where a decode error happened, as Go's JSON decoder reports it. */
export interface TypeErrorContext {
  /** Name of the innermost Go struct holding the field (`ObjectMeta`). */
  struct: string;
  /** Dotted struct-field path from the root (`metadata.labels`); no list indices, no map keys. */
  field: string;
}

/** A decode failure carrying the message of the underlying Go error. */
export class DecodeFailure extends Error {
  override readonly name = 'DecodeFailure';
}

/** The JSON type word Go's encoding/json uses in its errors (`string`, `number`, `bool`, `array`, `object`, `null`). */
export function goJsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'bool';
    default:
      return 'object';
  }
}

/** Go's literal text for a number (as close as a parsed JSON number allows: `1.0` reads back as `1`). */
export function goNumberText(value: number): string {
  return String(value);
}

/** `json: cannot unmarshal <what> into Go struct field <Struct>.<field> of type <type>`. */
export function typeErrorMessage(what: string, goType: string, context: TypeErrorContext | undefined): string {
  if (!context || (context.struct === '' && context.field === '')) {
    return `json: cannot unmarshal ${what} into Go value of type ${goType}`;
  }
  return `json: cannot unmarshal ${what} into Go struct field ${context.struct}.${context.field} of type ${goType}`;
}

/** `strict decoding error: unknown field "a", unknown field "b"`. */
export function strictDecodingMessage(errors: readonly string[]): string {
  return `strict decoding error: ${errors.join(', ')}`;
}

/** Upstream transformDecodeError: `<Kind> in version "<v>" cannot be handled as a <Kind>: <cause>`. */
export function cannotBeHandled(dataKind: string, dataVersion: string, targetKind: string, cause: string): StatusError {
  return badRequest(`${dataKind} in version ${JSON.stringify(dataVersion)} cannot be handled as a ${targetKind}: ${cause}`);
}

/** Upstream's form when the body's kind could not even be read. */
export function unrecognizedObject(targetKind: string, cause: string, input: unknown): StatusError {
  return unrecognizedBody(targetKind, cause, Buffer.from(JSON.stringify(input) ?? '', 'utf8'));
}

/** The same for a body that did not parse: summarized from its bytes. */
export function unrecognizedBody(targetKind: string, cause: string, body: Buffer): StatusError {
  return badRequest(`the object provided is unrecognized (must be of type ${targetKind}): ${cause} (${summarizeData(body)})`);
}

/** Upstream summarizeData: the first 30 bytes of a JSON object, else hex. */
function summarizeData(data: Buffer): string {
  if (data.length === 0) return '<empty>';
  const head = data.subarray(0, 30);
  const text = data[0] === 0x7b ? head.toString('utf8') : head.toString('hex');
  return data.length > 30 ? `${text} ...` : text;
}
