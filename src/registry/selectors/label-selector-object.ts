// meta/v1 LabelSelector objects (`matchLabels` + `matchExpressions`) as kinds carry them in specs:
// validation to field errors (upstream 1.25 ValidateLabelSelector) and conversion to a matcher
// (upstream LabelSelectorAsSelector).
import { validateLabelName, validateLabels } from '../../apis/meta/v1/validation.js';
import * as field from '../../errors/field-errors.js';
import type { FieldError } from '../../errors/field-errors.js';
import { badRequest } from '../../errors/status-error.js';
import { goQuote } from './go-format.js';
import { newRequirement, type LabelOperator, type Requirement } from './label-requirement.js';
import { everything, nothing, selectorOf, type LabelSelector } from './label-selector.js';

/** meta/v1 LabelSelectorRequirement; `operator` is In, NotIn, Exists or DoesNotExist. */
export interface LabelSelectorRequirementObject {
  key: string;
  operator: string;
  values?: string[];
}

/** meta/v1 LabelSelector (`spec.selector`, `namespaceSelector`, `objectSelector`, ...). */
export interface LabelSelectorObject {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirementObject[];
}

/** Upstream 1.25 ValidateLabelSelector: labels, each operator's value count, and keys (values are not checked in 1.25). */
export function validateLabelSelector(selector: LabelSelectorObject | null | undefined, path: string): FieldError[] {
  if (!selector) return [];
  const errs = validateLabels(selector.matchLabels, `${path}.matchLabels`);
  (selector.matchExpressions ?? []).forEach((expr, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const count = expr.values?.length ?? 0;
    if (expr.operator === 'In' || expr.operator === 'NotIn') {
      if (count === 0) errs.push(field.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (expr.operator === 'Exists' || expr.operator === 'DoesNotExist') {
      if (count > 0) errs.push(field.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else {
      errs.push(field.invalid(`${p}.operator`, expr.operator ?? '', 'not a valid selector operator'));
    }
    // A client may omit the key: Go reads the zero value, an empty name.
    errs.push(...validateLabelName(expr.key ?? '', `${p}.key`));
  });
  return errs;
}

const OPERATORS: Readonly<Record<string, LabelOperator>> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

function requirementOrThrow(key: string, op: LabelOperator, values: readonly string[]): Requirement {
  const r = newRequirement(key, op, values);
  if (typeof r === 'string') throw badRequest(r);
  return r;
}

/**
 * Converts a meta/v1 LabelSelector to a matcher. As upstream: null/undefined selects nothing, an empty
 * selector selects everything. An invalid selector throws a 400 BadRequest with upstream's message;
 * callers that validated the object first (validateLabelSelector) only see it for invalid label values.
 */
export function labelSelectorFromObject(selector: LabelSelectorObject | null | undefined): LabelSelector {
  if (!selector) return nothing;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const expressions = selector.matchExpressions ?? [];
  if (matchLabels.length + expressions.length === 0) return everything;
  const requirements = matchLabels.map(([k, v]) => requirementOrThrow(k, '=', [v]));
  for (const expr of expressions) {
    const op = OPERATORS[expr.operator];
    if (!op) throw badRequest(`${goQuote(expr.operator)} is not a valid label selector operator`);
    requirements.push(requirementOrThrow(expr.key, op, expr.values ?? []));
  }
  return selectorOf(requirements);
}
