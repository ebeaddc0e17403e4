// What the storage.k8s.io kinds share: their OpenAPI prefix and upstream's immutable-field error.
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';

/** OpenAPI definition prefix of storage.k8s.io/v1. */
export const STORAGE_V1 = 'io.k8s.api.storage.v1';

/** Upstream ValidateImmutableField: unset and empty lists count as equal (semantic equality). */
export function validateImmutableField(value: unknown, old: unknown, path: string): FieldError[] {
  const normalize = (v: unknown): unknown => (Array.isArray(v) && v.length === 0 ? undefined : v);
  return canonicalJson(normalize(value)) === canonicalJson(normalize(old)) ? [] : [invalid(path, value ?? null, 'field is immutable')];
}
