// Size and equality rules for the data maps of ConfigMap and Secret (upstream core validation).
import type { FieldError } from '../../../errors/field-errors.js';

/** Upstream core.MaxSecretSize: the cap on the total data bytes of a Secret and of a ConfigMap. */
export const MAX_SECRET_SIZE = 1024 * 1024;

/** Bytes of a string as Go's len() counts them (UTF-8). */
export function utf8Length(value: string): number {
  return Buffer.byteLength(value, 'utf8');
}

/** Bytes a base64 value (a `format: byte` field) decodes to. */
export function decodedLength(base64: string): number {
  return Buffer.from(base64, 'base64').length;
}

/** The entries of an optional map, tolerant of a missing or non-object value. */
export function entriesOf<V>(map: Record<string, V> | undefined): [string, V][] {
  return map && typeof map === 'object' ? Object.entries(map) : [];
}

/** upstream field.TooLong on a data total: `<field>: Too long: must have at most 1048576 bytes`. */
export function dataTooLong(field: string): FieldError {
  return { type: 'FieldValueTooLong', field, value: '', detail: `must have at most ${MAX_SECRET_SIZE} bytes` };
}

/**
 * Equality of two string maps as upstream sees them after storage: Go drops empty maps on encode,
 * so an absent map and `{}` are the same stored value.
 */
export function sameStringMap(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const left = entriesOf(a);
  const right = b ?? {};
  if (left.length !== entriesOf(b).length) return false;
  return left.every(([key, value]) => Object.hasOwn(right, key) && right[key] === value);
}
