// Checks the apps kinds share (upstream pkg/apis/apps/validation, 1.25): the workload selector, the
// pod template of replicated pods, int-or-percent fields, selector immutability and collision counts.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { GoLiteral } from '../../../errors/field-errors.js';
import { labelSelectorFromObject, validateLabelSelector, type LabelSelector as Matcher } from '../../../registry/selectors/index.js';
import { regexError, validateNonnegativeField } from '../../meta/v1/validation.js';
import type { LabelSelector } from '../../meta/v1/schemas.generated.js';
import type { PodTemplateSpec } from '../../core/v1/schemas.generated.js';
import { semanticEqual } from '../../core/v1/pod/validation/common.js';
import { podValidationOptions, validatePodTemplateSpec } from '../../core/v1/pod/validation/index.js';
import type { ValidationContext } from '../../../registry/resource-definition.js';
import { validateReadOnlyDisks } from '../../core/v1/replicationcontroller/validation.js';
import { goIntOrString, goLabelSelector, goStringMap } from './go-values.js';

/** upstream metav1.LabelSelectorAsSelector; undefined where it fails (an invalid operator, key or value). */
export function selectorMatcher(selector: LabelSelector | undefined): Matcher | undefined {
  try {
    return labelSelectorFromObject(selector);
  } catch {
    return undefined;
  }
}

/** The selector as a string (Selector.String()); `<error>`-style fallbacks are the caller's. */
export const selectorString = (selector: LabelSelector | undefined): string | undefined => selectorMatcher(selector)?.toString();

/** A present selector without labels or expressions: `empty selector is invalid for <kind>`. */
export function validateNotEmptySelector(selector: LabelSelector | undefined, path: string, kind: string): FieldError[] {
  const count = Object.keys(selector?.matchLabels ?? {}).length + (selector?.matchExpressions ?? []).length;
  return selector && count === 0 ? [invalid(path, goLabelSelector(selector), `empty selector is invalid for ${kind}`)] : [];
}

/** A selector is required, valid, and not empty. */
export function validateWorkloadSelector(selector: LabelSelector | undefined, path: string, kind: string): FieldError[] {
  if (!selector) return [required(path)];
  return [...validateLabelSelector(selector, path), ...validateNotEmptySelector(selector, path, kind)];
}

/** The template's labels must match a non-empty selector (a nil selector matches nothing). */
export function validateTemplateLabels(template: PodTemplateSpec, selector: Matcher, path: string): FieldError[] {
  const labels = template.metadata?.labels;
  if (selector.empty || selector.matches(labels ?? {})) return [];
  return [invalid(`${path}.metadata.labels`, new GoLiteral(goStringMap(labels)), '`selector` does not match template `labels`')];
}

/** Replicated pods restart Always and have no deadline (`activeDeadlineSeconds in <Kind> is not Supported`). */
export function validateRestartAndDeadline(template: PodTemplateSpec, path: string, kind: string): FieldError[] {
  const errors: FieldError[] = [];
  const restartPolicy = template.spec?.restartPolicy ?? '';
  if (restartPolicy !== 'Always') errors.push(notSupported(`${path}.spec.restartPolicy`, restartPolicy, ['Always']));
  if (template.spec?.activeDeadlineSeconds !== undefined && template.spec.activeDeadlineSeconds !== null) {
    errors.push(forbidden(`${path}.spec.activeDeadlineSeconds`, `activeDeadlineSeconds in ${kind} is not Supported`));
  }
  return errors;
}

/** upstream ValidatePodTemplateSpecForReplicaSet (Deployments and ReplicaSets). */
export function validateTemplateForReplicaSet(template: PodTemplateSpec, selector: Matcher, replicas: number, path: string, context?: ValidationContext): FieldError[] {
  return [
    ...validateTemplateLabels(template, selector, path),
    ...validatePodTemplateSpec(template, path, podValidationOptions(context)),
    ...(replicas > 1 ? validateReadOnlyDisks(template, `${path}.spec.volumes`) : []),
    ...validateRestartAndDeadline(template, path, 'ReplicaSet'),
  ];
}

/**
 * The selector and template of Deployments and ReplicaSets (both say `deployment` for an empty
 * selector, as upstream's do): the selector required, valid and not empty, then the template as a
 * ReplicaSet's against it, or `invalid label selector` where the selector cannot select.
 */
export function validateReplicatedPods(spec: { selector?: LabelSelector; template?: PodTemplateSpec; replicas?: number }, context?: ValidationContext): FieldError[] {
  const errors = validateWorkloadSelector(spec.selector, 'spec.selector', 'deployment');
  const matcher = selectorMatcher(spec.selector);
  if (!matcher) return [...errors, invalid('spec.selector', goLabelSelector(spec.selector), 'invalid label selector')];
  return [...errors, ...validateTemplateForReplicaSet(spec.template ?? {}, matcher, spec.replicas ?? 0, 'spec.template', context)];
}

const PERCENT = /^[0-9]+%$/;

/** upstream getIntOrPercentValue: the number of a valid percent, else the integer (a string's Atoi, 0 on failure). */
export function intOrPercentValue(value: number | string | undefined): number {
  if (typeof value !== 'string') return value ?? 0;
  if (PERCENT.test(value)) return Number(value.slice(0, -1));
  return /^[+-]?[0-9]+$/.test(value) ? Number(value) : 0;
}

/** upstream ValidatePositiveIntOrPercent. */
export function validatePositiveIntOrPercent(value: number | string | undefined, path: string): FieldError[] {
  if (typeof value === 'string') {
    if (PERCENT.test(value)) return [];
    const message = regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%');
    return [invalid(path, new GoLiteral(goIntOrString(value)), message)];
  }
  return validateNonnegativeField(value, path);
}

/** upstream IsNotMoreThan100Percent. */
export function validateNotMoreThan100Percent(value: number | string | undefined, path: string): FieldError[] {
  if (typeof value !== 'string' || !PERCENT.test(value) || intOrPercentValue(value) <= 100) return [];
  return [invalid(path, new GoLiteral(goIntOrString(value)), 'must not be greater than 100%')];
}

/** upstream's selector immutability for apps/v1 (ValidateImmutableField on spec.selector). */
export function validateSelectorUnchanged(selector: LabelSelector | undefined, old: LabelSelector | undefined): FieldError[] {
  return semanticEqual(selector ?? null, old ?? null) ? [] : [invalid('spec.selector', goLabelSelector(selector), 'field is immutable')];
}

/** upstream IsDecremented on status.collisionCount: `cannot be decremented`. */
export function validateCollisionCount(count: number | undefined, old: number | undefined): FieldError[] {
  const decremented = old !== undefined && (count === undefined || count < old);
  return decremented ? [invalid('status.collisionCount', count ?? 0, 'cannot be decremented')] : [];
}

/** Non-negative counters of a status, each at `status.<name>`. */
export function nonNegativeCounts(status: Record<string, unknown>, names: readonly string[]): FieldError[] {
  return names.flatMap((name) => {
    const value = status[name];
    return typeof value === 'number' ? validateNonnegativeField(value, `status.${name}`) : [];
  });
}

/** `status.<name>: cannot be greater than status.replicas` for each count above `replicas`. */
export function boundedByReplicas(status: Record<string, unknown>, names: readonly string[]): FieldError[] {
  const replicas = typeof status['replicas'] === 'number' ? status['replicas'] : 0;
  return names.flatMap((name) => {
    const value = status[name];
    return typeof value === 'number' && value > replicas ? [invalid(`status.${name}`, value, 'cannot be greater than status.replicas')] : [];
  });
}
