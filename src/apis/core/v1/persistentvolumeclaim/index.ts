// PersistentVolumeClaim (core v1, namespaced; 3-resources "PersistentVolumeClaim"): schema, defaults,
// strategies (strategy.ts), validation (validation.ts), the table and the `name` field selector.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { CORE_V1 } from '../object-reference.js';
import { accessModesString, storageClassOf } from '../storage-printing.js';
import { PersistentVolumeClaimSchema, type PersistentVolumeClaim } from '../schemas.generated.js';
import {
  defaultPersistentVolumeClaim, preparePersistentVolumeClaimForCreate, preparePersistentVolumeClaimForStatusUpdate, preparePersistentVolumeClaimForUpdate,
} from './strategy.js';
import { validatePersistentVolumeClaim, validatePersistentVolumeClaimStatusUpdate, validatePersistentVolumeClaimUpdate } from './validation.js';

export { PersistentVolumeClaimSchema, type PersistentVolumeClaim };

const cell = (name: string, description: string, priority = 0): TableColumn<PersistentVolumeClaim>['definition'] =>
  columnDefinition(name, 'string', description, { priority });

/** Capacity and access modes come from status, and only once the claim names a volume. */
const bound = (pvc: PersistentVolumeClaim): boolean => Boolean(pvc.spec?.volumeName);

/** Upstream printPersistentVolumeClaim's columns. */
export const persistentVolumeClaimColumns: TableColumn<PersistentVolumeClaim>[] = [
  nameColumn(),
  { definition: cell('Status', 'phase represents the current phase of PersistentVolumeClaim.'), cell: (pvc) => (pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? '')) },
  { definition: cell('Volume', 'volumeName is the binding reference to the PersistentVolume backing this claim.'), cell: (pvc) => pvc.spec?.volumeName ?? '' },
  { definition: cell('Capacity', 'capacity represents the actual resources of the underlying volume.'), cell: (pvc) => (bound(pvc) ? (pvc.status?.capacity?.['storage'] ?? '0') : '') },
  { definition: cell('Access Modes', 'accessModes contains the actual access modes the volume backing the PVC has.'), cell: (pvc) => (bound(pvc) ? accessModesString(pvc.status?.accessModes) : '') },
  { definition: cell('StorageClass', 'StorageClass of the pvc'), cell: (pvc) => storageClassOf(pvc.metadata, pvc.spec?.storageClassName) },
  ageColumn(),
  { definition: cell('VolumeMode', 'volumeMode defines what type of volume is required by the claim.', 1), cell: (pvc) => pvc.spec?.volumeMode ?? '<unset>' },
];

/** The PersistentVolumeClaim resource: `persistentvolumeclaims`, short name `pvc`, subresource `status`; delete returns the object. */
export const persistentVolumeClaimDefinition: ResourceDefinition<PersistentVolumeClaim> = {
  group: '',
  version: 'v1',
  kind: 'PersistentVolumeClaim',
  listKind: 'PersistentVolumeClaimList',
  resource: 'persistentvolumeclaims',
  singular: 'persistentvolumeclaim',
  shortNames: ['pvc'],
  namespaced: true,
  schema: PersistentVolumeClaimSchema,
  definitionName: `${CORE_V1}.PersistentVolumeClaim`,
  verbs: ALL_VERBS,
  subresources: [
    statusSubresource<PersistentVolumeClaim>({ prepareForUpdate: preparePersistentVolumeClaimForStatusUpdate, validateUpdate: validatePersistentVolumeClaimStatusUpdate }),
  ],
  defaults: defaultPersistentVolumeClaim,
  strategy: {
    prepareForCreate: preparePersistentVolumeClaimForCreate,
    validate: validatePersistentVolumeClaim,
    prepareForUpdate: preparePersistentVolumeClaimForUpdate,
    validateUpdate: validatePersistentVolumeClaimUpdate,
  },
  tableColumns: persistentVolumeClaimColumns,
  // upstream PersistentVolumeClaimToSelectableFields keeps a legacy `name` field.
  fieldSelectors: { name: (pvc) => pvc.metadata.name ?? '' },
  deleteReturnsObject: true,
};
