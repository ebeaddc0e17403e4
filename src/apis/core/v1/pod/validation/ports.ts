// Container ports (upstream 1.25 validateContainerPorts and AccumulateUniqueHostPorts).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { Container, ContainerPort } from '../../schemas.generated.js';
import { num, portNameErrors, portNumErrors } from './common.js';

/** Upstream supportedPortProtocols, sorted as its error lists them. */
const PROTOCOLS: readonly string[] = ['SCTP', 'TCP', 'UDP'];

function validatePort(port: ContainerPort, at: string, names: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  if (port.name) {
    const msgs = portNameErrors(port.name);
    if (msgs.length > 0) errs.push(...msgs.map((m) => field.invalid(`${at}.name`, port.name, m)));
    else if (names.has(port.name)) errs.push(field.duplicate(`${at}.name`, port.name));
    else names.add(port.name);
  }
  const containerPort = num(port.containerPort);
  if (containerPort === 0) errs.push(field.required(`${at}.containerPort`));
  else errs.push(...portNumErrors(containerPort).map((m) => field.invalid(`${at}.containerPort`, containerPort, m)));
  const hostPort = num(port.hostPort);
  if (hostPort !== 0) errs.push(...portNumErrors(hostPort).map((m) => field.invalid(`${at}.hostPort`, hostPort, m)));
  if (!port.protocol) errs.push(field.required(`${at}.protocol`));
  else if (!PROTOCOLS.includes(port.protocol)) errs.push(field.notSupported(`${at}.protocol`, port.protocol, PROTOCOLS));
  return errs;
}

/** Upstream validateContainerPorts: names IANA_SVC_NAME and unique, numbers in range, protocol known. */
export function validateContainerPorts(ports: readonly ContainerPort[] | undefined, path: string): FieldError[] {
  const names = new Set<string>();
  return (ports ?? []).flatMap((port, i) => validatePort(port, `${path}[${i}]`, names));
}

/**
 * Upstream checkHostPortConflicts: a `protocol/hostIP/hostPort` triple used twice among `containers`,
 * indexed from `path` (init containers are checked one at a time, so upstream reports them at index 0).
 */
export function checkHostPortConflicts(containers: readonly Pick<Container, 'ports'>[], path: string): FieldError[] {
  const seen = new Set<string>();
  const errs: FieldError[] = [];
  containers.forEach((ctr, ci) => {
    (ctr.ports ?? []).forEach((port, pi) => {
      const hostPort = num(port.hostPort);
      if (hostPort === 0) return;
      const key = `${port.protocol ?? ''}/${port.hostIP ?? ''}/${hostPort}`;
      if (seen.has(key)) errs.push(field.duplicate(`${path}[${ci}].ports[${pi}].hostPort`, key));
      else seen.add(key);
    });
  });
  return errs;
}
