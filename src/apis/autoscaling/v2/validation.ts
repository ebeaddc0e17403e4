// HorizontalPodAutoscaler validation (upstream 1.25 pkg/apis/autoscaling/validation), on the
// autoscaling/v2 form that autoscaling/v1 and v2beta2 convert to, so every version reports the same
// messages at the same (v2) field paths, as upstream's internal-version validation does. Feature gates
// as 1.25 ships them: HPAScaleToZero off (minReplicas at least 1 unless an update keeps a 0),
// HPAContainerMetrics off (the strategy drops containerResource sources).
import * as field from '../../../errors/field-errors.js';
import type { FieldError } from '../../../errors/field-errors.js';
import { nonNegative } from '../../core/v1/replicationcontroller/validation.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../../meta/v1/validation.js';
import { validateCrossVersionObjectReference, validateMetrics } from './metrics-validation.js';
import type { HPAScalingPolicy, HPAScalingRules, HorizontalPodAutoscaler, HorizontalPodAutoscalerBehavior, HorizontalPodAutoscalerSpec } from './schemas.generated.js';

/** upstream MaxPeriodSeconds and MaxStabilizationWindowSeconds. */
export const MAX_PERIOD_SECONDS = 1800;
export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

function validateScalingPolicy(policy: Partial<HPAScalingPolicy>, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = policy.type ?? '';
  if (type !== 'Pods' && type !== 'Percent') errs.push(field.notSupported(`${path}.type`, type, ['Percent', 'Pods']));
  const value = policy.value ?? 0;
  if (value <= 0) errs.push(field.invalid(`${path}.value`, value, 'must be greater than zero'));
  const period = policy.periodSeconds ?? 0;
  if (period <= 0) errs.push(field.invalid(`${path}.periodSeconds`, period, 'must be greater than zero'));
  if (period > MAX_PERIOD_SECONDS) errs.push(field.invalid(`${path}.periodSeconds`, period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  return errs;
}

function validateScalingRules(rules: HPAScalingRules | undefined, path: string): FieldError[] {
  if (!rules) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (window !== undefined && window < 0) errs.push(field.invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > MAX_STABILIZATION_WINDOW_SECONDS) {
    errs.push(field.invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`));
  }
  if (rules.selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(rules.selectPolicy)) {
    errs.push(field.notSupported(`${path}.selectPolicy`, rules.selectPolicy, ['Disabled', 'Max', 'Min']));
  }
  const policies = rules.policies ?? [];
  if (policies.length === 0) errs.push(field.required(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((policy, i) => errs.push(...validateScalingPolicy(policy, `${path}.policies[${i}]`)));
  return errs;
}

function validateBehavior(behavior: HorizontalPodAutoscalerBehavior | undefined, path: string): FieldError[] {
  if (!behavior) return [];
  return [...validateScalingRules(behavior.scaleUp, `${path}.scaleUp`), ...validateScalingRules(behavior.scaleDown, `${path}.scaleDown`)];
}

/** upstream validateHorizontalPodAutoscalerSpec. */
export function validateHorizontalPodAutoscalerSpec(spec: Partial<HorizontalPodAutoscalerSpec> = {}, minReplicasLowerBound: number, path = 'spec'): FieldError[] {
  const errs: FieldError[] = [];
  const max = spec.maxReplicas ?? 0;
  if (spec.minReplicas !== undefined && spec.minReplicas < minReplicasLowerBound) {
    errs.push(field.invalid(`${path}.minReplicas`, spec.minReplicas, `must be greater than or equal to ${minReplicasLowerBound}`));
  }
  if (max < 1) errs.push(field.invalid(`${path}.maxReplicas`, max, 'must be greater than 0'));
  if (spec.minReplicas !== undefined && max < spec.minReplicas) errs.push(field.invalid(`${path}.maxReplicas`, max, 'must be greater than or equal to `minReplicas`'));
  errs.push(...validateCrossVersionObjectReference(spec.scaleTargetRef, `${path}.scaleTargetRef`));
  errs.push(...validateMetrics(spec.metrics, spec.minReplicas, `${path}.metrics`));
  errs.push(...validateBehavior(spec.behavior, `${path}.behavior`));
  return errs;
}

/** upstream ValidateHorizontalPodAutoscaler: metadata (names are DNS subdomains), then the spec. */
export function validateHorizontalPodAutoscaler(hpa: HorizontalPodAutoscaler): FieldError[] {
  return [...validateObjectMeta(hpa.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateHorizontalPodAutoscalerSpec(hpa.spec, 1)];
}

/** upstream ValidateHorizontalPodAutoscalerUpdate: an HPA that already scales to zero may keep minReplicas 0. */
export function validateHorizontalPodAutoscalerUpdate(hpa: HorizontalPodAutoscaler, old: HorizontalPodAutoscaler): FieldError[] {
  return validateHorizontalPodAutoscalerSpec(hpa.spec, old.spec?.minReplicas === 0 ? 0 : 1);
}

/** upstream ValidateHorizontalPodAutoscalerStatusUpdate: the replica counts are not negative. */
export function validateHorizontalPodAutoscalerStatus(hpa: HorizontalPodAutoscaler): FieldError[] {
  return [...nonNegative(hpa.status?.currentReplicas, 'status.currentReplicas'), ...nonNegative(hpa.status?.desiredReplicas, 'status.desiredReplicas')];
}
