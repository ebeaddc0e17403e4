// VolumeAttachment (storage.k8s.io/v1, cluster-scoped; 3-resources "VolumeAttachment"): validation
// as upstream 1.25 ValidateVolumeAttachment (+ the v1 checks on create) and ValidateVolumeAttachmentUpdate
// (the spec is read-only), the `status` subresource, and the table.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { forbidden, invalid, required, tooLong, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { validatePersistentVolumeSpec } from '../../core/v1/persistentvolume/index.js';
import { defaultPersistentVolumeSource, validateCSIDriverName } from '../../core/v1/volumes/index.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { VolumeAttachmentSchema, type VolumeAttachment, type VolumeAttachmentSource, type VolumeAttachmentStatus, type VolumeError } from './schemas.generated.js';
import { STORAGE_V1 } from './storage-meta.js';

export { VolumeAttachmentSchema, type VolumeAttachment };

const MAX_METADATA_SIZE = 256 * 1024;
const MAX_ERROR_MESSAGE = 1024;
const EXACTLY_ONE = 'must specify exactly one of inlineVolumeSpec and persistentVolumeName';

/** Exactly one of inlineVolumeSpec (validated as an inline PV spec) and a non-empty persistentVolumeName. */
function validateSource(source: VolumeAttachmentSource | undefined, path: string): FieldError[] {
  const inline = source?.inlineVolumeSpec;
  const pvName = source?.persistentVolumeName;
  if (inline === undefined && pvName === undefined) return [required(path, EXACTLY_ONE)];
  if (inline !== undefined && pvName !== undefined) return [forbidden(path, EXACTLY_ONE)];
  if (pvName !== undefined) return pvName ? [] : [required(`${path}.persistentVolumeName`, 'must specify non empty persistentVolumeName')];
  return validatePersistentVolumeSpec(inline ?? {}, '', true, `${path}.inlineVolumeSpec`);
}

/** An attach or detach error: message at most 1024 characters (upstream reports the metadata limit). */
function validateVolumeError(error: VolumeError | undefined, path: string): FieldError[] {
  return error && (error.message ?? '').length > MAX_ERROR_MESSAGE ? [tooLong(`${path}.message`, '', MAX_METADATA_SIZE)] : [];
}

function validateStatus(status: VolumeAttachmentStatus | undefined): FieldError[] {
  const size = Object.entries(status?.attachmentMetadata ?? {}).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
  return [
    ...(size > MAX_METADATA_SIZE ? [tooLong('status.attachmentMetadata', '', MAX_METADATA_SIZE)] : []),
    ...validateVolumeError(status?.attachError, 'status.attachError'),
    ...validateVolumeError(status?.detachError, 'status.detachError'),
  ];
}

/** Upstream ValidateVolumeAttachment (common to v1 and v1beta1). */
export function validateVolumeAttachmentCommon(va: VolumeAttachment): FieldError[] {
  const errors = validateObjectMeta(va.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const spec = va.spec ?? {};
  if (!spec.attacher) errors.push(required('spec.attacher'));
  errors.push(...validateSource(spec.source, 'spec.source'));
  const nodeName = spec.nodeName ?? '';
  errors.push(...nameIsDNSSubdomain(nodeName, false).map((m) => invalid('spec.nodeName', nodeName, m)));
  errors.push(...validateStatus(va.status));
  return errors;
}

/** Create through v1: the common rules, then the attacher as a CSI driver name and the PV name. */
export function validateVolumeAttachment(va: VolumeAttachment): FieldError[] {
  const errors = validateVolumeAttachmentCommon(va);
  errors.push(...validateCSIDriverName(va.spec?.attacher ?? '', 'spec.attacher'));
  const pvName = va.spec?.source?.persistentVolumeName;
  if (pvName !== undefined) errors.push(...nameIsDNSSubdomain(pvName, false).map((m) => invalid('spec.source.persistentVolumeName', pvName, m)));
  return errors;
}

/** Upstream strategy ValidateUpdate: the common rules, then ValidateVolumeAttachmentUpdate (which repeats them); the spec is read-only. */
export function validateVolumeAttachmentUpdate(va: VolumeAttachment, old: VolumeAttachment): FieldError[] {
  const errors = [...validateVolumeAttachmentCommon(va), ...validateObjectMetaUpdate(va.metadata, old.metadata), ...validateVolumeAttachmentCommon(va)];
  if (canonicalJson(va.spec) !== canonicalJson(old.spec)) errors.push(invalid('spec', va.spec, 'field is immutable'));
  return errors;
}

/** Source defaults of an inline PV spec (upstream's generated defaulters reach into it). */
function defaultVolumeAttachment(va: VolumeAttachment): void {
  const inline = va.spec?.source?.inlineVolumeSpec;
  if (inline) defaultPersistentVolumeSource(inline);
}

/** Upstream printVolumeAttachment's columns. */
export const volumeAttachmentColumns: TableColumn<VolumeAttachment>[] = [
  nameColumn(),
  { definition: columnDefinition('Attacher', 'string', 'attacher indicates the name of the volume driver that MUST handle this request.', { format: 'name' }), cell: (va) => va.spec?.attacher ?? '' },
  { definition: columnDefinition('PV', 'string', 'persistentVolumeName represents the name of the persistent volume to attach.'), cell: (va) => va.spec?.source?.persistentVolumeName ?? '' },
  { definition: columnDefinition('Node', 'string', 'nodeName represents the node that the volume should be attached to.'), cell: (va) => va.spec?.nodeName ?? '' },
  { definition: columnDefinition('Attached', 'boolean', 'attached indicates the volume is successfully attached.'), cell: (va) => va.status?.attached ?? false },
  ageColumn(),
];

/** The VolumeAttachment resource: `volumeattachments`, subresource `status`; delete returns the object. */
export const volumeAttachmentDefinition: ResourceDefinition<VolumeAttachment> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'VolumeAttachment',
  listKind: 'VolumeAttachmentList',
  resource: 'volumeattachments',
  singular: 'volumeattachment',
  namespaced: false,
  schema: VolumeAttachmentSchema,
  definitionName: `${STORAGE_V1}.VolumeAttachment`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource<VolumeAttachment>({ validateUpdate: validateVolumeAttachmentUpdate })],
  defaults: defaultVolumeAttachment,
  strategy: {
    // Only the attacher sets status; a new attachment starts unattached (Go serializes the zero status).
    prepareForCreate: (va) => {
      va.status = { attached: false };
    },
    validate: validateVolumeAttachment,
    validateUpdate: validateVolumeAttachmentUpdate,
  },
  tableColumns: volumeAttachmentColumns,
  deleteReturnsObject: true,
};
