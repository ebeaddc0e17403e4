// CSIStorageCapacity (storage.k8s.io/v1, namespaced; 3-resources "CSIStorageCapacity"): validation as
// upstream 1.25 ValidateCSIStorageCapacity / ValidateCSIStorageCapacityUpdate (storageClassName and
// nodeTopology immutable) and the table. The deprecated v1beta1 serves the same storage
// (../v1beta1/csistoragecapacity.ts); v1 is the stored form.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { columnDefinition, nameColumn } from '../../printers/columns.js';
import { validateLabelSelector } from '../../../registry/selectors/label-selector-object.js';
import { quantitySign } from '../../../schema/quantity-value.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { CSIStorageCapacityListSchema, CSIStorageCapacitySchema, type CSIStorageCapacity } from './schemas.generated.js';
import { STORAGE_V1 } from './storage-meta.js';

export { CSIStorageCapacitySchema, type CSIStorageCapacity };

/** Upstream ValidateCSIStorageCapacity. */
export function validateCSIStorageCapacity(capacity: CSIStorageCapacity): FieldError[] {
  const errors = validateObjectMeta(capacity.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  errors.push(...validateLabelSelector(capacity.nodeTopology, 'nodeTopology'));
  const className = capacity.storageClassName ?? '';
  errors.push(...nameIsDNSSubdomain(className, false).map((m) => invalid('storageClassName', className, m)));
  if (capacity.capacity !== undefined && quantitySign(capacity.capacity) < 0) errors.push(invalid('capacity', capacity.capacity, 'must be greater than or equal to 0'));
  return errors;
}

/** Upstream strategy ValidateUpdate: the create rules, metadata update rules, then the two immutable inputs. */
export function validateCSIStorageCapacityUpdate(capacity: CSIStorageCapacity, old: CSIStorageCapacity): FieldError[] {
  const errors = [...validateCSIStorageCapacity(capacity), ...validateObjectMetaUpdate(capacity.metadata, old.metadata)];
  if (canonicalJson(capacity.nodeTopology) !== canonicalJson(old.nodeTopology)) errors.push(invalid('nodeTopology', capacity.nodeTopology ?? null, 'field is immutable'));
  if ((capacity.storageClassName ?? '') !== (old.storageClassName ?? '')) errors.push(invalid('storageClassName', capacity.storageClassName ?? '', 'field is immutable'));
  return errors;
}

/** Upstream printCSIStorageCapacity's columns (no Age). */
export const csiStorageCapacityColumns: TableColumn<CSIStorageCapacity>[] = [
  nameColumn(),
  { definition: columnDefinition('StorageClassName', 'string', 'The name of the StorageClass that the reported capacity applies to.'), cell: (c) => c.storageClassName ?? '' },
  { definition: columnDefinition('Capacity', 'string', 'Capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest.'), cell: (c) => c.capacity ?? '<unset>' },
];

/** The CSIStorageCapacity resource: `csistoragecapacities`, the stored version. */
export const csiStorageCapacityDefinition: ResourceDefinition<CSIStorageCapacity> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'CSIStorageCapacity',
  listKind: 'CSIStorageCapacityList',
  resource: 'csistoragecapacities',
  singular: 'csistoragecapacity',
  namespaced: true,
  schema: CSIStorageCapacitySchema,
  listSchema: CSIStorageCapacityListSchema,
  definitionName: `${STORAGE_V1}.CSIStorageCapacity`,
  verbs: ALL_VERBS,
  strategy: { validate: validateCSIStorageCapacity, validateUpdate: validateCSIStorageCapacityUpdate },
  tableColumns: csiStorageCapacityColumns,
  storage: { resourcePath: 'storage.k8s.io/csistoragecapacities' },
};
