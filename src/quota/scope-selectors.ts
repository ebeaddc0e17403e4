// Scope requirements as selectors (upstream helper.ScopedResourceSelectorRequirementsAsSelector over
// labels.NewRequirement, 1.25), for the requirements nothing validated: those of the ResourceQuota admission
// configuration's `matchScopes` (a quota's own are checked by its validation). Also how upstream prints them
// (Go's %v of a []ScopedResourceSelectorRequirement) and UncoveredQuotaScopes, which compares scope names only.
import { isValidLabelValue } from '../apis/meta/v1/validation.js';
import type { ScopeRequirement } from './evaluator.js';

const OPERATORS: ReadonlySet<string> = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/** Go's %#v of a []string: `[]string(nil)` when absent, `[]string{"a"}` otherwise. */
const goStrings = (values: readonly string[] | undefined): string => (values ? `[]string{${values.map((v) => JSON.stringify(v)).join(', ')}}` : '[]string(nil)');

/**
 * Why a requirement does not convert to a label selector (upstream's error text, as the pod evaluator wraps it),
 * undefined when it does. The scope name is a valid label key for every scope quota knows.
 */
export function selectorError(requirement: ScopeRequirement): string | undefined {
  const { operator, values } = requirement;
  if (!OPERATORS.has(operator)) return `${JSON.stringify(operator)} is not a valid scope selector operator`;
  const errors: string[] = [];
  const count = values?.length ?? 0;
  if ((operator === 'In' || operator === 'NotIn') && count === 0) {
    errors.push(`values: Invalid value: ${goStrings(values)}: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist') && count > 0) {
    errors.push(`values: Invalid value: ${goStrings(values)}: values set must be empty for exists and does not exist`);
  }
  (values ?? []).forEach((value, i) => {
    const invalid = isValidLabelValue(value);
    if (invalid.length > 0) errors.push(`values[${i}][${requirement.scopeName}]: Invalid value: ${JSON.stringify(value)}: ${invalid.join('; ')}`);
  });
  // field.ErrorList.ToAggregate: one error as it is, several in brackets.
  if (errors.length === 0) return undefined;
  return errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
}

/** Go's %v of one requirement: `{PriorityClass In [a b]}`. */
export const formatScopeRequirement = (r: ScopeRequirement): string => `{${r.scopeName} ${r.operator} [${(r.values ?? []).join(' ')}]}`;

/** Go's %v of a list of requirements: `[{PriorityClass In [a]} {BestEffort Exists []}]`. */
export const formatScopeRequirements = (list: readonly ScopeRequirement[]): string => `[${list.map(formatScopeRequirement).join(' ')}]`;

/** UncoveredQuotaScopes of the evaluators with scopes: the limited requirements whose scope no matched one names. */
export function uncoveredByScopeName(limited: readonly ScopeRequirement[], matched: readonly ScopeRequirement[]): ScopeRequirement[] {
  const covered = new Set(matched.map((r) => r.scopeName));
  return limited.filter((r) => !covered.has(r.scopeName));
}
