// Ingress backends (upstream 1.25 networking validation validateIngressBackend): exactly one of a service
// (name, and a port by name or by number) or a typed resource reference. The reference check is shared
// with IngressClass parameters.
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { isDNS1123Subdomain, nameIsDNS1035Label, validatePathSegmentName } from '../../meta/v1/validation.js';
import { isValidPortName, isValidPortNum } from '../../core/v1/network-validation.js';
import type { IngressBackend, IngressServiceBackend } from './schemas.generated.js';

/** The fields of a TypedLocalObjectReference, as they may arrive (kind and name missing until checked). */
export interface TypedReference {
  apiGroup?: string;
  kind?: string;
  name?: string;
}

/** Upstream validateIngressTypedLocalObjectReference: API group a subdomain, kind and name required path segments. */
export function validateTypedReference(ref: TypedReference, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (ref.apiGroup !== undefined) errors.push(...isDNS1123Subdomain(ref.apiGroup).map((m) => invalid(`${path}.apiGroup`, ref.apiGroup, m)));
  for (const key of ['kind', 'name'] as const) {
    const value = ref[key] ?? '';
    if (value === '') errors.push(required(`${path}.${key}`, `${key} is required`));
    else errors.push(...validatePathSegmentName(value, false).map((m) => invalid(`${path}.${key}`, value, m)));
  }
  return errors;
}

/** The service half of a backend: a service name (RFC 1035 label) and one port, by name or by number. */
function validateServiceBackend(service: Partial<IngressServiceBackend>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = service.name ?? '';
  if (name === '') errors.push(required(`${path}.service.name`));
  else errors.push(...nameIsDNS1035Label(name, false).map((m) => invalid(`${path}.service.name`, name, m)));
  const portName = service.port?.name ?? '';
  const portNumber = service.port?.number ?? 0;
  if (portName !== '' && portNumber !== 0) errors.push(invalid(path, '', 'cannot set both port name & port number'));
  else if (portName !== '') errors.push(...isValidPortName(portName).map((m) => invalid(`${path}.service.port.name`, portName, m)));
  else if (portNumber !== 0) errors.push(...isValidPortNum(portNumber).map((m) => invalid(`${path}.service.port.number`, portNumber, m)));
  else errors.push(required(path, 'port name or number is required'));
  return errors;
}

/** Upstream validateIngressBackend. */
export function validateIngressBackend(backend: IngressBackend | undefined, path: string): FieldError[] {
  const resource = backend?.resource;
  const service = backend?.service;
  if (resource && service) return [invalid(path, '', 'cannot set both resource and service backends')];
  if (resource) return validateTypedReference(resource, `${path}.resource`);
  if (service) return validateServiceBackend(service, path);
  return [invalid(path, '', 'resource or service backend is required')];
}
