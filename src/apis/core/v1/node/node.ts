// Node (core v1, cluster-scoped; 3-resources "Node"): the definition, with the `status` and `proxy`
// subresources, the `spec.unschedulable` field selector and the table of upstream's printNode.
import { ALL_VERBS, type ResourceDefinition } from '../../../../registry/resource-definition.js';
import { statusSubresource } from '../../../../registry/subresource.js';
import { CORE_V1 } from '../object-reference.js';
import { NodeSchema, type Node } from '../schemas.generated.js';
import { nodeProxySubresource } from './proxy.js';
import { defaultNode, nodeStrategy, prepareNodeForStatusUpdate } from './strategy.js';
import { nodeColumns } from './table.js';
import { validateNodeUpdate } from './validation.js';

export { NodeSchema, type Node };

/** The Node resource: `nodes`, short name `no`, subresources `status` and `proxy`. */
export const nodeDefinition: ResourceDefinition<Node> = {
  group: '',
  version: 'v1',
  kind: 'Node',
  listKind: 'NodeList',
  resource: 'nodes',
  singular: 'node',
  shortNames: ['no'],
  namespaced: false,
  schema: NodeSchema,
  definitionName: `${CORE_V1}.Node`,
  verbs: ALL_VERBS,
  subresources: [statusSubresource({ prepareForUpdate: prepareNodeForStatusUpdate, validateUpdate: validateNodeUpdate }), nodeProxySubresource],
  defaults: defaultNode,
  strategy: nodeStrategy,
  tableColumns: nodeColumns,
  fieldSelectors: {
    // upstream NodeToSelectableFields: fmt.Sprint of the boolean.
    'spec.unschedulable': (node) => String(node.spec?.unschedulable ?? false),
  },
};
