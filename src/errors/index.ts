// Errors of the API: `StatusError` (rendered once at the edge) and the field errors validators return,
// the latter as a namespace so validators read like upstream: `field.invalid(path, value, detail)`.
export * from './status-error.js';
export * as field from './field-errors.js';
export type { FieldError, FieldErrorType } from './field-errors.js';
