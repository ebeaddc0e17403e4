// autoscaling/v1 HorizontalPodAutoscaler <-> the stored autoscaling/v2 form (upstream 1.25
// pkg/apis/autoscaling/v1 conversion.go, through the internal type). v1 has one metric, a CPU
// utilization target; everything else v2 says travels in annotations: other metrics, current metrics,
// conditions and behavior (metric-annotations.ts). A v1 object without any metric gets the CPU target of
// 80% upstream's controller once applied implicitly. Malformed annotations are ignored, as upstream does.
import { CONDITIONS_ANNOTATION, BEHAVIOR_ANNOTATION, METRIC_SPECS_ANNOTATION, METRIC_STATUSES_ANNOTATION, dropRoundTripAnnotations } from '../v2/round-trip.js';
import { defaultCpuMetric } from '../v2/defaults.js';
import type { HorizontalPodAutoscaler as V2Hpa, HorizontalPodAutoscalerSpec as V2Spec, HorizontalPodAutoscalerStatus as V2Status, MetricSpec, MetricStatus } from '../v2/schemas.generated.js';
import {
  behaviorFromInternal,
  behaviorToInternalJson,
  conditionFromV1,
  conditionToV1,
  metricSpecFromV1,
  metricSpecToV1,
  metricStatusFromV1,
  metricStatusToV1,
} from './metric-annotations.js';
import type { HorizontalPodAutoscaler as V1Hpa, HorizontalPodAutoscalerSpec as V1Spec, HorizontalPodAutoscalerStatus as V1Status } from './schemas.generated.js';

type Json = Record<string, unknown>;

/** The annotation's JSON list, or undefined when absent or malformed. */
function parsedList(annotations: Record<string, string> | undefined, key: string): Json[] | undefined {
  const text = annotations?.[key];
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : undefined;
  } catch {
    return undefined;
  }
}

function parsed(annotations: Record<string, string> | undefined, key: string): unknown {
  const text = annotations?.[key];
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const cpuTarget = (utilization: number): MetricSpec => ({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } });
const isCpu = (m: { type: string; resource?: { name: string } }): boolean => m.type === 'Resource' && m.resource?.name === 'cpu';

function specToV2(spec: Partial<V1Spec> | undefined, annotations: Record<string, string> | undefined): V2Spec {
  const out = { scaleTargetRef: structuredClone(spec?.scaleTargetRef ?? { kind: '', name: '' }), maxReplicas: spec?.maxReplicas ?? 0 } as V2Spec;
  if (spec?.minReplicas !== undefined) out.minReplicas = spec.minReplicas;
  let metrics: MetricSpec[] = spec?.targetCPUUtilizationPercentage !== undefined ? [cpuTarget(spec.targetCPUUtilizationPercentage)] : [];
  // The CPU target v1 holds comes after the metrics of the annotation.
  const others = parsedList(annotations, METRIC_SPECS_ANNOTATION);
  if (others) metrics = [...others.map(metricSpecFromV1), ...metrics.slice(0, 1)];
  const behavior = behaviorFromInternal(parsed(annotations, BEHAVIOR_ANNOTATION));
  if (behavior) out.behavior = behavior;
  out.metrics = metrics.length > 0 ? metrics : [defaultCpuMetric()];
  return out;
}

function statusToV2(status: Partial<V1Status> | undefined, annotations: Record<string, string> | undefined): V2Status {
  const out: V2Status = { desiredReplicas: status?.desiredReplicas ?? 0 };
  if (status?.observedGeneration !== undefined) out.observedGeneration = status.observedGeneration;
  if (status?.lastScaleTime !== undefined) out.lastScaleTime = status.lastScaleTime;
  if (status?.currentReplicas) out.currentReplicas = status.currentReplicas;
  if (status?.currentCPUUtilizationPercentage !== undefined) {
    out.currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
  }
  const current = parsedList(annotations, METRIC_STATUSES_ANNOTATION);
  if (current) out.currentMetrics = current.map(metricStatusFromV1);
  const conditions = parsedList(annotations, CONDITIONS_ANNOTATION);
  if (conditions) out.conditions = conditions.map(conditionFromV1);
  return out;
}

/** upstream Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler (then to v2): no v2 defaults applied. */
export function hpaV1ToV2(hpa: V1Hpa): V2Hpa {
  const metadata = structuredClone(hpa.metadata);
  const annotations = hpa.metadata.annotations;
  const out: V2Hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata, spec: specToV2(hpa.spec, annotations) };
  if (hpa.status !== undefined) out.status = statusToV2(hpa.status, annotations);
  dropRoundTripAnnotations(out.metadata);
  return out;
}

function annotationsOf(hpa: V2Hpa): Record<string, string> {
  const spec = hpa.spec;
  const status = hpa.status;
  const out: Record<string, string> = {};
  const others = (spec?.metrics ?? []).filter((m) => !(isCpu(m) && m.resource?.target.averageUtilization !== undefined));
  if (others.length > 0) out[METRIC_SPECS_ANNOTATION] = JSON.stringify(others.map(metricSpecToV1));
  // Kept even when it is only the CPU utilization, for the raw values it also holds.
  if ((status?.currentMetrics ?? []).length > 0) out[METRIC_STATUSES_ANNOTATION] = JSON.stringify((status?.currentMetrics ?? []).map(metricStatusToV1));
  if (spec?.behavior) out[BEHAVIOR_ANNOTATION] = behaviorToInternalJson(spec.behavior);
  if ((status?.conditions ?? []).length > 0) out[CONDITIONS_ANNOTATION] = JSON.stringify((status?.conditions ?? []).map(conditionToV1));
  return out;
}

function specToV1(spec: Partial<V2Spec> | undefined): V1Spec {
  const out = { scaleTargetRef: structuredClone(spec?.scaleTargetRef ?? { kind: '', name: '' }), maxReplicas: spec?.maxReplicas ?? 0 } as V1Spec;
  if (spec?.minReplicas !== undefined) out.minReplicas = spec.minReplicas;
  // The first CPU metric decides, whether or not it has a utilization target.
  const cpu = (spec?.metrics ?? []).find(isCpu);
  if (cpu?.resource?.target.averageUtilization !== undefined) out.targetCPUUtilizationPercentage = cpu.resource.target.averageUtilization;
  return out;
}

function statusToV1(status: Partial<V2Status> | undefined): V1Status {
  const out: V1Status = { currentReplicas: status?.currentReplicas ?? 0, desiredReplicas: status?.desiredReplicas ?? 0 };
  if (status?.observedGeneration !== undefined) out.observedGeneration = status.observedGeneration;
  if (status?.lastScaleTime !== undefined) out.lastScaleTime = status.lastScaleTime;
  // The last CPU utilization among the current metrics.
  for (const m of status?.currentMetrics ?? ([] as MetricStatus[])) {
    if (isCpu(m) && m.resource?.current.averageUtilization !== undefined) out.currentCPUUtilizationPercentage = m.resource.current.averageUtilization;
  }
  return out;
}

/** upstream Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler (from the stored v2). */
export function hpaV2ToV1(hpa: V2Hpa): V1Hpa {
  const metadata = structuredClone(hpa.metadata);
  dropRoundTripAnnotations(metadata);
  const added = annotationsOf(hpa);
  if (Object.keys(added).length > 0) metadata.annotations = { ...metadata.annotations, ...added };
  return { apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata, spec: specToV1(hpa.spec), status: statusToV1(hpa.status) };
}
