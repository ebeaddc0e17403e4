// meta/v1 Condition lists in a kind's status (upstream 1.25 apis/meta/v1/validation ValidateConditions):
// unique types, each a label name; status True, False or Unknown; a transition time; a reason in
// upstream's format; bounded reason and message lengths.
import * as field from '../../../errors/field-errors.js';
import type { FieldError } from '../../../errors/field-errors.js';
import type { Condition } from './schemas.generated.js';
import { regexError, validateLabelName } from './validation.js';

const CONDITION_STATUSES = ['False', 'True', 'Unknown'];
const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');
const MAX_REASON_LENGTH = 1024;
const MAX_MESSAGE_LENGTH = 32 * 1024;
const REASON_FMT = '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?';
const REASON_RE = new RegExp(`^${REASON_FMT}$`);
const REASON_MSG =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";

/** Upstream ValidateCondition: one condition at `path`. */
export function validateCondition(condition: Partial<Condition>, path: string): FieldError[] {
  const errs = validateLabelName(condition.type ?? '', `${path}.type`);
  const status = condition.status ?? '';
  if (!CONDITION_STATUSES.includes(status)) errs.push(field.notSupported(`${path}.status`, status, CONDITION_STATUSES));
  if ((condition.observedGeneration ?? 0) < 0) errs.push(field.invalid(`${path}.observedGeneration`, condition.observedGeneration, 'must be greater than or equal to zero'));
  if (!condition.lastTransitionTime) errs.push(field.required(`${path}.lastTransitionTime`, 'must be set'));
  const reason = condition.reason ?? '';
  if (reason === '') errs.push(field.required(`${path}.reason`, 'must be set'));
  else {
    if (!REASON_RE.test(reason)) errs.push(field.invalid(`${path}.reason`, reason, regexError(REASON_MSG, REASON_FMT, 'my_name', 'MY_NAME', 'MyName', 'ReasonA,ReasonB', 'ReasonA:ReasonB')));
    if (byteLength(reason) > MAX_REASON_LENGTH) errs.push(field.tooLong(`${path}.reason`, reason, MAX_REASON_LENGTH));
  }
  if (byteLength(condition.message ?? '') > MAX_MESSAGE_LENGTH) errs.push(field.tooLong(`${path}.message`, condition.message, MAX_MESSAGE_LENGTH));
  return errs;
}

/** Upstream ValidateConditions: a duplicate type is reported at its later index, then each condition. */
export function validateConditions(conditions: readonly Partial<Condition>[] | undefined, path: string): FieldError[] {
  const seen = new Set<string>();
  return (conditions ?? []).flatMap((condition, i) => {
    const errs: FieldError[] = [];
    const type = condition.type ?? '';
    if (seen.has(type)) errs.push(field.duplicate(`${path}[${i}].type`, type));
    seen.add(type);
    return [...errs, ...validateCondition(condition, `${path}[${i}]`)];
  });
}
