// IntOrString fields that hold a count or a percentage (`minAvailable: 2`, `maxUnavailable: "25%"`):
// upstream 1.25 apps validation ValidatePositiveIntOrPercent and IsNotMoreThan100Percent, which
// PodDisruptionBudgets (and the apps kinds' rolling updates) use with these messages.
import * as field from '../../../errors/field-errors.js';
import { GoLiteral, type FieldError } from '../../../errors/field-errors.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import { regexError } from './validation.js';

const PERCENT_FMT = '[0-9]+%';
const PERCENT_RE = /^[0-9]+%$/;
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%'";

/** Go's %#v of an intstr.IntOrString, as upstream's field errors print one. */
export function goIntOrString(value: number | string): GoLiteral {
  return typeof value === 'number'
    ? new GoLiteral(`intstr.IntOrString{Type:0, IntVal:${value}, StrVal:""}`)
    : new GoLiteral(`intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(value)}}`);
}

/** Upstream IsValidPercent. */
export function isValidPercent(value: string): string[] {
  return PERCENT_RE.test(value) ? [] : [regexError(PERCENT_MSG, PERCENT_FMT, '1%', '93%')];
}

/** Upstream ValidatePositiveIntOrPercent: a non-negative integer or a percent string. */
export function validatePositiveIntOrPercent(value: number | string, path: string): FieldError[] {
  if (typeof value === 'string') return isValidPercent(value).map((msg) => field.invalid(path, goIntOrString(value), msg));
  return value < 0 ? [field.invalid(path, value, 'must be greater than or equal to 0')] : [];
}

/** Upstream IsNotMoreThan100Percent: a valid percent string at most `100%`. */
export function isNotMoreThan100Percent(value: number | string, path: string): FieldError[] {
  if (typeof value !== 'string' || isValidPercent(value).length > 0) return [];
  return Number(value.slice(0, -1)) > 100 ? [field.invalid(path, goIntOrString(value), 'must not be greater than 100%')] : [];
}
