// upstream admission.NewForbidden: a plugin's refusal, naming the request's resource and object (the
// request's name, else the object's name or generateName, else `Unknown`).
import { forbidden, qualifiedResource, type StatusError } from '../errors/status-error.js';
import type { AdmissionAttributes } from './types.js';

export function admissionForbidden(a: AdmissionAttributes, why: string): StatusError {
  const meta = a.object?.metadata;
  const name = a.name || meta?.name || meta?.generateName || 'Unknown';
  return forbidden(`${qualifiedResource({ group: a.def.group, resource: a.def.resource })} "${name}" is forbidden: ${why}`, { name, group: a.def.group, kind: a.def.resource });
}
