// PodLogOptions from the query of a log request (upstream parameter decoding and ValidatePodLogOptions, 1.25).
import { int64Query } from '../../../../../schema/query-parameters.js';
import { forbidden, invalid, type FieldError } from '../../../../../errors/field-errors.js';

/** upstream ValidatePodLogOptions over the query's tailLines, limitBytes, sinceSeconds and sinceTime. */
export function validatePodLogOptions(query: URLSearchParams): FieldError[] {
  const errors: FieldError[] = [];
  const tailLines = int64Query(query, 'tailLines');
  const limitBytes = int64Query(query, 'limitBytes');
  const sinceSeconds = int64Query(query, 'sinceSeconds');
  if (tailLines !== undefined && tailLines < 0) errors.push(invalid('tailLines', tailLines, 'must be greater than or equal to 0'));
  if (limitBytes !== undefined && limitBytes < 1) errors.push(invalid('limitBytes', limitBytes, 'must be greater than 0'));
  if (sinceSeconds !== undefined && query.get('sinceTime') !== null) {
    errors.push(forbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (sinceSeconds !== undefined && sinceSeconds < 1) {
    errors.push(invalid('sinceSeconds', sinceSeconds, 'must be greater than 0'));
  }
  return errors;
}
