// ResourceQuota scopes and scope selectors as upstream validateResourceQuotaScopes and
// validateScopedResourceSelectorRequirement check them (pkg/apis/core/validation, core/helper).
import { GoLiteral, invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { goQuote, goStringSlice } from '../../../registry/selectors/go-format.js';
import { isStandardQuotaResourceName } from './resource-names.js';
import type { ResourceQuotaSpec, ScopeSelector } from './schemas.generated.js';

const STANDARD_SCOPES = new Set(['Terminating', 'NotTerminating', 'BestEffort', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity']);
const POD_COUNT = new Set(['pods']);
const POD_COMPUTE = new Set(['cpu', 'memory', 'limits.cpu', 'limits.memory', 'requests.cpu', 'requests.memory']);
const CONFLICTING_PAIRS = [
  ['BestEffort', 'NotBestEffort'],
  ['Terminating', 'NotTerminating'],
] as const;
/** Scopes whose selector operator must be Exists. */
const EXISTS_ONLY = new Set(['BestEffort', 'NotBestEffort', 'Terminating', 'NotTerminating', 'CrossNamespacePodAffinity']);

/** upstream IsResourceQuotaScopeValidForResource. */
function scopeValidForResource(scope: string, resource: string): boolean {
  if (scope === 'BestEffort') return POD_COUNT.has(resource);
  if (['Terminating', 'NotTerminating', 'NotBestEffort', 'PriorityClass', 'CrossNamespacePodAffinity'].includes(scope)) return POD_COUNT.has(resource) || POD_COMPUTE.has(resource);
  return true;
}

/** Go's %#v of []core.ResourceQuotaScope. */
export function goScopes(scopes: readonly string[] | undefined): GoLiteral {
  if (!scopes) return new GoLiteral('[]core.ResourceQuotaScope(nil)');
  return new GoLiteral(`[]core.ResourceQuotaScope{${scopes.map(goQuote).join(', ')}}`);
}

/** Go's %#v of core.ScopeSelector. */
function goScopeSelector(selector: ScopeSelector): GoLiteral {
  const requirements = selector.matchExpressions;
  const inner = requirements
    ? `[]core.ScopedResourceSelectorRequirement{${requirements
        .map((r) => `core.ScopedResourceSelectorRequirement{ScopeName:${goQuote(r.scopeName ?? '')}, Operator:${goQuote(r.operator ?? '')}, Values:${goStringSlice(r.values ?? [])}}`)
        .join(', ')}}`
    : '[]core.ScopedResourceSelectorRequirement(nil)';
  return new GoLiteral(`core.ScopeSelector{MatchExpressions:${inner}}`);
}

/** Sorted hard resource names (upstream walks a sorted set). */
const hardNames = (spec: ResourceQuotaSpec): string[] => Object.keys(spec.hard ?? {}).sort();

const conflicting = (scopes: ReadonlySet<string>): number => CONFLICTING_PAIRS.filter(([a, b]) => scopes.has(a) && scopes.has(b)).length;

/** upstream validateResourceQuotaScopes (errors at `<path>.scopes` carry the whole list). */
export function validateQuotaScopes(spec: ResourceQuotaSpec, path: string): FieldError[] {
  const scopes = spec.scopes ?? [];
  if (scopes.length === 0) return [];
  const errors: FieldError[] = [];
  const at = `${path}.scopes`;
  for (const scope of scopes) {
    if (!STANDARD_SCOPES.has(scope)) errors.push(invalid(at, goScopes(spec.scopes), 'unsupported scope'));
    for (const name of hardNames(spec)) {
      if (isStandardQuotaResourceName(name) && !scopeValidForResource(scope, name)) errors.push(invalid(at, goScopes(spec.scopes), 'unsupported scope applied to resource'));
    }
  }
  for (let i = conflicting(new Set(scopes)); i > 0; i--) errors.push(invalid(at, goScopes(spec.scopes), 'conflicting scopes'));
  return errors;
}

/** upstream validateScopeSelector / validateScopedResourceSelectorRequirement. */
export function validateScopeSelector(spec: ResourceQuotaSpec, path: string): FieldError[] {
  const selector = spec.scopeSelector;
  if (!selector) return [];
  const errors: FieldError[] = [];
  const at = `${path}.scopeSelector.matchExpressions`;
  const seen = new Set<string>();
  for (const req of selector.matchExpressions ?? []) {
    const scope = req.scopeName ?? '';
    const operator = req.operator ?? '';
    if (!STANDARD_SCOPES.has(scope)) errors.push(invalid(`${at}.scopeName`, scope, 'unsupported scope'));
    for (const name of hardNames(spec)) {
      if (isStandardQuotaResourceName(name) && !scopeValidForResource(scope, name)) errors.push(invalid(at, goScopeSelector(selector), 'unsupported scope applied to resource'));
    }
    if (EXISTS_ONLY.has(scope) && operator !== 'Exists')
      errors.push(
        invalid(
          `${at}.operator`,
          operator,
          "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
        ),
      );
    const values = req.values ?? [];
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0) errors.push(required(`${at}.values`, "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"));
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length !== 0) errors.push(invalid(`${at}.values`, new GoLiteral(goStringSlice(values)), "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector"));
    } else {
      errors.push(invalid(`${at}.operator`, operator, 'not a valid selector operator'));
    }
    seen.add(scope);
  }
  for (let i = conflicting(seen); i > 0; i--) errors.push(invalid(at, goScopes(spec.scopes), 'conflicting scopes'));
  return errors;
}
