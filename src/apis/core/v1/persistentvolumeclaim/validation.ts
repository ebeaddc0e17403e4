// PersistentVolumeClaim validation as upstream 1.25 ValidatePersistentVolumeClaim,
// ValidatePersistentVolumeClaimUpdate (spec immutable except a first volumeName, the storage-class
// upgrade from the beta annotation, and storage requests of bound claims, which may only grow) and
// ValidatePersistentVolumeClaimStatusUpdate.
import { forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { compareQuantities } from '../../../../schema/quantity-value.js';
import { canonicalJson, structDiff } from '../go-struct-diff.js';
import { validateBasicResource } from '../persistentvolume/validation.js';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../storage-printing.js';
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec, ResourceRequirements } from '../schemas.generated.js';
import { validateClaimSpec } from '../volumes/index.js';

/** Upstream ValidatePersistentVolumeClaim: metadata (DNS-subdomain names) and the spec. */
export function validatePersistentVolumeClaim(pvc: PersistentVolumeClaim): FieldError[] {
  return [...validateObjectMeta(pvc.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateClaimSpec(pvc.spec ?? {}, 'spec')];
}

/** Quantities compare by value (upstream semantic equality): `1Gi` equals `1024Mi`. */
function sameResources(a: ResourceRequirements | undefined, b: ResourceRequirements | undefined): boolean {
  for (const part of ['limits', 'requests'] as const) {
    const left = a?.[part] ?? {};
    const right = b?.[part] ?? {};
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) {
      if (!Object.hasOwn(left, key) || !Object.hasOwn(right, key) || compareQuantities(left[key], right[key]) !== 0) return false;
    }
  }
  return true;
}

/** The spec diff, or undefined when the specs are semantically equal. */
function specDiff(before: PersistentVolumeClaimSpec, after: PersistentVolumeClaimSpec): string | undefined {
  const { resources: r1, ...rest1 } = before;
  const { resources: r2, ...rest2 } = after;
  if (canonicalJson(rest1) === canonicalJson(rest2) && sameResources(r1, r2)) return undefined;
  return structDiff('core.PersistentVolumeClaimSpec', before, after);
}

/**
 * Upstream's storage-class upgrade: a claim classed by the beta annotation may set the same class in
 * `storageClassName` once.
 */
function classUpgradeFromAnnotation(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): boolean {
  const oldAnnotations = old.metadata.annotations ?? {};
  const newAnnotations = pvc.metadata.annotations ?? {};
  if (!Object.hasOwn(oldAnnotations, BETA_STORAGE_CLASS_ANNOTATION) || old.spec?.storageClassName !== undefined) return false;
  const oldClass = oldAnnotations[BETA_STORAGE_CLASS_ANNOTATION];
  return pvc.spec?.storageClassName === oldClass && (!Object.hasOwn(newAnnotations, BETA_STORAGE_CLASS_ANNOTATION) || newAnnotations[BETA_STORAGE_CLASS_ANNOTATION] === oldClass);
}

/** The spec may change only where upstream allows it; errors as upstream. */
function validateSpecChanges(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errors: FieldError[] = [];
  const after: PersistentVolumeClaimSpec = structuredClone(pvc.spec ?? {});
  const before: PersistentVolumeClaimSpec = structuredClone(old.spec ?? {});
  if (!before.volumeName) {
    if (after.volumeName === undefined) delete before.volumeName;
    else before.volumeName = after.volumeName;
  }
  if (classUpgradeFromAnnotation(pvc, old)) delete after.storageClassName;
  else {
    const newClass = pvc.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? '';
    if (newClass !== (old.metadata.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? '')) {
      errors.push(invalid(`metadata.annotations.${BETA_STORAGE_CLASS_ANNOTATION}`, newClass, 'field is immutable'));
    }
  }
  // Bound claims may change their storage request (the size rule below still applies).
  if (pvc.status?.phase === 'Bound' && after.resources?.requests) {
    const oldStorage = old.spec?.resources?.requests?.['storage'];
    if (oldStorage === undefined) delete after.resources.requests['storage'];
    else after.resources.requests['storage'] = oldStorage;
  }
  const diff = specDiff(before, after);
  if (diff !== undefined) errors.push(forbidden('spec', `spec is immutable after creation except resources.requests for bound claims\n${diff}`));
  return errors;
}

/** Upstream strategy ValidateUpdate: the claim's rules, then ValidatePersistentVolumeClaimUpdate (which repeats them). */
export function validatePersistentVolumeClaimUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errors = [...validatePersistentVolumeClaim(pvc), ...validateObjectMetaUpdate(pvc.metadata, old.metadata), ...validatePersistentVolumeClaim(pvc)];
  errors.push(...validateSpecChanges(pvc, old));
  const newSize = pvc.spec?.resources?.requests?.['storage'];
  const oldSize = old.spec?.resources?.requests?.['storage'];
  if (compareQuantities(newSize, oldSize) < 0) errors.push(forbidden('spec.resources.requests.storage', 'field can not be less than previous value'));
  if ((pvc.spec?.volumeMode ?? null) !== (old.spec?.volumeMode ?? null)) errors.push(invalid('volumeMode', pvc.spec?.volumeMode ?? null, 'field is immutable'));
  return errors;
}

/** Upstream ValidatePersistentVolumeClaimStatusUpdate (RecoverVolumeExpansionFailure is off in 1.25). */
export function validatePersistentVolumeClaimStatusUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): FieldError[] {
  const errors = validateObjectMetaUpdate(pvc.metadata, old.metadata);
  if (!pvc.metadata.resourceVersion) errors.push(required('resourceVersion'));
  if (!pvc.spec?.accessModes?.length) errors.push(required('Spec.accessModes'));
  for (const [name, qty] of Object.entries(pvc.status?.capacity ?? {})) errors.push(...validateBasicResource(qty, `status.capacity[${name}]`));
  return errors;
}
