// The JSON autoscaling/v1 keeps in its round-trip annotations (upstream 1.25 pkg/apis/autoscaling/v1
// conversion.go): metrics and their statuses in the v1 (v2beta1-shaped) MetricSpec and MetricStatus,
// conditions as v1 HorizontalPodAutoscalerConditions, and behavior as the *internal* type (Go field names,
// unset pointers `null`, as upstream marshals it). Keys are in the Go structs' order; a quantity Go
// holds by value reads back as "0" when absent, as upstream's does.
import type { HPAScalingRules, HorizontalPodAutoscalerBehavior, HorizontalPodAutoscalerCondition, MetricSpec, MetricStatus, MetricTarget } from '../v2/schemas.generated.js';

type Json = Record<string, unknown>;
const ZERO = '0';

/** Drops undefined values, so JSON.stringify and comparisons see what Go's omitempty writes. */
const compact = (obj: Json): Json => Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);

type Ref = { kind: string; name: string; apiVersion?: string };
const refToV1 = (r: Ref): Json => compact({ kind: r.kind, name: r.name, apiVersion: r.apiVersion });
const refFromV1 = (r: Json | undefined): Ref => ({ kind: str(r?.['kind']) ?? '', name: str(r?.['name']) ?? '', ...(str(r?.['apiVersion']) ? { apiVersion: str(r?.['apiVersion']) } : {}) });

/** upstream Convert_autoscaling_MetricSpec_To_v1_MetricSpec. */
export function metricSpecToV1(m: MetricSpec): Json {
  const { object: o, pods: p, resource: r, containerResource: c, external: e } = m;
  return compact({
    type: m.type,
    object: o && compact({ target: refToV1(o.describedObject), metricName: o.metric.name, targetValue: o.target.value ?? ZERO, selector: o.metric.selector, averageValue: o.target.averageValue }),
    pods: p && compact({ metricName: p.metric.name, targetAverageValue: p.target.averageValue ?? ZERO, selector: p.metric.selector }),
    resource: r && compact({ name: r.name, targetAverageUtilization: r.target.averageUtilization, targetAverageValue: r.target.averageValue }),
    containerResource: c && compact({ name: c.name, targetAverageUtilization: c.target.averageUtilization, targetAverageValue: c.target.averageValue, container: c.container }),
    external: e && compact({ metricName: e.metric.name, metricSelector: e.metric.selector, targetValue: e.target.value, targetAverageValue: e.target.averageValue }),
  });
}

const identifier = (name: unknown, selector: unknown) => ({ name: str(name) ?? '', ...(obj(selector) ? { selector: obj(selector) } : {}) });

/** A resource target: Utilization when a utilization is given, else AverageValue. */
const resourceTarget = (s: Json): MetricTarget =>
  compact({ type: num(s['targetAverageUtilization']) !== undefined ? 'Utilization' : 'AverageValue', averageValue: str(s['targetAverageValue']), averageUtilization: num(s['targetAverageUtilization']) }) as MetricTarget;

/** upstream Convert_v1_MetricSpec_To_autoscaling_MetricSpec. */
export function metricSpecFromV1(m: Json): MetricSpec {
  const spec: MetricSpec = { type: str(m['type']) ?? '' };
  const o = obj(m['object']);
  if (o) {
    const target = compact({ type: o['averageValue'] === undefined ? 'Value' : 'AverageValue', value: str(o['targetValue']) ?? ZERO, averageValue: str(o['averageValue']) }) as MetricTarget;
    spec.object = { describedObject: refFromV1(obj(o['target'])), metric: identifier(o['metricName'], o['selector']), target };
  }
  const p = obj(m['pods']);
  if (p) spec.pods = { metric: identifier(p['metricName'], p['selector']), target: { type: 'AverageValue', averageValue: str(p['targetAverageValue']) ?? ZERO } };
  const r = obj(m['resource']);
  if (r) spec.resource = { name: str(r['name']) ?? '', target: resourceTarget(r) };
  const c = obj(m['containerResource']);
  if (c) spec.containerResource = { name: str(c['name']) ?? '', container: str(c['container']) ?? '', target: resourceTarget(c) };
  const e = obj(m['external']);
  if (e) {
    const target = compact({ type: e['targetValue'] === undefined ? 'AverageValue' : 'Value', value: str(e['targetValue']), averageValue: str(e['targetAverageValue']) }) as MetricTarget;
    spec.external = { metric: identifier(e['metricName'], e['metricSelector']), target };
  }
  return spec;
}

