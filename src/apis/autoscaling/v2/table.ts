// The HorizontalPodAutoscaler table (upstream 1.25 printHorizontalPodAutoscaler): NAME REFERENCE TARGETS
// MINPODS MAXPODS REPLICAS AGE. TARGETS is formatHPAMetrics: `<current>/<target>` per metric, at most
// two, then ` + N more...`; `<unknown>` for a metric without status.
import type { TableColumn } from '../../../registry/resource-definition.js';
import { parseQuantity, quantityString } from '../../../schema/quantity-value.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import type { HorizontalPodAutoscaler, MetricSpec, MetricStatus, MetricTarget, MetricValueStatus } from './schemas.generated.js';

const MAX_SHOWN = 2;

/** Quantity.String() (canonical), `<nil>` for an unset pointer as Go prints it. */
const quantity = (text: string | undefined): string => {
  if (text === undefined) return '<nil>';
  const q = parseQuantity(text);
  return q ? quantityString(q) : text;
};

/** Object and External metrics: an average target shows `(avg)`. */
function valueTarget(target: MetricTarget, current: MetricValueStatus | undefined): string {
  if (target.averageValue !== undefined) {
    const now = current?.averageValue !== undefined ? quantity(current.averageValue) : '<unknown>';
    return `${now}/${quantity(target.averageValue)} (avg)`;
  }
  return `${current ? quantity(current.value) : '<unknown>'}/${quantity(target.value)}`;
}

/** Resource and ContainerResource metrics: an average value, else a utilization (`<auto>` when unset). */
function resourceTarget(target: MetricTarget, current: MetricValueStatus | undefined): string {
  if (target.averageValue !== undefined) return `${current ? quantity(current.averageValue) : '<unknown>'}/${quantity(target.averageValue)}`;
  const now = current?.averageUtilization !== undefined ? `${current.averageUtilization}%` : '<unknown>';
  return `${now}/${target.averageUtilization !== undefined ? `${target.averageUtilization}%` : '<auto>'}`;
}

function formatMetric(spec: MetricSpec, status: MetricStatus | undefined): string {
  switch (spec.type) {
    case 'External':
      return spec.external ? valueTarget(spec.external.target, status?.external?.current) : '<unknown type>';
    case 'Pods':
      return `${status?.pods ? quantity(status.pods.current.averageValue) : '<unknown>'}/${quantity(spec.pods?.target.averageValue)}`;
    case 'Object':
      return spec.object ? valueTarget(spec.object.target, status?.object?.current) : '<unknown type>';
    case 'Resource':
      return spec.resource ? resourceTarget(spec.resource.target, status?.resource?.current) : '<unknown type>';
    case 'ContainerResource':
      return spec.containerResource ? resourceTarget(spec.containerResource.target, status?.containerResource?.current) : '<unknown type>';
    default:
      return '<unknown type>';
  }
}

/** upstream formatHPAMetrics: the status at the same index is the spec's current value. */
export function formatHPAMetrics(specs: readonly MetricSpec[] | undefined, statuses: readonly MetricStatus[] | undefined): string {
  if (!specs || specs.length === 0) return '<none>';
  const list = specs.map((spec, i) => formatMetric(spec, statuses?.[i]));
  const shown = list.slice(0, MAX_SHOWN).join(', ');
  return list.length > MAX_SHOWN ? `${shown} + ${list.length - MAX_SHOWN} more...` : shown;
}

/** The columns of `kubectl get horizontalpodautoscalers` (every served version prints the v2 form). */
export const horizontalPodAutoscalerColumns: TableColumn<HorizontalPodAutoscaler>[] = [
  nameColumn(),
  {
    definition: columnDefinition('Reference', 'string', 'reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.'),
    cell: (hpa) => `${hpa.spec?.scaleTargetRef.kind ?? ''}/${hpa.spec?.scaleTargetRef.name ?? ''}`,
  },
  {
    definition: columnDefinition('Targets', 'string', 'metrics contains the specifications for which to use to calculate the desired replica count.'),
    cell: (hpa) => formatHPAMetrics(hpa.spec?.metrics, hpa.status?.currentMetrics),
  },
  {
    definition: columnDefinition('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.'),
    cell: (hpa) => (hpa.spec?.minReplicas === undefined ? '<unset>' : String(hpa.spec.minReplicas)),
  },
  {
    definition: columnDefinition('MaxPods', 'string', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up.'),
    cell: (hpa) => hpa.spec?.maxReplicas ?? 0,
  },
  {
    definition: columnDefinition('Replicas', 'string', 'currentReplicas is current number of replicas of pods managed by this autoscaler.'),
    cell: (hpa) => hpa.status?.currentReplicas ?? 0,
  },
  ageColumn(),
];
