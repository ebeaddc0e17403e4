// upstream admission.NewForbidden: a plugin's refusal as the 403 of the request's group-resource and name
// (the request's name, else the object's name or generateName, else `Unknown`: upstream extractResourceName).
import { isForbidden, type StatusError } from '../errors/status-error.js';
import { newForbidden } from '../authorization/forbidden.js';
import type { AdmissionAttributes } from './types.js';
import { errorMessage } from '../errors/error-message.js';

export function admissionForbidden(a: AdmissionAttributes, cause: string): StatusError {
  const meta = a.object?.metadata;
  const name = a.name || meta?.name || meta?.generateName || 'Unknown';
  return newForbidden({ group: a.def.group, resource: a.def.resource }, name, cause);
}

/**
 * upstream admission.NewForbidden given an error: a Forbidden is answered as it is ("do not double wrap an error
 * of same type"), any other error becomes the request's 403 with the error's text as the cause.
 */
export function admissionForbiddenOf(a: AdmissionAttributes, error: unknown): StatusError {
  if (isForbidden(error)) return error;
  return admissionForbidden(a, errorMessage(error));
}
