// upstream admission.NewForbidden: a plugin's refusal as the 403 of the request's group-resource and name
// (the request's name, else the object's name or generateName, else `Unknown`: upstream extractResourceName).
import { forbidden, qualifiedResource, type StatusError } from '../errors/status-error.js';
import { goQuote } from '../registry/selectors/go-format.js';
import type { AdmissionAttributes } from './types.js';

export function admissionForbidden(a: AdmissionAttributes, cause: string): StatusError {
  const gr = { group: a.def.group, resource: a.def.resource };
  const meta = a.object?.metadata;
  const name = a.name || meta?.name || meta?.generateName || 'Unknown';
  return forbidden(`${qualifiedResource(gr)} ${goQuote(name)} is forbidden: ${cause}`, { name, ...(gr.group ? { group: gr.group } : {}), kind: gr.resource });
}
