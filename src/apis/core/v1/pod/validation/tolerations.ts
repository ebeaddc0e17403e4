// Tolerations (upstream 1.25 ValidateTolerations, validateTaintEffect, validateOnlyAddedTolerations).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { isValidLabelValue, validateLabelName } from '../../../../meta/v1/validation.js';
import type { Toleration } from '../../schemas.generated.js';

const TAINT_EFFECTS: readonly string[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

function validateToleration(t: Toleration, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const key = t.key ?? '';
  const operator = t.operator ?? '';
  const value = t.value ?? '';
  const effect = t.effect ?? '';
  if (key) errs.push(...validateLabelName(key, `${at}.key`));
  if (!key && operator !== 'Exists') {
    errs.push(field.invalid(`${at}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
  }
  if (t.tolerationSeconds !== undefined && effect !== 'NoExecute') {
    errs.push(field.invalid(`${at}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  }
  if (operator === 'Equal' || operator === '') {
    const msgs = isValidLabelValue(value);
    if (msgs.length > 0) errs.push(field.invalid(`${at}.operator`, value, msgs.join(';')));
  } else if (operator === 'Exists') {
    if (value) errs.push(field.invalid(`${at}.operator`, t, "value must be empty when `operator` is 'Exists'"));
  } else {
    errs.push(field.notSupported(`${at}.operator`, operator, ['Equal', 'Exists']));
  }
  if (effect && !TAINT_EFFECTS.includes(effect)) errs.push(field.notSupported(`${at}.effect`, effect, TAINT_EFFECTS));
  return errs;
}

/** Upstream ValidateTolerations. */
export function validateTolerations(tolerations: readonly Toleration[] | undefined, path: string): FieldError[] {
  return (tolerations ?? []).flatMap((t, i) => validateToleration(t, `${path}[${i}]`));
}

/** Equal apart from tolerationSeconds (absent and empty string fields are the same, as in Go). */
const sameButSeconds = (a: Toleration, b: Toleration): boolean =>
  (a.key ?? '') === (b.key ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '') && (a.effect ?? '') === (b.effect ?? '');

/** Upstream validateOnlyAddedTolerations: every old toleration stays (its seconds may change); then the new list's rules. */
export function validateOnlyAddedTolerations(next: readonly Toleration[] | undefined, old: readonly Toleration[] | undefined, path: string): FieldError[] {
  for (const o of old ?? []) {
    if (!(next ?? []).some((n) => sameButSeconds(o, n))) return [field.forbidden(path, 'existing toleration can not be modified except its tolerationSeconds')];
  }
  return validateTolerations(next, path);
}
