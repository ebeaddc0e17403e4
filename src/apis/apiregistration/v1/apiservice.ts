// APIService (apiregistration.k8s.io/v1, cluster-scoped; 3-resources "APIService"): defaults, the
// strategies of the resource and of `status` (kube-aggregator's apiservice strategy), and its table.
// Local APIServices (no service) are marked Available at create, as upstream's PrepareForCreate does.
// Table: `tableColumns` is the full column list, Name included, as kube-aggregator's ConvertToTable defines it.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { statusSubresource } from '../../../registry/subresource.js';
import { nowTimestamp } from '../../meta/v1/time.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { validateAPIService, validateAPIServiceStatusUpdate, validateAPIServiceUpdate } from './apiservice-validation.js';
import { APIServiceSchema, type APIService, type APIServiceCondition } from './schemas.generated.js';

export { APIServiceSchema, type APIService, type APIServiceCondition };

const APIREGISTRATION_V1 = 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1';

/** The port a service reference defaults to (upstream SetDefaults_ServiceReference). */
export const DEFAULT_SERVICE_PORT = 443;

/** upstream SetDefaults_ServiceReference: port 443. */
export function defaultAPIService(apiService: APIService): void {
  const service = apiService.spec?.service;
  if (service && service.port === undefined) service.port = DEFAULT_SERVICE_PORT;
}

/** The condition local APIServices carry (upstream NewLocalAvailableAPIServiceCondition). */
export function localAvailableCondition(now: Date): APIServiceCondition {
  return {
    type: 'Available',
    status: 'True',
    lastTransitionTime: nowTimestamp(now),
    reason: 'Local',
    message: 'Local APIServices are always available',
  };
}

/** Create: status is derived, so the client's is dropped; a local APIService is Available at once. */
export function prepareAPIServiceForCreate(apiService: APIService): void {
  apiService.status = {};
  if (!apiService.spec?.service) apiService.status.conditions = [localAvailableCondition(new Date())];
}

/** Status update: spec, labels, annotations, finalizers and owner references stay as they were. */
export function prepareAPIServiceForStatusUpdate(apiService: APIService, old: APIService): void {
  if (old.spec === undefined) delete apiService.spec;
  else apiService.spec = old.spec;
  const meta = apiService.metadata;
  for (const key of ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const) {
    const value = old.metadata[key];
    if (value === undefined) delete meta[key];
    else (meta as Record<string, unknown>)[key] = value;
  }
}

/** `Service`: `<namespace>/<name>`, or `Local` when served by this server. */
const serviceColumn: TableColumn<APIService> = {
  definition: columnDefinition('Service', 'string', 'The reference to the service that hosts this API endpoint.'),
  cell: (s) => (s.spec?.service ? `${s.spec.service.namespace ?? ''}/${s.spec.service.name ?? ''}` : 'Local'),
};

/** `Available`: the Available condition's status, with its reason when not True; `Unknown` without one. */
const availableColumn: TableColumn<APIService> = {
  definition: columnDefinition('Available', 'string', 'Whether this service is available.'),
  cell: (s) => {
    const condition = s.status?.conditions?.find((c) => c.type === 'Available');
    if (!condition) return 'Unknown';
    if (condition.status === 'True' || !condition.reason) return condition.status;
    return `${condition.status} (${condition.reason})`;
  },
};

/** The APIService resource: `apiservices`, every verb, `status`, category `api-extensions`. */
export const apiServiceDefinition: ResourceDefinition<APIService> = {
  group: 'apiregistration.k8s.io',
  version: 'v1',
  kind: 'APIService',
  listKind: 'APIServiceList',
  resource: 'apiservices',
  singular: 'apiservice',
  categories: ['api-extensions'],
  namespaced: false,
  schema: APIServiceSchema,
  definitionName: `${APIREGISTRATION_V1}.APIService`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource<APIService>({ prepareForUpdate: prepareAPIServiceForStatusUpdate, validateUpdate: validateAPIServiceStatusUpdate })],
  defaults: defaultAPIService,
  strategy: {
    prepareForCreate: prepareAPIServiceForCreate,
    validate: validateAPIService,
    validateUpdate: validateAPIServiceUpdate,
  },
  tableColumns: [nameColumn(), serviceColumn, availableColumn, ageColumn()],
  storage: { resourcePath: 'apiregistration.k8s.io/apiservices' },
};
