// PriorityLevelConfiguration (flowcontrol.apiserver.k8s.io/v1beta2, the storage version;
// cluster-scoped; 3-resources "PriorityLevelConfiguration"): defaults, validation, strategies of the
// resource and of `status`, and the table (upstream printPriorityLevelConfiguration).
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { defaultPriorityLevelConfiguration } from './defaults.js';
import { validatePriorityLevelConfiguration, validatePriorityLevelConfigurationStatusUpdate } from './prioritylevel-validation.js';
import { PriorityLevelConfigurationSchema, type PriorityLevelConfiguration } from './schemas.generated.js';
import { clearStatus, flowcontrolStatus, keepMetadataAndSpec } from './status-strategy.js';

export { PriorityLevelConfigurationSchema, type PriorityLevelConfiguration };

type PL = PriorityLevelConfiguration;
const NONE = '<none>';

const column = (name: string, description: string, cell: (pl: PL) => unknown): TableColumn<PL> => ({ definition: columnDefinition(name, 'string', description), cell });
/** A queuing number, `<none>` for Exempt levels and levels that reject. */
const queuingColumn = (name: string, field: 'queues' | 'handSize' | 'queueLengthLimit', description: string): TableColumn<PL> =>
  column(name, description, (pl) => (pl.spec?.limited?.limitResponse?.queuing ? (pl.spec.limited.limitResponse.queuing[field] ?? 0) : NONE));

/** The table every served version shares: NAME TYPE ASSUREDCONCURRENCYSHARES QUEUES HANDSIZE QUEUELENGTHLIMIT AGE. */
export const priorityLevelTableColumns = (): TableColumn<PL>[] => [
  nameColumn(),
  column('Type', 'type indicates whether this priority level is subject to limitation on request execution.', (pl) => pl.spec?.type ?? ''),
  column('AssuredConcurrencyShares', 'assuredConcurrencyShares (ACS) configures the execution limit.', (pl) => (pl.spec?.limited ? (pl.spec.limited.assuredConcurrencyShares ?? 0) : NONE)),
  queuingColumn('Queues', 'queues', 'queues is the number of queues for this priority level.'),
  queuingColumn('HandSize', 'handSize', 'handSize is a small positive number that configures the shuffle sharding of requests into queues.'),
  queuingColumn('QueueLengthLimit', 'queueLengthLimit', 'queueLengthLimit is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time.'),
  ageColumn(),
];

/** The parts both served versions share (they differ only in apiVersion). */
export const priorityLevelBehaviour = {
  kind: 'PriorityLevelConfiguration',
  listKind: 'PriorityLevelConfigurationList',
  resource: 'prioritylevelconfigurations',
  singular: 'prioritylevelconfiguration',
  namespaced: false,
  verbs: ALL_VERBS,
  subresources: [flowcontrolStatus(statusSubresource<PL>({ prepareForUpdate: keepMetadataAndSpec, validateUpdate: validatePriorityLevelConfigurationStatusUpdate }))],
  defaults: defaultPriorityLevelConfiguration,
  strategy: {
    prepareForCreate: clearStatus,
    validate: validatePriorityLevelConfiguration,
    validateUpdate: validatePriorityLevelConfiguration,
    tracksGeneration: true,
  },
  tableColumns: priorityLevelTableColumns(),
} satisfies Partial<ResourceDefinition<PL>>;

/** PriorityLevelConfiguration v1beta2: every verb, `status`, no short name; stored under `/registry/prioritylevelconfigurations/`. */
export const priorityLevelConfigurationDefinition: ResourceDefinition<PL> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta2',
  ...priorityLevelBehaviour,
  schema: PriorityLevelConfigurationSchema,
  definitionName: 'io.k8s.api.flowcontrol.v1beta2.PriorityLevelConfiguration',
  storage: { resourcePath: 'prioritylevelconfigurations' },
};
