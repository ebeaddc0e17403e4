// Taints and tolerations as upstream's core validation checks them (validateNodeTaints,
// ValidateTolerations, validateTaintEffect). Nodes carry taints; RuntimeClass scheduling (and pods)
// carry tolerations. Values Go prints with %#v are rendered as its internal `core.*` structs.
import { GoLiteral, duplicate, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import { isValidLabelValue, validateLabelName } from '../../meta/v1/validation.js';
import type { Taint, Toleration } from './schemas.generated.js';

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
const TOLERATION_OPERATORS = ['Equal', 'Exists'];

/** Upstream validateTaintEffect: one of the three effects; empty only where allowed (tolerations). */
export function validateTaintEffect(effect: string, allowEmpty: boolean, path: string): FieldError[] {
  if (!allowEmpty && effect === '') return [required(path)];
  return (TAINT_EFFECTS as readonly string[]).includes(effect) ? [] : [notSupported(path, effect, TAINT_EFFECTS)];
}

/** Go's %#v of an internal core.Taint (a set timeAdded is a pointer Go prints as an address). */
export function goTaint(t: Taint): string {
  const added = t.timeAdded ? '(*v1.Time)(0xc000000000)' : '(*v1.Time)(nil)';
  return `core.Taint{Key:${goQuote(t.key ?? '')}, Value:${goQuote(t.value ?? '')}, Effect:${goQuote(t.effect ?? '')}, TimeAdded:${added}}`;
}

/** Go's %#v of an internal core.Toleration. */
export function goToleration(t: Toleration): string {
  const seconds = t.tolerationSeconds === undefined ? '(*int64)(nil)' : '(*int64)(0xc000000000)';
  return `core.Toleration{Key:${goQuote(t.key ?? '')}, Operator:${goQuote(t.operator ?? '')}, Value:${goQuote(t.value ?? '')}, Effect:${goQuote(t.effect ?? '')}, TolerationSeconds:${seconds}}`;
}

/**
 * Upstream validateNodeTaints: key a label name, value a label value, a known effect, and unique by
 * (key, effect). `path` is the list's path (upstream passes `metadata.taints` for spec.taints).
 */
export function validateNodeTaints(taints: readonly Taint[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  taints.forEach((taint, i) => {
    const at = `${path}[${i}]`;
    errors.push(...validateLabelName(taint.key ?? '', `${at}.key`));
    const valueErrors = isValidLabelValue(taint.value ?? '');
    if (valueErrors.length > 0) errors.push(invalid(`${at}.value`, taint.value ?? '', valueErrors.join(';')));
    errors.push(...validateTaintEffect(taint.effect ?? '', false, `${at}.effect`));
    const id = JSON.stringify([taint.effect ?? '', taint.key ?? '']);
    if (seen.has(id)) {
      errors.push({ ...duplicate(at, new GoLiteral(goTaint(taint))), detail: 'taints must be unique by key and effect pair' });
      return;
    }
    seen.add(id);
  });
  return errors;
}

/** Upstream ValidateTolerations. */
export function validateTolerations(tolerations: readonly Toleration[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  tolerations.forEach((t, i) => {
    const at = `${path}[${i}]`;
    const key = t.key ?? '';
    const operator = t.operator ?? '';
    const value = t.value ?? '';
    const effect = t.effect ?? '';
    if (key) errors.push(...validateLabelName(key, `${at}.key`));
    if (!key && operator !== 'Exists')
      errors.push(invalid(`${at}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    if (t.tolerationSeconds !== undefined && effect !== 'NoExecute')
      errors.push(invalid(`${at}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    if (operator === 'Equal' || operator === '') {
      const valueErrors = isValidLabelValue(value);
      if (valueErrors.length > 0) errors.push(invalid(`${at}.operator`, value, valueErrors.join(';')));
    } else if (operator === 'Exists') {
      if (value) errors.push(invalid(`${at}.operator`, new GoLiteral(goToleration(t)), "value must be empty when `operator` is 'Exists'"));
    } else {
      errors.push(notSupported(`${at}.operator`, operator, TOLERATION_OPERATORS));
    }
    if (effect) errors.push(...validateTaintEffect(effect, true, `${at}.effect`));
  });
  return errors;
}
