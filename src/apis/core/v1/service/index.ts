// Service (core v1, namespaced): schema, defaults, validation, strategy, the `kubectl get` table, and
// the status and proxy subresources. Cluster IPs and node ports are allocated by the store decorator in
// registry/core/service/ (storage-backed allocators, as upstream's service REST layer).
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { keepAllButStatus, statusSubresource } from '../../../../registry/subresource.js';
import { CORE_V1 } from '../object-reference.js';
import { ServiceSchema } from '../schemas.generated.js';
import { defaultService } from './defaults.js';
import type { Service } from './helpers.js';
import { serviceProxySubresource } from './proxy.js';
import { prepareServiceForCreate, prepareServiceForUpdate } from './strategy.js';
import { serviceColumns } from './table.js';
import { validateService, validateServiceStatusUpdate, validateServiceUpdate } from './validation.js';

export { ServiceSchema, type Service };
export { defaultService } from './defaults.js';
export { normalizeClusterIPs, patchAllocatedValues } from './strategy.js';
export { validateClusterIPsRelatedFields } from './cluster-ips.js';
export * from './helpers.js';

/**
 * The Service resource: `services`, short name `svc`, category `all`; DELETE returns the object, as
 * upstream's service storage does. Stored under `/registry/services/specs/`, kube-apiserver's layout.
 */
export const serviceDefinition: ResourceDefinition<Service> = {
  group: '',
  version: 'v1',
  kind: 'Service',
  listKind: 'ServiceList',
  resource: 'services',
  singular: 'service',
  shortNames: ['svc'],
  categories: ['all'],
  namespaced: true,
  schema: ServiceSchema,
  definitionName: `${CORE_V1}.Service`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource<Service>({ prepareForUpdate: keepAllButStatus, validateUpdate: validateServiceStatusUpdate }), serviceProxySubresource],
  defaults: defaultService,
  strategy: {
    prepareForCreate: prepareServiceForCreate,
    validate: validateService,
    prepareForUpdate: prepareServiceForUpdate,
    validateUpdate: validateServiceUpdate,
  },
  tableColumns: serviceColumns,
  storage: { resourcePath: 'services/specs' },
  deleteReturnsObject: true,
};
