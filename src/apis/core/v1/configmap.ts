// ConfigMap (core v1, namespaced; 3-resources "ConfigMap"): schema, validation as upstream
// ValidateConfigMap / ValidateConfigMapUpdate, and the `kubectl get` table.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, type FieldError } from '../../../errors/field-errors.js';
import { isConfigMapKey, nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { MAX_SECRET_SIZE, dataTooLong, decodedLength, entriesOf, utf8Length } from './data-maps.js';
import { validateImmutableData } from './immutable.js';

import { ConfigMapSchema, type ConfigMap } from './schemas.generated.js';

export { ConfigMapSchema, type ConfigMap };

/** Key errors of one data map: each key must be a valid config key (`[-._a-zA-Z0-9]+`, at most 253). */
function validateKeys(map: Record<string, string> | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key] of entriesOf(map)) {
    for (const message of isConfigMapKey(key)) errors.push(invalid(`${field}[${key}]`, key, message));
  }
  return errors;
}

/** upstream ValidateConfigMap: metadata (names are DNS subdomains), keys, overlap, total size. */
export function validateConfigMap(cm: ConfigMap): FieldError[] {
  const errors = validateObjectMeta(cm.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  errors.push(...validateKeys(cm.data, 'data'));
  const binary = cm.binaryData ?? {};
  let totalSize = 0;
  for (const [key, value] of entriesOf(cm.data)) {
    if (Object.hasOwn(binary, key)) errors.push(invalid(`data[${key}]`, key, 'duplicate of key present in binaryData'));
    totalSize += utf8Length(value);
  }
  errors.push(...validateKeys(cm.binaryData, 'binaryData'));
  for (const [, value] of entriesOf(cm.binaryData)) totalSize += decodedLength(value);
  // The empty field path: the error concerns the whole object.
  if (totalSize > MAX_SECRET_SIZE) errors.push(dataTooLong(''));
  return errors;
}

/** upstream ValidateConfigMapUpdate: metadata update rules, the `immutable` rule, then the create rules. */
export function validateConfigMapUpdate(cm: ConfigMap, old: ConfigMap): FieldError[] {
  return [
    ...validateObjectMetaUpdate(cm.metadata, old.metadata),
    ...validateImmutableData(cm, old, ['data', 'binaryData']),
    ...validateConfigMap(cm),
  ];
}

/** `Data`: the number of keys in data and binaryData. */
const dataColumn: TableColumn<ConfigMap> = {
  definition: columnDefinition('Data', 'string', 'Number of keys in data and binaryData.'),
  cell: (cm) => entriesOf(cm.data).length + entriesOf(cm.binaryData).length,
};

/** The ConfigMap resource: `configmaps`, short name `cm`, every verb, no subresources. */
export const configMapDefinition: ResourceDefinition<ConfigMap> = {
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  listKind: 'ConfigMapList',
  resource: 'configmaps',
  singular: 'configmap',
  shortNames: ['cm'],
  namespaced: true,
  schema: ConfigMapSchema,
  definitionName: `${CORE_V1}.ConfigMap`,
  verbs: ALL_VERBS,
  strategy: {
    validate: validateConfigMap,
    validateUpdate: validateConfigMapUpdate,
  },
  tableColumns: [nameColumn(), dataColumn, ageColumn()],
};
