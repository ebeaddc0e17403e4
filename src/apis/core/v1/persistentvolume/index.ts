// PersistentVolume (core v1, cluster-scoped; 3-resources "PersistentVolume"): defaults (upstream
// SetDefaults_PersistentVolume and the source defaults), the strategy of the main resource and of
// `status` (upstream pkg/registry/core/persistentvolume), the table and the `name` field selector.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { CORE_V1 } from '../object-reference.js';
import { accessModesString, storageClassOf } from '../storage-printing.js';
import { defaultPersistentVolumeSource } from '../volumes/index.js';
import { PersistentVolumeSchema, type PersistentVolume, type PersistentVolumeSpec } from '../schemas.generated.js';
import { validatePersistentVolume, validatePersistentVolumeStatusUpdate, validatePersistentVolumeUpdate } from './validation.js';

export { PersistentVolumeSchema, type PersistentVolume };
export { validatePersistentVolumeSpec, validateBasicResource } from './validation.js';

/** Upstream SetDefaults_PersistentVolume: phase Pending, reclaim policy Retain, volume mode Filesystem. */
export function defaultPersistentVolume(pv: PersistentVolume): void {
  const spec = (pv.spec ??= {});
  spec.persistentVolumeReclaimPolicy ||= 'Retain';
  spec.volumeMode ??= 'Filesystem';
  defaultPersistentVolumeSource(spec);
  const status = (pv.status ??= {});
  status.phase ||= 'Pending';
}

/** nodeExpandSecretRef needs the alpha gate CSINodeExpandSecret (off in 1.25): dropped unless already in use. */
function dropDisabledFields(spec: PersistentVolumeSpec | undefined, old: PersistentVolumeSpec | undefined): void {
  if (spec?.csi?.nodeExpandSecretRef && !old?.csi?.nodeExpandSecretRef) delete spec.csi.nodeExpandSecretRef;
}

/**
 * Create: the client's status is dropped. Upstream's storage answers with the object decoded again,
 * defaults included, so the stored phase reads Pending; we set it here.
 */
export function preparePersistentVolumeForCreate(pv: PersistentVolume): void {
  pv.status = { phase: 'Pending' };
  dropDisabledFields(pv.spec, undefined);
}

const cell = (name: string, description: string, priority = 0): TableColumn<PersistentVolume>['definition'] =>
  columnDefinition(name, 'string', description, { priority });

/** Upstream printPersistentVolume's columns. */
export const persistentVolumeColumns: TableColumn<PersistentVolume>[] = [
  nameColumn(),
  { definition: cell('Capacity', "capacity is the description of the persistent volume's resources and capacity."), cell: (pv) => pv.spec?.capacity?.['storage'] ?? '0' },
  { definition: cell('Access Modes', 'accessModes contains all ways the volume can be mounted.'), cell: (pv) => accessModesString(pv.spec?.accessModes) },
  { definition: cell('Reclaim Policy', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.'), cell: (pv) => pv.spec?.persistentVolumeReclaimPolicy ?? '' },
  { definition: cell('Status', 'phase indicates if a volume is available, bound to a claim, or released by a claim.'), cell: (pv) => (pv.metadata.deletionTimestamp ? 'Terminating' : (pv.status?.phase ?? '')) },
  {
    definition: cell('Claim', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim.'),
    cell: (pv) => (pv.spec?.claimRef ? `${pv.spec.claimRef.namespace ?? ''}/${pv.spec.claimRef.name ?? ''}` : ''),
  },
  { definition: cell('StorageClass', 'StorageClass of the pv'), cell: (pv) => storageClassOf(pv.metadata, pv.spec?.storageClassName) },
  { definition: cell('Reason', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'), cell: (pv) => pv.status?.reason ?? '' },
  ageColumn(),
  { definition: cell('VolumeMode', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.', 1), cell: (pv) => pv.spec?.volumeMode ?? '<unset>' },
];

/** The PersistentVolume resource: `persistentvolumes`, short name `pv`, subresource `status`; delete returns the object. */
export const persistentVolumeDefinition: ResourceDefinition<PersistentVolume> = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolume',
  listKind: 'PersistentVolumeList',
  resource: 'persistentvolumes',
  singular: 'persistentvolume',
  shortNames: ['pv'],
  namespaced: false,
  schema: PersistentVolumeSchema,
  definitionName: `${CORE_V1}.PersistentVolume`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource<PersistentVolume>({ validateUpdate: validatePersistentVolumeStatusUpdate })],
  defaults: defaultPersistentVolume,
  strategy: {
    prepareForCreate: preparePersistentVolumeForCreate,
    validate: validatePersistentVolume,
    prepareForUpdate: (pv, old) => dropDisabledFields(pv.spec, old.spec),
    validateUpdate: validatePersistentVolumeUpdate,
  },
  tableColumns: persistentVolumeColumns,
  // upstream PersistentVolumeToSelectableFields keeps a legacy `name` field.
  fieldSelectors: { name: (pv) => pv.metadata.name ?? '' },
  deleteReturnsObject: true,
};
