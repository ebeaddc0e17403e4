// ComponentStatus (core v1, cluster-scoped, deprecated since 1.19; 3-resources "ComponentStatus"):
// only get and list, computed on each request by probing the components (store.ts, probes.ts) instead
// of stored; which components exist is the server's to say (server/component-statuses.ts). Every
// request carries upstream's deprecation warning.
import type { ResourceDefinition } from '../../../../registry/resource-definition.js';
import { columnDefinition, nameColumn } from '../../../printers/columns.js';
import { CORE_V1 } from '../object-reference.js';
import { ComponentStatusSchema, type ComponentStatus } from '../schemas.generated.js';

export { ComponentStatusSchema, type ComponentStatus };

/** The Healthy condition's cells as upstream's printComponentStatus shows them. */
export function componentCells(cs: ComponentStatus): { status: string; message: string; error: string } {
  const healthy = (cs.conditions ?? []).find((c) => c.type === 'Healthy');
  if (!healthy) return { status: 'Unknown', message: '', error: '' };
  return { status: healthy.status === 'True' ? 'Healthy' : 'Unhealthy', message: healthy.message ?? '', error: healthy.error ?? '' };
}

/** The ComponentStatus resource: `componentstatuses`, short name `cs`, get and list only. */
export const componentStatusDefinition: ResourceDefinition<ComponentStatus> = {
  group: '',
  version: 'v1',
  kind: 'ComponentStatus',
  listKind: 'ComponentStatusList',
  resource: 'componentstatuses',
  singular: 'componentstatus',
  shortNames: ['cs'],
  namespaced: false,
  schema: ComponentStatusSchema,
  definitionName: `${CORE_V1}.ComponentStatus`,
  verbs: ['get', 'list'],
  computed: true,
  deprecation: { deprecated: '1.19' },
  strategy: {},
  tableColumns: [
    nameColumn(),
    { definition: columnDefinition('Status', 'string', 'Status of the component conditions'), cell: (cs) => componentCells(cs).status },
    { definition: columnDefinition('Message', 'string', 'Message of the component conditions'), cell: (cs) => componentCells(cs).message },
    { definition: columnDefinition('Error', 'string', 'Error of the component conditions'), cell: (cs) => componentCells(cs).error },
  ],
};
