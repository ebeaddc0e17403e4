// One requirement of a label selector (upstream labels.Requirement): construction with upstream's
// validation errors, matching against a label set, and the canonical string form.
import { isQualifiedName, isValidLabelValue } from '../../apis/meta/v1/validation.js';
import { goQuote, goStringSlice } from './go-format.js';
import { goInt64 } from '../../schema/query-parameters.js';

/** Upstream selection.Operator values. */
export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

/** key OP values; `values` is sorted and free of duplicates when parsed. */
export interface Requirement {
  readonly key: string;
  readonly operator: LabelOperator;
  readonly values: readonly string[];
}

/** Upstream validateLabelKey: one field error line, or undefined when the key is valid. */
export function labelKeyError(key: string, path: string): string | undefined {
  const errs = isQualifiedName(key);
  return errs.length ? `${path}: Invalid value: ${goQuote(key)}: ${errs.join('; ')}` : undefined;
}

function operatorErrors(op: LabelOperator, values: readonly string[]): string[] {
  const invalidValues = (detail: string): string => `values: Invalid value: ${goStringSlice(values)}: ${detail}`;
  switch (op) {
    case 'in':
    case 'notin':
      return values.length === 0 ? [invalidValues("for 'in', 'notin' operators, values set can't be empty")] : [];
    case '=':
    case '==':
    case '!=':
      return values.length !== 1 ? [invalidValues('exact-match compatibility requires one single value')] : [];
    case 'exists':
    case '!':
      return values.length !== 0 ? [invalidValues('values set must be empty for exists and does not exist')] : [];
    case 'gt':
    case 'lt': {
      const errs = values.length !== 1 ? [invalidValues("for 'Gt', 'Lt' operators, exactly one value is required")] : [];
      values.forEach((v, i) => {
        if (goInt64(v) === undefined) errs.push(`values[${i}]: Invalid value: ${goQuote(v)}: for 'Gt', 'Lt' operators, the value must be an integer`);
      });
      return errs;
    }
  }
}

/** Upstream aggregate error text: one message alone, several as `[a, b]` with duplicates dropped. */
function aggregateMessage(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? (unique[0] ?? '') : `[${unique.join(', ')}]`;
}

/**
 * Upstream NewRequirement: returns the requirement, or the aggregated error text (field paths relative
 * to the requirement: `key`, `values[i][<key>]`).
 */
export function newRequirement(key: string, operator: LabelOperator, values: readonly string[]): Requirement | string {
  const errs: string[] = [];
  const keyErr = labelKeyError(key, 'key');
  if (keyErr) errs.push(keyErr);
  errs.push(...operatorErrors(operator, values));
  values.forEach((v, i) => {
    const msgs = isValidLabelValue(v);
    if (msgs.length) errs.push(`values[${i}][${key}]: Invalid value: ${goQuote(v)}: ${msgs.join('; ')}`);
  });
  return errs.length ? aggregateMessage(errs) : { key, operator, values: [...values] };
}

/** Whether `labels` satisfies the requirement (absent keys satisfy only the negative operators). */
export function requirementMatches(r: Requirement, labels: Readonly<Record<string, string>>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const value = has ? labels[r.key] : undefined;
  switch (r.operator) {
    case 'in':
    case '=':
    case '==':
      return value !== undefined && r.values.includes(value);
    case 'notin':
    case '!=':
      return value === undefined || !r.values.includes(value);
    case 'exists':
      return value !== undefined;
    case '!':
      return value === undefined;
    case 'gt':
    case 'lt':
      return compareInteger(r, value);
  }
}

function compareInteger(r: Requirement, value: string | undefined): boolean {
  const actual = value === undefined ? undefined : goInt64(value);
  const wanted = r.values.length === 1 ? goInt64(r.values[0] ?? '') : undefined;
  if (actual === undefined || wanted === undefined) return false;
  return r.operator === 'gt' ? actual > wanted : actual < wanted;
}

const OPERATOR_TEXT: Record<LabelOperator, string> = {
  '=': '=',
  '==': '==',
  '!=': '!=',
  in: ' in ',
  notin: ' notin ',
  gt: '>',
  lt: '<',
  exists: '',
  '!': '',
};

/** Upstream Requirement.String(): `x in (a,b)`, `!x`, `x>1`; values printed sorted. */
export function requirementString(r: Requirement): string {
  const head = `${r.operator === '!' ? '!' : ''}${r.key}${OPERATOR_TEXT[r.operator]}`;
  if (r.operator === 'exists' || r.operator === '!') return head;
  const values = [...r.values].sort().join(',');
  return r.operator === 'in' || r.operator === 'notin' ? `${head}(${values})` : `${head}${values}`;
}
