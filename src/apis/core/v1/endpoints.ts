// Endpoints (core v1, namespaced): schema, the protocol default, validation as upstream
// ValidateEndpoints / ValidateEndpointsUpdate (1.25), and the `kubectl get` table NAME ENDPOINTS AGE.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { CORE_V1 } from './object-reference.js';
import { isValidIP, isValidPortNum, validateDNS1123Label, validateDNS1123Subdomain, validateNonSpecialIP, validateProtocol, validateQualifiedName, VALID_IP_MESSAGE } from './network-validation.js';
import { EndpointsSchema, type EndpointAddress, type EndpointPort, type Endpoints } from './schemas.generated.js';

export { EndpointsSchema, type Endpoints };

/** Upstream SetDefaults_Endpoints: ports default to TCP. */
function defaultEndpoints(eps: Endpoints): void {
  for (const subset of eps.subsets ?? []) for (const port of subset.ports ?? []) port.protocol ||= 'TCP';
}

function validateAddress(address: EndpointAddress, path: string): FieldError[] {
  const errors: FieldError[] = isValidIP(address.ip) ? [] : [invalid(`${path}.ip`, address.ip, VALID_IP_MESSAGE)];
  if (address.hostname) errors.push(...validateDNS1123Label(address.hostname, `${path}.hostname`));
  if (address.nodeName !== undefined) errors.push(...validateDNS1123Subdomain(address.nodeName, `${path}.nodeName`));
  errors.push(...validateNonSpecialIP(address.ip, `${path}.ip`));
  return errors;
}

function validatePort(port: EndpointPort, requireName: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (requireName && !port.name) errors.push(required(`${path}.name`));
  else if (port.name) errors.push(...validateDNS1123Label(port.name, `${path}.name`));
  for (const msg of isValidPortNum(port.port)) errors.push(invalid(`${path}.port`, port.port, msg));
  errors.push(...validateProtocol(port.protocol, `${path}.protocol`));
  if (port.appProtocol !== undefined) errors.push(...validateQualifiedName(port.appProtocol, `${path}.appProtocol`));
  return errors;
}

/** Upstream ValidateEndpoints: metadata (DNS subdomain names), then each subset's addresses and ports. */
export function validateEndpoints(eps: Endpoints): FieldError[] {
  const errors = validateObjectMeta(eps.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  (eps.subsets ?? []).forEach((subset, i) => {
    const path = `subsets[${i}]`;
    // A headless service's endpoints may lack ports, never addresses.
    if ((subset.addresses ?? []).length === 0 && (subset.notReadyAddresses ?? []).length === 0)
      errors.push(required(path, 'must specify `addresses` or `notReadyAddresses`'));
    (subset.addresses ?? []).forEach((a, j) => errors.push(...validateAddress(a, `${path}.addresses[${j}]`)));
    (subset.notReadyAddresses ?? []).forEach((a, j) => errors.push(...validateAddress(a, `${path}.notReadyAddresses[${j}]`)));
    const ports = subset.ports ?? [];
    ports.forEach((p, j) => errors.push(...validatePort(p, ports.length > 1, `${path}.ports[${j}]`)));
  });
  return errors;
}

/** Upstream ValidateEndpointsUpdate: metadata update rules, then the create rules. */
export function validateEndpointsUpdate(eps: Endpoints, old: Endpoints): FieldError[] {
  return [...validateObjectMetaUpdate(eps.metadata, old.metadata), ...validateEndpoints(eps)];
}

/** Upstream formatEndpoints: up to three `ip:port` (or bare IPs for port-less subsets), then `+ N more...`. */
export function formatEndpoints(eps: Endpoints): string {
  const subsets = eps.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const max = 3;
  const list: string[] = [];
  let count = 0;
  let more = false;
  const add = (text: string): void => {
    if (list.length === max) more = true;
    else list.push(text);
  };
  for (const subset of subsets) {
    const addresses = subset.addresses ?? [];
    const ports = subset.ports ?? [];
    count += addresses.length * Math.max(ports.length, 1);
    if (ports.length === 0) addresses.forEach((a) => add(a.ip));
    for (const port of ports) addresses.forEach((a) => add(a.ip.includes(':') ? `[${a.ip}]:${port.port}` : `${a.ip}:${port.port}`));
  }
  if (more) return `${list.join(',')} + ${count - max} more...`;
  return list.length === 0 ? '<none>' : list.join(',');
}

const endpointsColumn: TableColumn<Endpoints> = {
  definition: columnDefinition('Endpoints', 'string', 'The set of all endpoints is the union of all subsets.'),
  cell: formatEndpoints,
};

/** The Endpoints resource: `endpoints`, short name `ep`, every verb; stored under `/registry/services/endpoints/`, as upstream. */
export const endpointsDefinition: ResourceDefinition<Endpoints> = {
  group: '',
  version: 'v1',
  kind: 'Endpoints',
  listKind: 'EndpointsList',
  resource: 'endpoints',
  singular: 'endpoints',
  shortNames: ['ep'],
  namespaced: true,
  schema: EndpointsSchema,
  definitionName: `${CORE_V1}.Endpoints`,
  verbs: ALL_VERBS,
  defaults: defaultEndpoints,
  strategy: { validate: validateEndpoints, validateUpdate: validateEndpointsUpdate, allowCreateOnUpdate: true },
  tableColumns: [nameColumn(), endpointsColumn, ageColumn()],
  storage: { resourcePath: 'services/endpoints' },
};