/** upstream Convert_autoscaling_MetricStatus_To_v1_MetricStatus. */
export function metricStatusToV1(m: MetricStatus): Json {
  const { object: o, pods: p, resource: r, containerResource: c, external: e } = m;
  return compact({
    type: m.type,
    object: o && compact({ target: refToV1(o.describedObject), metricName: o.metric.name, currentValue: o.current.value ?? ZERO, selector: o.metric.selector, averageValue: o.current.averageValue }),
    pods: p && compact({ metricName: p.metric.name, currentAverageValue: p.current.averageValue ?? ZERO, selector: p.metric.selector }),
    resource: r && compact({ name: r.name, currentAverageUtilization: r.current.averageUtilization, currentAverageValue: r.current.averageValue ?? ZERO }),
    containerResource: c && compact({ name: c.name, currentAverageUtilization: c.current.averageUtilization, currentAverageValue: c.current.averageValue ?? ZERO, container: c.container }),
    external: e && compact({ metricName: e.metric.name, metricSelector: e.metric.selector, currentValue: e.current.value ?? ZERO, currentAverageValue: e.current.averageValue }),
  });
}

const resourceCurrent = (s: Json) => compact({ averageValue: str(s['currentAverageValue']) ?? ZERO, averageUtilization: num(s['currentAverageUtilization']) });

/** upstream Convert_v1_MetricStatus_To_autoscaling_MetricStatus. */
export function metricStatusFromV1(m: Json): MetricStatus {
  const status: MetricStatus = { type: str(m['type']) ?? '' };
  const o = obj(m['object']);
  if (o) {
    status.object = { describedObject: refFromV1(obj(o['target'])), metric: identifier(o['metricName'], o['selector']), current: compact({ value: str(o['currentValue']) ?? ZERO, averageValue: str(o['averageValue']) }) };
  }
  const p = obj(m['pods']);
  if (p) status.pods = { metric: identifier(p['metricName'], p['selector']), current: { averageValue: str(p['currentAverageValue']) ?? ZERO } };
  const r = obj(m['resource']);
  if (r) status.resource = { name: str(r['name']) ?? '', current: resourceCurrent(r) };
  const c = obj(m['containerResource']);
  if (c) status.containerResource = { name: str(c['name']) ?? '', container: str(c['container']) ?? '', current: resourceCurrent(c) };
  const e = obj(m['external']);
  if (e) {
    status.external = { metric: identifier(e['metricName'], e['metricSelector']), current: compact({ value: str(e['currentValue']) ?? ZERO, averageValue: str(e['currentAverageValue']) }) };
  }
  return status;
}

/** A v1 condition: Go writes a zero lastTransitionTime as null. */
export const conditionToV1 = (c: HorizontalPodAutoscalerCondition): Json =>
  compact({ type: c.type, status: c.status, lastTransitionTime: c.lastTransitionTime ?? null, reason: c.reason || undefined, message: c.message || undefined });

export const conditionFromV1 = (c: Json): HorizontalPodAutoscalerCondition =>
  compact({ type: str(c['type']) ?? '', status: str(c['status']) ?? '', lastTransitionTime: str(c['lastTransitionTime']), reason: str(c['reason']), message: str(c['message']) }) as HorizontalPodAutoscalerCondition;

/** The internal HPAScalingRules as Go marshals it: field names as declared, nil as null. */
const rulesToInternal = (r: HPAScalingRules | undefined): Json | null =>
  r
    ? {
        StabilizationWindowSeconds: r.stabilizationWindowSeconds ?? null,
        SelectPolicy: r.selectPolicy ?? null,
        Policies: r.policies ? r.policies.map((p) => ({ Type: p.type, Value: p.value, PeriodSeconds: p.periodSeconds })) : null,
      }
    : null;

/** upstream marshals the internal behavior into the annotation. */
export const behaviorToInternalJson = (b: HorizontalPodAutoscalerBehavior): string => JSON.stringify({ ScaleUp: rulesToInternal(b.scaleUp), ScaleDown: rulesToInternal(b.scaleDown) });

/** Go's encoding/json matches field names case-insensitively. */
const field = (o: Json, name: string): unknown => o[Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];

function rulesFromInternal(value: unknown): HPAScalingRules | undefined {
  const r = obj(value);
  if (!r) return undefined;
  const policies = field(r, 'Policies');
  return compact({
    stabilizationWindowSeconds: num(field(r, 'StabilizationWindowSeconds')),
    selectPolicy: str(field(r, 'SelectPolicy')),
    policies: Array.isArray(policies)
      ? policies.map((p) => ({ type: str(field(obj(p) ?? {}, 'Type')) ?? '', value: num(field(obj(p) ?? {}, 'Value')) ?? 0, periodSeconds: num(field(obj(p) ?? {}, 'PeriodSeconds')) ?? 0 }))
      : undefined,
  }) as HPAScalingRules;
}

/** The behavior in the annotation, unless it is empty (upstream keeps none then). */
export function behaviorFromInternal(value: unknown): HorizontalPodAutoscalerBehavior | undefined {
  const b = obj(value);
  if (!b) return undefined;
  const scaleUp = rulesFromInternal(field(b, 'ScaleUp'));
  const scaleDown = rulesFromInternal(field(b, 'ScaleDown'));
  if (!scaleUp && !scaleDown) return undefined;
  return compact({ scaleUp, scaleDown }) as HorizontalPodAutoscalerBehavior;
}
