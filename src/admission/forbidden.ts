// upstream admission.NewForbidden: a plugin's refusal as the 403 of the request's group-resource and name.
import { forbidden, qualifiedResource, type StatusError } from '../errors/status-error.js';
import { goQuote } from '../registry/selectors/go-format.js';
import type { AdmissionAttributes } from './types.js';

export function admissionForbidden(a: AdmissionAttributes, cause: string): StatusError {
  const gr = { group: a.def.group, resource: a.def.resource };
  const subject = a.name ? `${qualifiedResource(gr)} ${goQuote(a.name)}` : qualifiedResource(gr);
  return forbidden(`${subject} is forbidden: ${cause}`, { ...(a.name ? { name: a.name } : {}), ...(gr.group ? { group: gr.group } : {}), kind: gr.resource });
}
