// The pod table (upstream printPod, 1.25): NAME READY STATUS RESTARTS AGE, and with `-o wide`
// (priority 1) IP NODE NOMINATED NODE READINESS GATES.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { translateTimestampSince } from '../../../printers/human-duration.js';
import type { ContainerStatus, Pod } from '../schemas.generated.js';

/** The pod reason the node controller sets when the node stopped answering (upstream NodeUnreachablePodReason). */
const NODE_UNREACHABLE_REASON = 'NodeLost';

/** What the container statuses add up to: restarts, the latest restart, readiness, and the status text. */
interface Summary {
  reason: string;
  restarts: number;
  lastRestart: number;
  ready: number;
}

function noteRestarts(summary: Summary, status: ContainerStatus): void {
  summary.restarts += status.restartCount ?? 0;
  const finished = status.lastState?.terminated?.finishedAt;
  if (finished) summary.lastRestart = Math.max(summary.lastRestart, Date.parse(finished));
}

/** Init containers: the first one not finished decides the status (`Init:1/2`, `Init:Error`, ...); true while initializing. */
function summarizeInit(pod: Pod, summary: Summary): boolean {
  const total = pod.spec?.initContainers?.length ?? 0;
  const statuses = pod.status?.initContainerStatuses ?? [];
  for (const [i, status] of statuses.entries()) {
    noteRestarts(summary, status);
    const terminated = status.state?.terminated;
    const waiting = status.state?.waiting;
    if (terminated && terminated.exitCode === 0) continue;
    if (terminated) {
      if (terminated.reason) summary.reason = `Init:${terminated.reason}`;
      else summary.reason = terminated.signal ? `Init:Signal:${terminated.signal}` : `Init:ExitCode:${terminated.exitCode}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      summary.reason = `Init:${waiting.reason}`;
    } else {
      summary.reason = `Init:${i}/${total}`;
    }
    return true;
  }
  return false;
}

/** Containers, last to first as upstream: a waiting or terminated reason wins; ready running ones count. */
function summarizeContainers(pod: Pod, summary: Summary): void {
  summary.restarts = 0;
  let hasRunning = false;
  const statuses = pod.status?.containerStatuses ?? [];
  for (let i = statuses.length - 1; i >= 0; i--) {
    const status = statuses[i] as ContainerStatus;
    noteRestarts(summary, status);
    const { waiting, terminated, running } = status.state ?? {};
    if (waiting?.reason) summary.reason = waiting.reason;
    else if (terminated?.reason) summary.reason = terminated.reason;
    else if (terminated) summary.reason = terminated.signal ? `Signal:${terminated.signal}` : `ExitCode:${terminated.exitCode}`;
    else if (status.ready && running) {
      hasRunning = true;
      summary.ready++;
    }
  }
  if (summary.reason === 'Completed' && hasRunning) {
    const ready = (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
    summary.reason = ready ? 'Running' : 'NotReady';
  }
}

/** The READY, STATUS and RESTARTS cells of one pod at `now`. */
export function podStatusCells(pod: Pod, now: Date): { ready: string; status: string; restarts: string } {
  const summary: Summary = { reason: pod.status?.reason || pod.status?.phase || '', restarts: 0, lastRestart: 0, ready: 0 };
  if (!summarizeInit(pod, summary)) summarizeContainers(pod, summary);
  if (pod.metadata.deletionTimestamp) summary.reason = pod.status?.reason === NODE_UNREACHABLE_REASON ? 'Unknown' : 'Terminating';
  const restarts = summary.lastRestart > 0 ? `${summary.restarts} (${translateTimestampSince(new Date(summary.lastRestart).toISOString(), now)} ago)` : String(summary.restarts);
  return { ready: `${summary.ready}/${pod.spec?.containers?.length ?? 0}`, status: summary.reason, restarts };
}

/** `X/Y`: readiness gates whose condition is True, of all gates; `<none>` without gates. */
function readinessGatesCell(pod: Pod): string {
  const gates = pod.spec?.readinessGates ?? [];
  if (gates.length === 0) return '<none>';
  const conditions = pod.status?.conditions ?? [];
  const passing = gates.filter((gate) => conditions.find((c) => c.type === gate.conditionType)?.status === 'True').length;
  return `${passing}/${gates.length}`;
}

const wide = (name: string, description: string, cell: (pod: Pod) => string): TableColumn<Pod> => ({
  definition: columnDefinition(name, 'string', description, { priority: 1 }),
  cell,
});

/** The pod table's columns. */
export const podTableColumns: TableColumn<Pod>[] = [
  nameColumn(),
  { definition: columnDefinition('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'), cell: (pod, now) => podStatusCells(pod, now).ready },
  { definition: columnDefinition('Status', 'string', 'The aggregate status of the containers in this pod.'), cell: (pod, now) => podStatusCells(pod, now).status },
  {
    definition: columnDefinition('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    cell: (pod, now) => podStatusCells(pod, now).restarts,
  },
  ageColumn(),
  wide('IP', 'IP address allocated to the pod.', (pod) => pod.status?.podIPs?.[0]?.ip || '<none>'),
  wide('Node', 'NodeName is a request to schedule this pod onto a specific node.', (pod) => pod.spec?.nodeName || '<none>'),
  wide('Nominated Node', 'nominatedNodeName is set only when this pod preempts other pods on the node.', (pod) => pod.status?.nominatedNodeName || '<none>'),
  wide('Readiness Gates', 'If specified, all readiness gates will be evaluated for pod readiness.', readinessGatesCell),
];
