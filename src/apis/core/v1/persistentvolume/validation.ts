// PersistentVolume validation as upstream 1.25 ValidatePersistentVolumeSpec, ValidatePersistentVolume,
// ValidatePersistentVolumeUpdate and ValidatePersistentVolumeStatusUpdate, plus the volume plugins'
// mount-option rule (pkg/volume/validation). The spec rules serve VolumeAttachment's inline spec too.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { quantityIntegerValue } from '../../../../schema/quantity-value.js';
import { validateNodeSelector } from '../node-selector.js';
import type { PersistentVolume, PersistentVolumeSpec, VolumeNodeAffinity } from '../schemas.generated.js';
import { VOLUME_MODES, validateAccessModes, validateClassName, validatePersistentVolumeSource, validatePositiveQuantity } from '../volumes/index.js';
import { sourceDiff } from './source-diff.js';

/** Reclaim policies, sorted as upstream lists them. */
export const RECLAIM_POLICIES: readonly string[] = ['Delete', 'Recycle', 'Retain'];
/** The annotation older clients used for mount options. */
export const MOUNT_OPTIONS_ANNOTATION = 'volume.beta.kubernetes.io/mount-options';

const INLINE = 'may not be specified in the context of inline volumes';

/** Node affinity: `required` with valid terms. Returns whether affinity was given at all. */
function validateVolumeNodeAffinity(affinity: VolumeNodeAffinity, path: string): FieldError[] {
  if (!affinity.required) return [required(`${path}.required`, 'must specify required node constraints')];
  return validateNodeSelector(affinity.required, `${path}.required`);
}

/** Upstream validateBasicResource: Value() (rounded up) must not be negative. */
export function validateBasicResource(quantity: string, path: string): FieldError[] {
  const value = quantityIntegerValue(quantity);
  return value < 0n ? [invalid(path, Number(value), 'must be a valid resource quantity')] : [];
}

/** Capacity of a (non-inline) PV: only `storage`, present and positive. */
function validateCapacity(capacity: Record<string, string> | undefined, path: string): FieldError[] {
  const entries = Object.entries(capacity ?? {});
  const errors: FieldError[] = [];
  if (entries.length === 0) errors.push(required(path));
  if (!capacity || !Object.hasOwn(capacity, 'storage') || entries.length > 1) errors.push(notSupported(path, capacity ?? null, ['storage']));
  for (const [name, qty] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    errors.push(...validateBasicResource(qty, `${path}[${name}]`), ...validatePositiveQuantity(qty, `${path}[${name}]`));
  }
  return errors;
}

/** Go's path.Clean is "/" : the host's root directory. */
const isRootPath = (p: string): boolean => p.startsWith('/') && p.split('/').every((part) => part === '' || part === '.' || part === '..');


/** Inline-only rules (VolumeAttachment's inlineVolumeSpec): no claim, no capacity, a CSI source. */
function validateInlineOnly(spec: PersistentVolumeSpec, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.claimRef) errors.push(forbidden(`${path}.claimRef`, INLINE));
  if (Object.keys(spec.capacity ?? {}).length !== 0) errors.push(forbidden(`${path}.capacity`, INLINE));
  if (!spec.csi) errors.push(required(`${path}.csi`, 'has to be specified in the context of inline volumes'));
  return errors;
}

/** Reclaim policy: Retain only when inline, else one of RECLAIM_POLICIES. */
function validateReclaimPolicy(policy: string | undefined, inline: boolean, path: string): FieldError[] {
  if (!policy) return [];
  if (inline) return policy === 'Retain' ? [] : [forbidden(path, 'may only be Retain in the context of inline volumes')];
  return RECLAIM_POLICIES.includes(policy) ? [] : [notSupported(path, policy, RECLAIM_POLICIES)];
}

/** Class name and volume mode, with their inline variants. */
function validateClassAndMode(spec: PersistentVolumeSpec, inline: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.storageClassName) {
    if (inline) errors.push(forbidden(`${path}.storageClassName`, INLINE));
    else errors.push(...validateClassName(spec.storageClassName, `${path}.storageClassName`));
  }
  const mode = spec.volumeMode;
  if (mode !== undefined) {
    if (inline && mode !== 'Filesystem') errors.push(forbidden(`${path}.volumeMode`, 'may not specify volumeMode other than Filesystem in the context of inline volumes'));
    if (!inline && !VOLUME_MODES.includes(mode)) errors.push(notSupported(`${path}.volumeMode`, mode, VOLUME_MODES));
  }
  return errors;
}

