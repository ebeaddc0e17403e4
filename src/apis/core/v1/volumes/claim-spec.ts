// PersistentVolumeClaimSpec rules shared by claims and the ephemeral volume's claim template
// (upstream 1.25 ValidatePersistentVolumeClaimSpec and validateDataSource), and the access-mode and
// volume-mode sets PersistentVolumes use as well.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNSSubdomain } from '../../../meta/v1/validation.js';
import { validateLabelSelector } from '../../../../registry/selectors/label-selector-object.js';
import { quantitySign } from '../../../../schema/quantity-value.js';
import type { PersistentVolumeClaimSpec, TypedLocalObjectReference } from '../schemas.generated.js';

/** Access modes 1.25 accepts (ReadWriteOncePod is behind the alpha gate, off by default). */
export const ACCESS_MODES: readonly string[] = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce'];
/** Volume modes, sorted as upstream lists them. */
export const VOLUME_MODES: readonly string[] = ['Block', 'Filesystem'];

/** Upstream ValidatePositiveQuantityValue: at `path`, the quantity must be above zero. */
export function validatePositiveQuantity(value: string, path: string): FieldError[] {
  return quantitySign(value) <= 0 ? [invalid(path, value, 'must be greater than zero')] : [];
}

/** Each access mode known, and ReadWriteOncePod never with another known mode (errors at `path`); an empty list is the caller's concern. */
export function validateAccessModes(modes: readonly string[] | undefined, path: string): FieldError[] {
  const list = modes ?? [];
  const errors = list.filter((m) => !ACCESS_MODES.includes(m)).map((m) => notSupported(path, m, ACCESS_MODES));
  if (list.includes('ReadWriteOncePod') && list.some((m) => m !== 'ReadWriteOncePod' && ACCESS_MODES.includes(m))) {
    errors.push(forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  }
  return errors;
}

/** A storage class name, when set, is a DNS subdomain (upstream ValidateClassName). */
export function validateClassName(name: string | undefined, path: string): FieldError[] {
  return name ? nameIsDNSSubdomain(name, false).map((m) => invalid(path, name, m)) : [];
}

/** dataSource / dataSourceRef: name and kind required; the core group only for claims (1.25: no detail text). */
function validateDataSource(ref: TypedLocalObjectReference, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!ref.name) errors.push(required(`${path}.name`));
  if (!ref.kind) errors.push(required(`${path}.kind`));
  if (!ref.apiGroup && ref.kind !== 'PersistentVolumeClaim') errors.push(invalid(path, ref.kind ?? '', ''));
  return errors;
}

const sameReference = (a: TypedLocalObjectReference, b: TypedLocalObjectReference): boolean =>
  (a.apiGroup ?? null) === (b.apiGroup ?? null) && (a.kind ?? '') === (b.kind ?? '') && (a.name ?? '') === (b.name ?? '');

/** The storage request: required, positive. Reported at `<path>.resources[storage]`, as upstream. */
function validateStorageRequest(spec: PersistentVolumeClaimSpec, path: string): FieldError[] {
  const at = `${path}.resources[storage]`;
  const storage = spec.resources?.requests?.storage;
  if (storage === undefined) return [required(at)];
  return validatePositiveQuantity(storage, at);
}

/** Upstream 1.25 ValidatePersistentVolumeClaimSpec at `path`. */
export function validateClaimSpec(spec: PersistentVolumeClaimSpec, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const modes = spec.accessModes ?? [];
  if (modes.length === 0) errors.push(required(`${path}.accessModes`, 'at least 1 access mode is required'));
  if (spec.selector) errors.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  errors.push(...validateAccessModes(modes, `${path}.accessModes`));
  errors.push(...validateStorageRequest(spec, path));
  errors.push(...validateClassName(spec.storageClassName, `${path}.storageClassName`));
  if (spec.volumeMode !== undefined && !VOLUME_MODES.includes(spec.volumeMode)) {
    errors.push(notSupported(`${path}.volumeMode`, spec.volumeMode, VOLUME_MODES));
  }
  if (spec.dataSource) errors.push(...validateDataSource(spec.dataSource, `${path}.dataSource`));
  if (spec.dataSourceRef) errors.push(...validateDataSource(spec.dataSourceRef, `${path}.dataSourceRef`));
  if (spec.dataSource && spec.dataSourceRef && !sameReference(spec.dataSource, spec.dataSourceRef)) {
    // Upstream passes the field path itself as the value; we show its text.
    errors.push(invalid(path, `${path}.dataSource`, 'must match dataSourceRef'));
  }
  return errors;
}
