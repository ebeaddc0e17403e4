// Validation of an HPA's metrics (upstream 1.25 pkg/apis/autoscaling/validation: validateMetrics and
// the per-source checks), on the autoscaling/v2 form every served version converts to. Messages and
// field paths are upstream's, including its repetitions (an empty type is reported three times).
import * as field from '../../../errors/field-errors.js';
import { GoLiteral, type FieldError } from '../../../errors/field-errors.js';
import { goQuantity, parseQuantity, quantitySign } from '../../../schema/quantity-value.js';
import { validateContainerResourceName } from '../../core/v1/resource-names.js';
import { isDNS1123Label, validatePathSegmentName } from '../../meta/v1/validation.js';
import type { CrossVersionObjectReference, MetricIdentifier, MetricSpec, MetricTarget } from './schemas.generated.js';

const METRIC_SOURCE_TYPES = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
/** The field of each source type, in the order upstream checks which are present. */
const SOURCE_FIELDS = [
  ['Object', 'object'],
  ['External', 'external'],
  ['Pods', 'pods'],
  ['Resource', 'resource'],
  ['ContainerResource', 'containerResource'],
] as const;
type SourceField = (typeof SOURCE_FIELDS)[number][1];

/** A quantity as upstream's field errors print a *resource.Quantity. */
const shownQuantity = (text: string): unknown => {
  const q = parseQuantity(text);
  return q ? new GoLiteral(goQuantity(q)) : text;
};

/** upstream ValidateCrossVersionObjectReference: kind and name set, each a valid path segment. */
export function validateCrossVersionObjectReference(ref: Partial<CrossVersionObjectReference> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const key of ['kind', 'name'] as const) {
    const value = ref?.[key] ?? '';
    if (value === '') errs.push(field.required(`${path}.${key}`));
    else errs.push(...validatePathSegmentName(value, false).map((msg) => field.invalid(`${path}.${key}`, value, msg)));
  }
  return errs;
}

function validateMetricTarget(target: Partial<MetricTarget> | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = target?.type ?? '';
  if (type === '') errs.push(field.required(`${path}.type`, 'must specify a metric target type'));
  if (!['Utilization', 'Value', 'AverageValue'].includes(type)) errs.push(field.invalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  if (target?.value !== undefined && quantitySign(target.value) !== 1) errs.push(field.invalid(`${path}.value`, shownQuantity(target.value), 'must be positive'));
  if (target?.averageValue !== undefined && quantitySign(target.averageValue) !== 1) errs.push(field.invalid(`${path}.averageValue`, shownQuantity(target.averageValue), 'must be positive'));
  if (target?.averageUtilization !== undefined && target.averageUtilization < 1) errs.push(field.invalid(`${path}.averageUtilization`, target.averageUtilization, 'must be greater than 0'));
  return errs;
}

function validateMetricIdentifier(id: Partial<MetricIdentifier> | undefined, path: string): FieldError[] {
  const name = id?.name ?? '';
  if (name === '') return [field.required(`${path}.name`, 'must specify a metric name')];
  return validatePathSegmentName(name, false).map((msg) => field.invalid(`${path}.name`, name, msg));
}

type Source = { metric?: Partial<MetricIdentifier>; target?: Partial<MetricTarget>; describedObject?: Partial<CrossVersionObjectReference>; name?: string; container?: string };

/** The value and per-pod targets a source must set (upstream's per-source rules). */
function validateTargetValues(kind: SourceField, target: Partial<MetricTarget>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const p = `${path}.target`;
  if (kind === 'object' && target.value === undefined && target.averageValue === undefined) errs.push(field.required(`${p}.averageValue`, 'must set either a target value or averageValue'));
  if (kind === 'external') {
    if (target.value === undefined && target.averageValue === undefined) errs.push(field.required(`${p}.averageValue`, 'must set either a target value for metric or a per-pod target'));
    if (target.value !== undefined && target.averageValue !== undefined) errs.push(field.forbidden(`${p}.value`, 'may not set both a target value for metric and a per-pod target'));
  }
  if (kind === 'pods' && target.averageValue === undefined) errs.push(field.required(`${p}.averageValue`, 'must specify a positive target averageValue'));
  if (kind === 'resource' || kind === 'containerResource') {
    if (target.averageUtilization === undefined && target.averageValue === undefined) errs.push(field.required(`${p}.averageUtilization`, 'must set either a target raw value or a target utilization'));
    if (target.averageUtilization !== undefined && target.averageValue !== undefined) errs.push(field.forbidden(`${p}.averageValue`, 'may not set both a target raw value and a target utilization'));
  }
  return errs;
}

/** The checks of one metric source (upstream validateObjectSource, validatePodsSource, ...). */
function validateSource(kind: SourceField, src: Source, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (kind === 'object') errs.push(...validateCrossVersionObjectReference(src.describedObject, `${path}.describedObject`));
  if (kind === 'resource' && !src.name) errs.push(field.required(`${path}.name`, 'must specify a resource name'));
  if (kind === 'containerResource') {
    if (!src.name) errs.push(field.required(`${path}.name`, 'must specify a resource name'));
    else errs.push(...validateContainerResourceName(src.name, `${path}.name`));
    if (!src.container) errs.push(field.required(`${path}.container`, 'must specify a container'));
    else errs.push(...isDNS1123Label(src.container).map((msg) => field.invalid(`${path}.container`, src.container, msg)));
  }
  if (kind === 'object' || kind === 'external' || kind === 'pods') errs.push(...validateMetricIdentifier(src.metric, `${path}.metric`));
  errs.push(...validateMetricTarget(src.target, `${path}.target`));
  errs.push(...validateTargetValues(kind, src.target ?? {}, path));
  return errs;
}

/** upstream validateMetricSpec: a known type, its source present (only the first present is validated), no other source. */
function validateMetricSpec(spec: MetricSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if (type === '') errs.push(field.required(`${path}.type`, 'must specify a metric source type'));
  if (!METRIC_SOURCE_TYPES.includes(type)) errs.push(field.notSupported(`${path}.type`, type, METRIC_SOURCE_TYPES));
  const present = SOURCE_FIELDS.filter(([, key]) => spec[key] !== undefined).map(([, key]) => key);
  const first = present[0];
  if (first) errs.push(...validateSource(first, spec[first] as Source, `${path}.${first}`));
  const expected = SOURCE_FIELDS.find(([t]) => t === type)?.[1];
  if (!expected) errs.push(field.notSupported(`${path}.type`, type, METRIC_SOURCE_TYPES));
  else if (spec[expected] === undefined) {
    const detail = expected === 'containerResource' ? ' (only allowed when HPAContainerMetrics feature is enabled)' : '';
    errs.push(field.required(`${path}.${expected}`, `must populate information for the given metric source${detail}`));
  }
  // Upstream walks a Go set here (random order); sorted, the order is at least stable.
  if (present.length !== 1) for (const key of present.filter((k) => k !== expected).sort()) errs.push(field.forbidden(`${path}.${key}`, 'must populate the given metric source only'));
  return errs;
}

/** upstream validateMetrics: each metric, and scaling to zero needs an Object or External metric. */
export function validateMetrics(metrics: readonly MetricSpec[] | undefined, minReplicas: number | undefined, path: string): FieldError[] {
  const list = metrics ?? [];
  const errs = list.flatMap((metric, i) => validateMetricSpec(metric, `${path}[${i}]`));
  if (minReplicas === 0 && !list.some((m) => m.type === 'Object' || m.type === 'External')) {
    errs.push(field.forbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  return errs;
}
