// Secret (core v1, namespaced; 3-resources "Secret"): schema, defaults (type Opaque, stringData
// folded into data), validation (secret-validation.ts), `type` field selector and the table.
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { entriesOf } from './data-maps.js';
import { SecretType, validateSecret, validateSecretUpdate } from './secret-validation.js';

import { SecretSchema, type Secret } from './schemas.generated.js';

export { SecretSchema, type Secret };

/**
 * Fold the write-only `stringData` into `data` (base64 of its UTF-8 bytes), its keys overriding
 * existing ones, and drop it: upstream does this when decoding v1 into the internal type, so it
 * happens before admission, validation and storage, and `stringData` is never stored or returned.
 */
export function mergeStringData(secret: Secret): void {
  const stringData = secret.stringData;
  delete secret.stringData;
  const entries = entriesOf(stringData);
  if (entries.length === 0) return;
  const data = (secret.data ??= {});
  for (const [key, value] of entries) data[key] = Buffer.from(value, 'utf8').toString('base64');
}

/** upstream SetDefaults_Secret (type `Opaque`) and the stringData conversion. */
export function defaultSecret(secret: Secret): void {
  mergeStringData(secret);
  if (!secret.type) secret.type = SecretType.Opaque;
}

const typeColumn: TableColumn<Secret> = {
  definition: columnDefinition('Type', 'string', 'Type of the secret, used for programmatic handling of its data.'),
  cell: (secret) => secret.type ?? '',
};

const dataColumn: TableColumn<Secret> = {
  definition: columnDefinition('Data', 'string', 'Number of keys in data.'),
  cell: (secret) => entriesOf(secret.data).length,
};

/** The Secret resource: `secrets`, every verb, field selector `type`. */
export const secretDefinition: ResourceDefinition<Secret> = {
  group: '',
  version: 'v1',
  kind: 'Secret',
  listKind: 'SecretList',
  resource: 'secrets',
  singular: 'secret',
  namespaced: true,
  schema: SecretSchema,
  definitionName: `${CORE_V1}.Secret`,
  verbs: ALL_VERBS,
  defaults: defaultSecret,
  strategy: {
    validate: validateSecret,
    validateUpdate: validateSecretUpdate,
  },
  tableColumns: [nameColumn(), typeColumn, dataColumn, ageColumn()],
  fieldSelectors: {
    type: (secret) => secret.type ?? '',
  },
};
