// The apps tables as kube-apiserver 1.25 renders them for kubectl (upstream printDeployment,
// printReplicaSet, printStatefulSet, printDaemonSet, printControllerRevision). Priority-1 columns are
// the ones `-o wide` adds.
import type { TableColumn } from '../../../registry/resource-definition.js';
import type { KubeObject } from '../../meta/v1/types.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';
import type { PodTemplateSpec } from '../../core/v1/schemas.generated.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { containerCells, formatLabels } from '../../printers/pod-template-cells.js';
import { selectorString } from './validation-common.js';
import type { ControllerRevision, DaemonSet, Deployment, ReplicaSet, StatefulSet } from './schemas.generated.js';

type Templated = KubeObject & { spec?: { template?: PodTemplateSpec; selector?: LabelSelector } };

const integer = (name: string, description: string, cell: TableColumn<never>['cell']) => ({ definition: columnDefinition(name, 'integer', description), cell });

/** upstream metav1.FormatLabelSelector: the selector string, `<none>` when empty, `<error>` when invalid. */
export const formatLabelSelector = (selector: LabelSelector | undefined): string => {
  const text = selectorString(selector);
  return text === undefined ? '<error>' : text === '' ? '<none>' : text;
};

/** CONTAINERS and IMAGES of `-o wide`; SELECTOR too unless `selector` is false. */
function wideColumns<T extends Templated>(selectorCell?: (obj: T) => string): TableColumn<T>[] {
  const cells = (obj: T) => containerCells(obj.spec?.template?.spec?.containers);
  const columns: TableColumn<T>[] = [
    { definition: columnDefinition('Containers', 'string', 'Names of each container in the template.', { priority: 1 }), cell: (obj) => cells(obj).names },
    { definition: columnDefinition('Images', 'string', 'Images referenced by each container in the template.', { priority: 1 }), cell: (obj) => cells(obj).images },
  ];
  if (selectorCell) columns.push({ definition: columnDefinition('Selector', 'string', 'The label query over pods this controller selects.', { priority: 1 }), cell: selectorCell });
  return columns;
}

/** NAME READY UP-TO-DATE AVAILABLE AGE; wide: CONTAINERS IMAGES SELECTOR (the plain selector string). */
export const deploymentColumns: TableColumn<Deployment>[] = [
  nameColumn(),
  { definition: columnDefinition('Ready', 'string', 'Number of the pod with ready state'), cell: (d) => `${d.status?.readyReplicas ?? 0}/${d.spec?.replicas ?? 0}` },
  { definition: columnDefinition('Up-to-date', 'string', 'Pods with the latest template.'), cell: (d) => d.status?.updatedReplicas ?? 0 },
  { definition: columnDefinition('Available', 'string', 'Pods available for at least minReadySeconds.'), cell: (d) => d.status?.availableReplicas ?? 0 },
  ageColumn(),
  ...wideColumns<Deployment>((d) => selectorString(d.spec?.selector) ?? '<invalid>'),
];

/** NAME DESIRED CURRENT READY AGE; wide: CONTAINERS IMAGES SELECTOR. */
export const replicaSetColumns: TableColumn<ReplicaSet>[] = [
  nameColumn(),
  integer('Desired', 'The number of desired replicas.', (rs: ReplicaSet) => rs.spec?.replicas ?? 0),
  integer('Current', 'The most recently observed number of replicas.', (rs: ReplicaSet) => rs.status?.replicas ?? 0),
  integer('Ready', 'The number of ready replicas for this replica set.', (rs: ReplicaSet) => rs.status?.readyReplicas ?? 0),
  ageColumn(),
  ...wideColumns<ReplicaSet>((rs) => formatLabelSelector(rs.spec?.selector)),
];

/** NAME READY AGE; wide: CONTAINERS IMAGES. */
export const statefulSetColumns: TableColumn<StatefulSet>[] = [
  nameColumn(),
  { definition: columnDefinition('Ready', 'string', 'Number of the pod with ready state'), cell: (s) => `${s.status?.readyReplicas ?? 0}/${s.spec?.replicas ?? 0}` },
  ageColumn(),
  ...wideColumns<StatefulSet>(),
];

/** NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE; wide: CONTAINERS IMAGES SELECTOR. */
export const daemonSetColumns: TableColumn<DaemonSet>[] = [
  nameColumn(),
  integer('Desired', 'The number of nodes that should be running the daemon pod.', (ds: DaemonSet) => ds.status?.desiredNumberScheduled ?? 0),
  integer('Current', 'The number of nodes running at least one daemon pod.', (ds: DaemonSet) => ds.status?.currentNumberScheduled ?? 0),
  integer('Ready', 'The number of nodes with a ready daemon pod.', (ds: DaemonSet) => ds.status?.numberReady ?? 0),
  integer('Up-to-date', 'The number of nodes running the updated daemon pod.', (ds: DaemonSet) => ds.status?.updatedNumberScheduled ?? 0),
  integer('Available', 'The number of nodes with an available daemon pod.', (ds: DaemonSet) => ds.status?.numberAvailable ?? 0),
  { definition: columnDefinition('Node Selector', 'string', 'The node selector of the pod template.'), cell: (ds) => formatLabels(ds.spec?.template?.spec?.nodeSelector) },
  ageColumn(),
  ...wideColumns<DaemonSet>((ds) => formatLabelSelector(ds.spec?.selector)),
];

/** upstream formatResourceName of the controller reference: `<kind>.<group>/<name>` in lower case, `<none>` without one. */
function controllerOf(revision: ControllerRevision): string {
  const ref = (revision.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  if (!ref) return '<none>';
  const group = ref.apiVersion.includes('/') ? ref.apiVersion.slice(0, ref.apiVersion.indexOf('/')) : '';
  const kind = group ? `${ref.kind}.${group}` : ref.kind;
  return kind ? `${kind.toLowerCase()}/${ref.name}` : ref.name;
}

/** NAME CONTROLLER REVISION AGE. */
export const controllerRevisionColumns: TableColumn<ControllerRevision>[] = [
  nameColumn(),
  { definition: columnDefinition('Controller', 'string', 'Controller of the object'), cell: controllerOf },
  { definition: columnDefinition('Revision', 'string', 'The revision this object represents.'), cell: (r) => r.revision ?? 0 },
  ageColumn(),
];
