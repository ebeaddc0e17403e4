// Pod (core v1, namespaced; `pods`, short name `po`, category `all`): the definition, assembled from
// the strategies (strategy.ts, graceful-delete.ts), the table (table.ts), the field selectors
// (field-selectors.ts) and the subresources (subresources/): status, binding, eviction,
// ephemeralcontainers, and the connections log, exec, attach, portforward and proxy.
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { statusSubresource, type ObjectSubresource } from '../../../../registry/subresource.js';
import { CORE_V1 } from '../object-reference.js';
import { PodSchema, type Pod } from '../schemas.generated.js';
import { defaultPod } from './defaults.js';
import { podFieldSelectors } from './field-selectors.js';
import {
  podStrategy,
  preparePodForEphemeralContainersUpdate,
  preparePodForStatusUpdate,
  validatePodEphemeralContainersWrite,
  validatePodStatusWrite,
} from './strategy.js';
import { bindingSubresource } from './subresources/binding.js';
import { podConnectSubresources } from './subresources/connect.js';
import { evictionSubresource } from './subresources/eviction.js';
import { podTableColumns } from './table.js';

export { PodSchema, type Pod };

/** `ephemeralcontainers`: only spec.ephemeralContainers changes (upstream ephemeral containers strategy). */
const ephemeralContainersSubresource: ObjectSubresource<Pod> = {
  type: 'object',
  name: 'ephemeralcontainers',
  verbs: ['get', 'patch', 'update'],
  prepareForUpdate: preparePodForEphemeralContainersUpdate,
  validateUpdate: validatePodEphemeralContainersWrite,
  // upstream 1.25: the pod strategy's reset fields (status).
  resetFields: ['status'],
};

/** The Pod resource. */
export const podDefinition: ResourceDefinition<Pod> = {
  group: '',
  version: 'v1',
  kind: 'Pod',
  listKind: 'PodList',
  resource: 'pods',
  singular: 'pod',
  shortNames: ['po'],
  categories: ['all'],
  namespaced: true,
  schema: PodSchema,
  definitionName: `${CORE_V1}.Pod`,
  verbs: ALL_VERBS,
  subresources: [
    // Discovery sorts them by name.
    statusSubresource<Pod>({ prepareForUpdate: preparePodForStatusUpdate, validateUpdate: validatePodStatusWrite }),
    ephemeralContainersSubresource,
    bindingSubresource,
    evictionSubresource,
    ...podConnectSubresources,
  ],
  defaults: defaultPod,
  strategy: podStrategy,
  tableColumns: podTableColumns,
  fieldSelectors: podFieldSelectors,
};
