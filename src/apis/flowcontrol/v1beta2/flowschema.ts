// FlowSchema (flowcontrol.apiserver.k8s.io/v1beta2, the storage version; cluster-scoped; 3-resources
// "FlowSchema"): defaults, validation, the strategies of the resource (generation tracks spec) and of
// `status`, and the table (upstream printFlowSchema).
// Table: `tableColumns` is the full column list, Name included, as upstream's printers define it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { defaultFlowSchema } from './defaults.js';
import { validateFlowSchema, validateFlowSchemaStatusUpdate } from './flowschema-validation.js';
import { FlowSchemaSchema, type FlowSchema } from './schemas.generated.js';
import { clearStatus, flowcontrolStatus, keepMetadataAndSpec } from './status-strategy.js';

export { FlowSchemaSchema, type FlowSchema };

const column = <T extends FlowSchema>(name: string, description: string, cell: (fs: T) => unknown): TableColumn<T> => ({
  definition: columnDefinition(name, 'string', description),
  cell,
});

/** The columns after Name and before Age. */
const specColumns: TableColumn<FlowSchema>[] = [
  column('PriorityLevel', 'name is the name of the priority level configuration being referenced', (fs) => fs.spec?.priorityLevelConfiguration?.name ?? ''),
  column('MatchingPrecedence', 'matchingPrecedence is used to choose among the FlowSchemas that match a given request.', (fs) => fs.spec?.matchingPrecedence ?? 0),
  column('DistinguisherMethod', 'distinguisherMethod defines how to compute the flow distinguisher for requests that match this schema.', (fs) => fs.spec?.distinguisherMethod?.type ?? '<none>'),
];

/** `MissingPL`: the status of the `Dangling` condition, `?` while there is none. */
const missingPLColumn = column('MissingPL', 'references a broken or non-existent PriorityLevelConfiguration', (fs) => fs.status?.conditions?.find((c) => c.type === 'Dangling')?.status ?? '?');

/** The table every served version shares: NAME PRIORITYLEVEL MATCHINGPRECEDENCE DISTINGUISHERMETHOD AGE MISSINGPL. */
export const flowSchemaTableColumns = (): TableColumn<FlowSchema>[] => [nameColumn(), ...specColumns, ageColumn(), missingPLColumn];

/** The parts both served versions share (they differ only in apiVersion). */
export const flowSchemaBehaviour = {
  kind: 'FlowSchema',
  listKind: 'FlowSchemaList',
  resource: 'flowschemas',
  singular: 'flowschema',
  namespaced: false,
  verbs: ALL_VERBS,
  subresources: [flowcontrolStatus(statusSubresource<FlowSchema>({ prepareForUpdate: keepMetadataAndSpec, validateUpdate: validateFlowSchemaStatusUpdate }))],
  defaults: defaultFlowSchema,
  strategy: {
    prepareForCreate: clearStatus,
    validate: validateFlowSchema,
    validateUpdate: validateFlowSchema,
    tracksGeneration: true,
  },
  tableColumns: flowSchemaTableColumns(),
} satisfies Partial<ResourceDefinition<FlowSchema>>;

/** FlowSchema v1beta2: `flowschemas`, every verb, `status`, no short name; stored under `/registry/flowschemas/`. */
export const flowSchemaDefinition: ResourceDefinition<FlowSchema> = {
  group: 'flowcontrol.apiserver.k8s.io',
  version: 'v1beta2',
  ...flowSchemaBehaviour,
  schema: FlowSchemaSchema,
  definitionName: 'io.k8s.api.flowcontrol.v1beta2.FlowSchema',
  storage: { resourcePath: 'flowschemas' },
};
