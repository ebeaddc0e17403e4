// StorageClass (storage.k8s.io/v1, cluster-scoped; 3-resources "StorageClass"): defaults (reclaim
// policy Delete, binding mode Immediate), validation as upstream 1.25 ValidateStorageClass /
// ValidateStorageClassUpdate, and the table, whose Name cell marks the default class "(default)"
// (upstream's server-side printer does it, not kubectl).
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { duplicate, forbidden, invalid, notSupported, required, tooLong, type FieldError } from '../../../errors/field-errors.js';
import { isQualifiedName, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import type { ObjectMeta } from '../../meta/v1/types.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { validateTopologySelectorTerm } from '../../core/v1/node-selector.js';
import type { TopologySelectorTerm } from '../../core/v1/schemas.generated.js';
import { StorageClassSchema, type StorageClass } from './schemas.generated.js';
import { STORAGE_V1, validateImmutableField } from './storage-meta.js';

export { StorageClassSchema, type StorageClass };

const MAX_PARAMETERS = 512;
const MAX_PARAMETERS_SIZE = 256 * 1024;
const RECLAIM_POLICIES = ['Delete', 'Retain'];
const BINDING_MODES = ['Immediate', 'WaitForFirstConsumer'];

/** The annotations that mark the cluster's default class (GA and beta). */
export const DEFAULT_CLASS_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];

/** Upstream SetDefaults_StorageClass. */
export function defaultStorageClass(sc: StorageClass): void {
  sc.reclaimPolicy ??= 'Delete';
  sc.volumeBindingMode ??= 'Immediate';
}

/** At most 512 parameters, no empty key, keys and values at most 256 KiB together. */
function validateParameters(params: Record<string, string> | undefined): FieldError[] {
  const entries = Object.entries(params ?? {});
  if (entries.length > MAX_PARAMETERS) return [tooLong('parameters', '', MAX_PARAMETERS)];
  const errors: FieldError[] = [];
  let size = 0;
  for (const [key, value] of entries) {
    if (key.length < 1) errors.push(invalid('parameters', key, 'field can not be empty.'));
    size += Buffer.byteLength(key) + Buffer.byteLength(value);
  }
  if (size > MAX_PARAMETERS_SIZE) errors.push(tooLong('parameters', '', MAX_PARAMETERS_SIZE));
  return errors;
}

/** Terms valid; a term with the same expressions as an earlier one (or none at all, as upstream) is a duplicate. */
function validateAllowedTopologies(terms: readonly TopologySelectorTerm[] | undefined): FieldError[] {
  if (!terms?.length) return [];
  const errors: FieldError[] = [];
  const seen: string[] = [];
  const key = (m: Map<string, Set<string>>): string => canonicalJson(Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()])));
  terms.forEach((term, i) => {
    const result = validateTopologySelectorTerm(term, `allowedTopologies[${i}]`);
    errors.push(...result.errors);
    const mine = key(result.expressions);
    // Upstream compares against a list that starts with one empty map per term.
    if (result.expressions.size === 0 || seen.includes(mine)) errors.push(duplicate(`allowedTopologies[${i}].matchLabelExpressions`, ''));
    seen.push(mine);
  });
  return errors;
}

/** Upstream ValidateStorageClass. */
export function validateStorageClass(sc: StorageClass): FieldError[] {
  const errors = validateObjectMeta(sc.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  const provisioner = sc.provisioner ?? '';
  if (!provisioner) errors.push(required('provisioner'));
  else errors.push(...isQualifiedName(provisioner.toLowerCase()).map((m) => invalid('provisioner', provisioner.toLowerCase(), m)));
  errors.push(...validateParameters(sc.parameters));
  if (sc.reclaimPolicy && !RECLAIM_POLICIES.includes(sc.reclaimPolicy)) errors.push(notSupported('reclaimPolicy', sc.reclaimPolicy, RECLAIM_POLICIES));
  if (sc.volumeBindingMode === undefined) errors.push(required('volumeBindingMode'));
  else if (!BINDING_MODES.includes(sc.volumeBindingMode)) errors.push(notSupported('volumeBindingMode', sc.volumeBindingMode, BINDING_MODES));
  errors.push(...validateAllowedTopologies(sc.allowedTopologies));
  return errors;
}

/** Upstream strategy ValidateUpdate: the create rules, then parameters, provisioner, reclaim policy and binding mode fixed. */
export function validateStorageClassUpdate(sc: StorageClass, old: StorageClass): FieldError[] {
  const errors = [...validateStorageClass(sc), ...validateObjectMetaUpdate(sc.metadata, old.metadata)];
  if (canonicalJson(sc.parameters) !== canonicalJson(old.parameters)) errors.push(forbidden('parameters', 'updates to parameters are forbidden.'));
  if ((sc.provisioner ?? '') !== (old.provisioner ?? '')) errors.push(forbidden('provisioner', 'updates to provisioner are forbidden.'));
  if ((sc.reclaimPolicy ?? '') !== (old.reclaimPolicy ?? '')) errors.push(forbidden('reclaimPolicy', 'updates to reclaimPolicy are forbidden.'));
  errors.push(...validateImmutableField(sc.volumeBindingMode, old.volumeBindingMode, 'volumeBindingMode'));
  return errors;
}

/** Upstream IsDefaultAnnotation: either annotation set to "true". */
export const isDefaultClass = (meta: ObjectMeta): boolean => DEFAULT_CLASS_ANNOTATIONS.some((a) => meta.annotations?.[a] === 'true');

const nameWithDefault: TableColumn<StorageClass> = {
  definition: nameColumn<StorageClass>().definition,
  cell: (sc) => `${sc.metadata.name ?? ''}${isDefaultClass(sc.metadata) ? ' (default)' : ''}`,
};

/** Upstream printStorageClass's columns. */
export const storageClassColumns: TableColumn<StorageClass>[] = [
  nameWithDefault,
  { definition: columnDefinition('Provisioner', 'string', 'provisioner indicates the type of the provisioner.'), cell: (sc) => sc.provisioner ?? '' },
  { definition: columnDefinition('ReclaimPolicy', 'string', 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class.'), cell: (sc) => sc.reclaimPolicy ?? 'Delete' },
  { definition: columnDefinition('VolumeBindingMode', 'string', 'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.'), cell: (sc) => sc.volumeBindingMode ?? 'Immediate' },
  { definition: columnDefinition('AllowVolumeExpansion', 'string', 'allowVolumeExpansion shows whether the storage class allow volume expand.'), cell: (sc) => sc.allowVolumeExpansion ?? false },
  ageColumn(),
];

/** The StorageClass resource: `storageclasses`, short name `sc`; delete returns the object. */
export const storageClassDefinition: ResourceDefinition<StorageClass> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'StorageClass',
  listKind: 'StorageClassList',
  resource: 'storageclasses',
  singular: 'storageclass',
  shortNames: ['sc'],
  namespaced: false,
  schema: StorageClassSchema,
  definitionName: `${STORAGE_V1}.StorageClass`,
  verbs: ALL_VERBS,
  defaults: defaultStorageClass,
  strategy: { validate: validateStorageClass, validateUpdate: validateStorageClassUpdate },
  tableColumns: storageClassColumns,
  deleteReturnsObject: true,
};
