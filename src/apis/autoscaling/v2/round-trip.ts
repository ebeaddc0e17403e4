// The annotations autoscaling/v1 uses to carry what only v2 can say (upstream 1.25 pkg/apis/autoscaling
// annotations.go): other metrics, current metrics, conditions and behavior. Only v1 objects show them;
// every other version drops them, on the way in and on the way out (DropRoundTripHorizontalPodAutoscalerAnnotations).
import type { ObjectMeta } from '../../meta/v1/types.js';

export const METRIC_SPECS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const METRIC_STATUSES_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';

const ROUND_TRIP = [METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, CONDITIONS_ANNOTATION, BEHAVIOR_ANNOTATION];

/** Removes the round-trip annotations from `meta` in place (and the map itself when nothing is left, as Go omits an empty one). */
export function dropRoundTripAnnotations(meta: ObjectMeta): void {
  const annotations = meta.annotations;
  if (!annotations || !ROUND_TRIP.some((key) => key in annotations)) return;
  const kept = Object.fromEntries(Object.entries(annotations).filter(([key]) => !ROUND_TRIP.includes(key)));
  if (Object.keys(kept).length === 0) delete meta.annotations;
  else meta.annotations = kept;
}