/** Upstream ValidatePersistentVolumeSpec at `path`; `inline` for a VolumeAttachment's inline spec. */
export function validatePersistentVolumeSpec(spec: PersistentVolumeSpec, pvName: string, inline: boolean, path: string): FieldError[] {
  const errors = inline ? validateInlineOnly(spec, path) : [];
  if (!spec.accessModes?.length) errors.push(required(`${path}.accessModes`));
  errors.push(...validateAccessModes(spec.accessModes, `${path}.accessModes`));
  if (!inline) errors.push(...validateCapacity(spec.capacity, `${path}.capacity`));
  errors.push(...validateReclaimPolicy(spec.persistentVolumeReclaimPolicy, inline, `${path}.persistentVolumeReclaimPolicy`));
  if (spec.nodeAffinity) {
    if (inline) errors.push(forbidden(`${path}.nodeAffinity`, INLINE));
    else errors.push(...validateVolumeNodeAffinity(spec.nodeAffinity, `${path}.nodeAffinity`));
  }
  errors.push(...validatePersistentVolumeSource(spec, pvName, path, !inline && spec.nodeAffinity !== undefined));
  if (spec.hostPath && isRootPath(spec.hostPath.path ?? '') && spec.persistentVolumeReclaimPolicy === 'Recycle') {
    errors.push(forbidden(`${path}.persistentVolumeReclaimPolicy`, "may not be 'recycle' for a hostPath mount of '/'"));
  }
  errors.push(...validateClassAndMode(spec, inline, path));
  return errors;
}

/** Plugins without mount options refuse the mount-options annotation. */
function validateMountOptionsAnnotation(pv: PersistentVolume): FieldError[] {
  const spec = pv.spec ?? {};
  const supports = ['gcePersistentDisk', 'awsElasticBlockStore', 'glusterfs', 'nfs', 'rbd', 'quobyte', 'iscsi', 'cinder', 'cephfs', 'azureFile', 'vsphereVolume', 'azureDisk', 'photonPersistentDisk'] as const;
  if (supports.some((key) => spec[key] !== undefined)) return [];
  if (!Object.hasOwn(pv.metadata.annotations ?? {}, MOUNT_OPTIONS_ANNOTATION)) return [];
  return [forbidden(`metadata.annotations.${MOUNT_OPTIONS_ANNOTATION}`, 'may not specify mount options for this volume type')];
}

/** Upstream ValidatePersistentVolume plus the plugins' rule (the strategy's Validate). */
export function validatePersistentVolume(pv: PersistentVolume): FieldError[] {
  return [
    ...validateObjectMeta(pv.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain }),
    ...validatePersistentVolumeSpec(pv.spec ?? {}, pv.metadata.name ?? '', false, 'spec'),
    ...validateMountOptionsAnnotation(pv),
  ];
}

const json = (value: unknown): string => JSON.stringify(value ?? null);

/**
 * Upstream strategy ValidateUpdate: the create rules, metadata update rules, then the source
 * (immutable, except that a missing controllerExpandSecretRef may be added), volumeMode and a set
 * nodeAffinity immutable (field paths `volumeMode` and `nodeAffinity`, as upstream).
 */
export function validatePersistentVolumeUpdate(pv: PersistentVolume, old: PersistentVolume): FieldError[] {
  const errors = [...validatePersistentVolume(pv), ...validateObjectMetaUpdate(pv.metadata, old.metadata)];
  const spec = pv.spec ?? {};
  const oldSpec = old.spec ?? {};
  const diff = sourceDiff(oldSpec, spec);
  if (diff !== undefined) errors.push(forbidden('spec.persistentvolumesource', `spec.persistentvolumesource is immutable after creation\n${diff}`));
  if ((spec.volumeMode ?? null) !== (oldSpec.volumeMode ?? null)) errors.push(invalid('volumeMode', spec.volumeMode ?? null, 'field is immutable'));
  if (oldSpec.nodeAffinity !== undefined && json(spec.nodeAffinity) !== json(oldSpec.nodeAffinity)) {
    errors.push(invalid('nodeAffinity', spec.nodeAffinity ?? null, 'field is immutable'));
  }
  return errors;
}

/** Upstream ValidatePersistentVolumeStatusUpdate: metadata rules and a resourceVersion. */
export function validatePersistentVolumeStatusUpdate(pv: PersistentVolume, old: PersistentVolume): FieldError[] {
  const errors = validateObjectMetaUpdate(pv.metadata, old.metadata);
  if (!pv.metadata.resourceVersion) errors.push(required('resourceVersion'));
  return errors;
}
