// Field errors: what a strategy's validation returns, one per offending field.
// Rendered as upstream's field.Error: `<field>: <Type>: <detail>`; the Status cause keeps the parts.

export type FieldErrorType =
  | 'FieldValueNotFound'
  | 'FieldValueRequired'
  | 'FieldValueDuplicate'
  | 'FieldValueInvalid'
  | 'FieldValueNotSupported'
  | 'FieldValueForbidden'
  | 'FieldValueTooLong'
  | 'FieldValueTooMany'
  | 'InternalError';

/** One validation failure at one field path (e.g. `metadata.labels`, `data[a b]`). */
export interface FieldError {
  type: FieldErrorType;
  field: string;
  /** The offending value, where the error type shows one. */
  value?: unknown;
  detail?: string;
}

/**
 * A value upstream prints with Go's %#v (a struct or slice such as `[]string{"a"}` or a
 * `resource.Quantity{...}`): its text exactly as Go renders it.
 */
export class GoLiteral {
  constructor(readonly text: string) {}
}

/**
 * upstream field.OmitValueType: an error whose value is not shown (`Invalid value: <detail>`), as the
 * pod failure policy rules report a rule that is wrong as a whole.
 */
export const OMIT_VALUE: unique symbol = Symbol('field.OmitValueType');

/** Upstream renders values with Go's %q for strings and %v otherwise (%#v for structs: GoLiteral). */
function renderValue(value: unknown): string {
  if (value instanceof GoLiteral) return value.text;
  if (typeof value === 'string') return JSON.stringify(value);
  // A []string, as Go's %#v prints it: []string{"a", "b"}.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return `[]string{${value.map((v) => JSON.stringify(v)).join(', ')}}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return 'null';
  return JSON.stringify(value);
}

/** The message of one error without its field path, as in a Status cause. */
export function fieldErrorBody(error: FieldError): string {
  const withDetail = (head: string): string => (error.detail ? `${head}: ${error.detail}` : head);
  switch (error.type) {
    case 'FieldValueNotFound':
      return withDetail(`Not found: ${renderValue(error.value)}`);
    case 'FieldValueRequired':
      return withDetail('Required value');
    case 'FieldValueDuplicate':
      return withDetail(`Duplicate value: ${renderValue(error.value)}`);
    case 'FieldValueInvalid':
      return withDetail(error.value === OMIT_VALUE ? 'Invalid value' : `Invalid value: ${renderValue(error.value)}`);
    case 'FieldValueNotSupported':
      return withDetail(`Unsupported value: ${renderValue(error.value)}`);
    case 'FieldValueForbidden':
      return withDetail('Forbidden');
    case 'FieldValueTooLong':
      return withDetail('Too long');
    case 'FieldValueTooMany':
      // Upstream shows the count for TooMany (only Required, Forbidden, TooLong and Internal omit the value).
      return withDetail(`Too many: ${renderValue(error.value)}`);
    case 'InternalError':
      return withDetail('Internal error');
  }
}

/** `<field>: <body>`, the form used inside an Invalid Status message. */
export function fieldErrorMessage(error: FieldError): string {
  return `${error.field}: ${fieldErrorBody(error)}`;
}

// Constructors mirroring upstream's field.Invalid, field.Required, ... so validators read alike.
export const invalid = (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value, detail });
export const required = (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail });
export const duplicate = (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, value });
export const forbidden = (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, detail });
export const notFoundField = (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, value });
export const tooLong = (field: string, value: unknown, max: number): FieldError => ({
  type: 'FieldValueTooLong',
  field,
  value,
  detail: `must have at most ${max} bytes`,
});
export const tooMany = (field: string, actual: number, max: number): FieldError => ({
  type: 'FieldValueTooMany',
  field,
  value: actual,
  detail: `must have at most ${max} items`,
});
export function notSupported(field: string, value: unknown, supported: readonly string[]): FieldError {
  const detail = supported.length ? `supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` : '';
  return { type: 'FieldValueNotSupported', field, value, detail };
}
