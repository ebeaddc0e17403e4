// spec.podFailurePolicy validation (upstream 1.25 validatePodFailurePolicy and its rule checks): at most
// 20 rules, each with an action and exactly one of onExitCodes (an operator, a known container, 1 to 255
// distinct exit codes in order, no 0 with In) and onPodConditions (at most 20 qualified types with a status).
import { OMIT_VALUE, duplicate, invalid, notSupported, required, tooMany, type FieldError } from '../../../../errors/field-errors.js';
import { validateLabelName } from '../../../meta/v1/validation.js';
import { goInt32Slice } from '../go-values.js';
import type { JobSpec, PodFailurePolicyOnExitCodesRequirement, PodFailurePolicyOnPodConditionsPattern, PodFailurePolicyRule } from '../schemas.generated.js';

const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;
const MAX_CONDITION_PATTERNS = 20;
const ACTIONS = ['Count', 'FailJob', 'Ignore'];
const OPERATORS = ['In', 'NotIn'];
const STATUSES = ['False', 'True', 'Unknown'];

/** Go's %q of a []string, as upstream's "valid values: %q" prints its sorted set. */
const validValues = (values: readonly string[]): string => `valid values: [${values.map((v) => JSON.stringify(v)).join(' ')}]`;

/** A required enum: Required when empty, NotSupported when unknown. */
function oneOf(value: string | undefined, supported: readonly string[], path: string): FieldError[] {
  if (!value) return [required(path, validValues(supported))];
  return supported.includes(value) ? [] : [notSupported(path, value, supported)];
}

/** The exit codes of one rule: how many, 0 with In, duplicates, order. */
function validateExitCodeValues(values: readonly number[] | undefined, operator: string, path: string): FieldError[] {
  const list = values ?? [];
  if (list.length === 0) return [invalid(path, goInt32Slice(values), 'at least one value is required')];
  const errors: FieldError[] = list.length > MAX_EXIT_CODES ? [tooMany(path, list.length, MAX_EXIT_CODES)] : [];
  const seen = new Set<number>();
  let ordered = true;
  list.forEach((value, j) => {
    if (operator === 'In' && value === 0) errors.push(invalid(`${path}[${j}]`, value, 'must not be 0 for the In operator'));
    if (seen.has(value)) errors.push(duplicate(`${path}[${j}]`, value));
    else seen.add(value);
    if (j > 0 && (list[j - 1] ?? 0) > value) ordered = false;
  });
  if (!ordered) errors.push(invalid(path, goInt32Slice(values), 'must be ordered'));
  return errors;
}

function validateOnExitCodes(req: PodFailurePolicyOnExitCodesRequirement, path: string, containerNames: ReadonlySet<string>): FieldError[] {
  const errors = oneOf(req.operator, OPERATORS, `${path}.operator`);
  if (req.containerName !== undefined && !containerNames.has(req.containerName)) {
    errors.push(invalid(`${path}.containerName`, req.containerName, 'must be one of the container or initContainer names in the pod template'));
  }
  return [...errors, ...validateExitCodeValues(req.values, req.operator ?? '', `${path}.values`)];
}

function validateOnPodConditions(patterns: readonly PodFailurePolicyOnPodConditionsPattern[], path: string): FieldError[] {
  const errors = patterns.length > MAX_CONDITION_PATTERNS ? [tooMany(path, patterns.length, MAX_CONDITION_PATTERNS)] : [];
  patterns.forEach((pattern, j) => {
    errors.push(...validateLabelName(pattern.type ?? '', `${path}[${j}].type`), ...oneOf(pattern.status, STATUSES, `${path}[${j}].status`));
  });
  return errors;
}

function validateRule(rule: PodFailurePolicyRule, path: string, containerNames: ReadonlySet<string>): FieldError[] {
  const errors = oneOf(rule.action, ACTIONS, `${path}.action`);
  const conditions = rule.onPodConditions ?? [];
  if (rule.onExitCodes) errors.push(...validateOnExitCodes(rule.onExitCodes, `${path}.onExitCodes`, containerNames));
  if (conditions.length > 0) errors.push(...validateOnPodConditions(conditions, `${path}.onPodConditions`));
  if (rule.onExitCodes && conditions.length > 0) errors.push(invalid(path, OMIT_VALUE, 'specifying both OnExitCodes and OnPodConditions is not supported'));
  if (!rule.onExitCodes && conditions.length === 0) errors.push(invalid(path, OMIT_VALUE, 'specifying one of OnExitCodes and OnPodConditions is required'));
  return errors;
}

/** upstream validatePodFailurePolicy (the spec's policy is set), at `path` (`spec.podFailurePolicy`). */
export function validatePodFailurePolicy(spec: JobSpec, path: string): FieldError[] {
  const rules = spec.podFailurePolicy?.rules ?? [];
  const errors = rules.length > MAX_RULES ? [tooMany(`${path}.rules`, rules.length, MAX_RULES)] : [];
  const podSpec = spec.template?.spec;
  const containerNames = new Set([...(podSpec?.containers ?? []), ...(podSpec?.initContainers ?? [])].map((c) => c.name));
  rules.forEach((rule, i) => errors.push(...validateRule(rule, `${path}.rules[${i}]`, containerNames)));
  return errors;
}
