// The selector the API server generates for a Job (upstream 1.25 job strategy generateSelector and
// validation ValidateGeneratedSelector): unless spec.manualSelector is true, the pods carry
// `controller-uid=<uid>` and `job-name=<name>` and the Job selects `controller-uid=<uid>`.
import { GoLiteral, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import { labelSelectorFromObject } from '../../../../registry/selectors/label-selector-object.js';
import type { LabelSelector } from '../../../meta/v1/schemas.generated.js';
import { goLabelSelector, goStringMap } from '../go-values.js';
import type { Job } from '../schemas.generated.js';

export const CONTROLLER_UID_LABEL = 'controller-uid';
export const JOB_NAME_LABEL = 'job-name';

/** Whether the client asked to write the selector itself. */
export const hasManualSelector = (job: Job): boolean => job.spec?.manualSelector === true;

/** upstream generateSelector: labels the template (keeping values the client set) and selects the uid. */
export function generateSelector(job: Job): void {
  const spec = (job.spec ??= { template: {} });
  const template = (spec.template ??= {});
  const labels = ((template.metadata ??= {}).labels ??= {});
  labels[JOB_NAME_LABEL] ??= job.metadata.name ?? '';
  labels[CONTROLLER_UID_LABEL] ??= job.metadata.uid ?? '';
  const matchLabels = ((spec.selector ??= {}).matchLabels ??= {});
  matchLabels[CONTROLLER_UID_LABEL] ??= job.metadata.uid ?? '';
}

/**
 * upstream LabelSelectorAsSelector(selector).Matches(labels); undefined when the selector does not convert
 * (its errors are reported by selector validation).
 */
export function selectorMatches(selector: LabelSelector | undefined, labels: Record<string, string>): boolean | undefined {
  try {
    return labelSelectorFromObject(selector).matches(labels);
  } catch {
    return undefined;
  }
}

/** upstream ValidateHasLabel on the template's metadata. */
function validateHasLabel(labels: Record<string, string> | undefined, key: string, expected: string): FieldError[] {
  const path = `spec.template.metadata.labels[${key}]`;
  const actual = labels?.[key];
  if (actual === undefined) return [required(path, `must be '${expected}'`)];
  return actual === expected ? [] : [invalid(path, new GoLiteral(goStringMap(labels)), `must be '${expected}'`)];
}

/** upstream ValidateGeneratedSelector: the generated labels are on the template and the selector is the generated one. */
export function validateGeneratedSelector(job: Job): FieldError[] {
  const selector = job.spec?.selector;
  if (hasManualSelector(job) || selector === undefined) return [];
  const uid = job.metadata.uid ?? '';
  const name = job.metadata.name ?? '';
  const errors = uid === '' ? [required('metadata.uid')] : [];
  const labels = job.spec?.template?.metadata?.labels;
  errors.push(...validateHasLabel(labels, CONTROLLER_UID_LABEL, uid), ...validateHasLabel(labels, JOB_NAME_LABEL, name));
  if (selectorMatches(selector, { [CONTROLLER_UID_LABEL]: uid, [JOB_NAME_LABEL]: name }) === false) {
    errors.push(invalid('spec.selector', goLabelSelector(selector), '`selector` not auto-generated'));
  }
  return errors;
}
