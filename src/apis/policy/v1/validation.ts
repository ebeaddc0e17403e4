// PodDisruptionBudget validation (upstream 1.25 pkg/apis/policy/validation): the spec on create and
// update (spec changes are allowed since 1.15), and the status through `status` (conditions and the
// non-negative counters policy/v1 checks).
import * as field from '../../../errors/field-errors.js';
import { GoLiteral, type FieldError } from '../../../errors/field-errors.js';
import { validateLabelSelector } from '../../../registry/selectors/label-selector-object.js';
import { nonNegative } from '../../core/v1/replicationcontroller/validation.js';
import { validateConditions } from '../../meta/v1/conditions.js';
import { isNotMoreThan100Percent, validatePositiveIntOrPercent } from '../../meta/v1/int-or-percent.js';
import type { PodDisruptionBudget, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus } from './schemas.generated.js';

/**
 * Go's %#v of the internal spec, as the "both set" error prints it. Go shows each pointer's address,
 * which no other server reproduces: a set pointer is printed as `0xc000000000`.
 */
function goSpec(spec: PodDisruptionBudgetSpec): GoLiteral {
  const pointer = (type: string, set: boolean): string => `(*${type})(${set ? '0xc000000000' : 'nil'})`;
  return new GoLiteral(
    `policy.PodDisruptionBudgetSpec{MinAvailable:${pointer('intstr.IntOrString', spec.minAvailable !== undefined)}, ` +
      `Selector:${pointer('v1.LabelSelector', spec.selector !== undefined)}, MaxUnavailable:${pointer('intstr.IntOrString', spec.maxUnavailable !== undefined)}}`,
  );
}

function validateCount(value: number | string | undefined, path: string): FieldError[] {
  if (value === undefined) return [];
  return [...validatePositiveIntOrPercent(value, path), ...isNotMoreThan100Percent(value, path)];
}

/** Upstream ValidatePodDisruptionBudgetSpec: one of minAvailable and maxUnavailable, each a count or a percentage, and the selector. */
export function validatePodDisruptionBudgetSpec(spec: PodDisruptionBudgetSpec = {}, path = 'spec'): FieldError[] {
  const errs: FieldError[] = [];
  if (spec.minAvailable !== undefined && spec.maxUnavailable !== undefined) errs.push(field.invalid(path, goSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  errs.push(...validateCount(spec.minAvailable, `${path}.minAvailable`));
  errs.push(...validateCount(spec.maxUnavailable, `${path}.maxUnavailable`));
  errs.push(...validateLabelSelector(spec.selector, `${path}.selector`));
  return errs;
}

/** Upstream ValidatePodDisruptionBudget (create and update alike). */
export function validatePodDisruptionBudget(pdb: PodDisruptionBudget): FieldError[] {
  return validatePodDisruptionBudgetSpec(pdb.spec);
}

/** Upstream ValidatePodDisruptionBudgetStatusUpdate for policy/v1: conditions, then the four counters. */
export function validatePodDisruptionBudgetStatus(status: Partial<PodDisruptionBudgetStatus> = {}, path = 'status'): FieldError[] {
  return [
    ...validateConditions(status.conditions, `${path}.conditions`),
    ...nonNegative(status.disruptionsAllowed, `${path}.disruptionsAllowed`),
    ...nonNegative(status.currentHealthy, `${path}.currentHealthy`),
    ...nonNegative(status.desiredHealthy, `${path}.desiredHealthy`),
    ...nonNegative(status.expectedPods, `${path}.expectedPods`),
  ];
}
