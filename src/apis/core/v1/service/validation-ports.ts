// Port rules of ValidateService: each ServicePort, unique (protocol, port) and (protocol, nodePort) pairs,
// and no node ports on ClusterIP services.
import { GoLiteral, duplicate, forbidden, invalid, required, type FieldError } from '../../../../errors/field-errors.js';
import { isValidPortNum, validateDNS1123Label, validatePortNumOrName, validateProtocol, validateQualifiedName } from '../network-validation.js';
import type { Service, ServicePort } from './helpers.js';

/** Upstream validateServicePort: name (required with several ports, a DNS label, unique), port, protocol, targetPort. */
function validateServicePort(port: ServicePort, requireName: boolean, names: Set<string>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = port.name ?? '';
  if (requireName && name === '') errors.push(required(`${path}.name`));
  else if (name !== '') {
    errors.push(...validateDNS1123Label(name, `${path}.name`));
    if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
    else names.add(name);
  }
  for (const msg of isValidPortNum(port.port)) errors.push(invalid(`${path}.port`, port.port, msg));
  errors.push(...validateProtocol(port.protocol, `${path}.protocol`));
  errors.push(...validatePortNumOrName(port.targetPort ?? 0, `${path}.targetPort`));
  if (port.appProtocol !== undefined) errors.push(...validateQualifiedName(port.appProtocol, `${path}.appProtocol`));
  return errors;
}

/** The key upstream reports a duplicate port with, as Go prints the struct. */
function portKey(port: ServicePort): GoLiteral {
  const target = 'intstr.IntOrString{Type:0, IntVal:0, StrVal:""}';
  return new GoLiteral(`core.ServicePort{Name:"", Protocol:${JSON.stringify(port.protocol ?? '')}, AppProtocol:(*string)(nil), Port:${port.port}, TargetPort:${target}, NodePort:0}`);
}

/** Every port rule of ValidateService, in upstream's order. */
export function validateServicePorts(svc: Service): FieldError[] {
  const ports = svc.spec?.ports ?? [];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((p, i) => errors.push(...validateServicePort(p, ports.length > 1, names, `spec.ports[${i}]`)));
  // Upstream tolerates any targetPort on headless services in v1 (no rule here on purpose).
  return errors;
}

/** Node ports forbidden on ClusterIP services; duplicates of (protocol, nodePort) and (protocol, port). */
export function validatePortUniqueness(svc: Service): FieldError[] {
  const ports = svc.spec?.ports ?? [];
  const errors: FieldError[] = [];
  if (svc.spec?.type === 'ClusterIP') {
    ports.forEach((p, i) => {
      if (p.nodePort) errors.push(forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (!p.nodePort) return;
    const key = `${p.protocol ?? ''}/${p.nodePort}`;
    if (nodePorts.has(key)) errors.push(duplicate(`spec.ports[${i}].nodePort`, p.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((p, i) => {
    const key = `${p.protocol ?? ''}/${p.port}`;
    if (seen.has(key)) errors.push(duplicate(`spec.ports[${i}]`, portKey(p)));
    seen.add(key);
  });
  return errors;
}
