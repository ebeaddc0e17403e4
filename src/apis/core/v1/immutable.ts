// The `immutable` rule shared by ConfigMap and Secret (3-resources: "when true, stored data cannot
// change (only metadata); may be changed at any time if not true").
import { forbidden, type FieldError } from '../../../errors/field-errors.js';
import { sameStringMap } from './data-maps.js';

const IMMUTABLE_MESSAGE = 'field is immutable when `immutable` is set';

interface WithImmutableData {
  immutable?: boolean;
  [field: string]: unknown;
}

/** Data maps as a record of strings, or undefined when absent or malformed. */
function asStringMap(value: unknown): Record<string, string> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
}

/**
 * Once `old.immutable` is true: `immutable` must stay true and each of `dataFields` must be unchanged.
 * Errors and messages as upstream ValidateConfigMapUpdate / ValidateSecretUpdate.
 */
export function validateImmutableData(obj: WithImmutableData, old: WithImmutableData, dataFields: readonly string[]): FieldError[] {
  if (old.immutable !== true) return [];
  const errors: FieldError[] = [];
  if (obj.immutable !== true) errors.push(forbidden('immutable', IMMUTABLE_MESSAGE));
  for (const field of dataFields) {
    if (!sameStringMap(asStringMap(obj[field]), asStringMap(old[field]))) errors.push(forbidden(field, IMMUTABLE_MESSAGE));
  }
  return errors;
}
