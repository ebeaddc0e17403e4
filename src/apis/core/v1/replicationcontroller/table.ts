// The ReplicationController table (upstream printReplicationController): NAME DESIRED CURRENT READY AGE,
// and with `-o wide` CONTAINERS IMAGES SELECTOR.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { containerCells, formatLabels } from '../../../printers/pod-template-cells.js';
import type { ReplicationController } from '../schemas.generated.js';

const containersOf = (rc: ReplicationController) => containerCells(rc.spec?.template?.spec?.containers);

/** The columns of `kubectl get replicationcontrollers`. */
export const replicationControllerColumns: TableColumn<ReplicationController>[] = [
  nameColumn(),
  { definition: columnDefinition('Desired', 'integer', 'Replicas is the number of desired replicas.'), cell: (rc) => rc.spec?.replicas ?? 0 },
  { definition: columnDefinition('Current', 'integer', 'Replicas is the most recently observed number of replicas.'), cell: (rc) => rc.status?.replicas ?? 0 },
  { definition: columnDefinition('Ready', 'integer', 'The number of ready replicas for this replication controller.'), cell: (rc) => rc.status?.readyReplicas ?? 0 },
  ageColumn(),
  { definition: columnDefinition('Containers', 'string', 'Names of each container in the template.', { priority: 1 }), cell: (rc) => containersOf(rc).names },
  { definition: columnDefinition('Images', 'string', 'Images referenced by each container in the template.', { priority: 1 }), cell: (rc) => containersOf(rc).images },
  { definition: columnDefinition('Selector', 'string', 'Selector is a label query over pods that should match the Replicas count.', { priority: 1 }), cell: (rc) => formatLabels(rc.spec?.selector) },
];
