// EndpointSlice (discovery.k8s.io/v1, namespaced): schema, port defaults, validation as upstream
// ValidateEndpointSlice{,Create,Update} (1.25), the strategy (generation counting labels too;
// `deprecatedTopology` written through v1 is dropped), and the table NAME ADDRESSTYPE PORTS ENDPOINTS AGE.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { invalid, notSupported, required, tooMany, duplicate, type FieldError } from '../../../errors/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain, isValidLabelValue, nameIsDNSSubdomain, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { SUPPORTED_PORT_PROTOCOLS, validateDNS1123Label, validateDNS1123Subdomain, validateNonSpecialIP, validateQualifiedName } from '../../core/v1/network-validation.js';
import { parseIP } from '../../../registry/core/service/ip-range.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { EndpointSliceSchema, type Endpoint, type EndpointPort, type EndpointSlice as GeneratedEndpointSlice } from './schemas.generated.js';

/** An EndpointSlice as it arrives: the required fields may be missing until validation says so. */
export type EndpointSlice = Omit<GeneratedEndpointSlice, 'addressType' | 'endpoints'> & { addressType?: string; endpoints?: Endpoint[] };

export { EndpointSliceSchema };

const ADDRESS_TYPES: readonly string[] = ['FQDN', 'IPv4', 'IPv6'];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;
const MAX_TOPOLOGY_LABELS = 16;
const MAX_ZONE_HINTS = 8;

/** Upstream SetDefaults_EndpointPort: name '' and protocol TCP. */
function defaultEndpointSlice(slice: EndpointSlice): void {
  for (const port of slice.ports ?? []) {
    port.name ??= '';
    port.protocol ??= 'TCP';
  }
}

/** Upstream IsFullyQualifiedDomainName. */
function validateFQDN(name: string, path: string): FieldError[] {
  if (name === '') return [required(path)];
  const trimmed = name.replace(/\.$/, '');
  const errs = isDNS1123Subdomain(trimmed);
  if (errs.length > 0) return [invalid(path, trimmed, errs.join(','))];
  const labels = trimmed.split('.');
  if (labels.length < 2) return [invalid(path, trimmed, 'should be a domain with at least two segments separated by dots')];
  for (const label of labels) {
    const labelErrs = isDNS1123Label(label);
    if (labelErrs.length > 0) return [invalid(path, label, labelErrs.join(','))];
  }
  return [];
}

/** Go's view of an address: IPv4 also when written as an IPv4-mapped IPv6 address (net.IP.To4). */
function goFamily(address: string): 'IPv4' | 'IPv6' | undefined {
  const ip = parseIP(address);
  if (ip?.family === 'IPv6' && ip.value >> 32n === 0xffffn) return 'IPv4';
  return ip?.family;
}

/** Upstream IsValidIPv4Address / IsValidIPv6Address then ValidateEndpointIP, or IsFullyQualifiedDomainName; other types are not checked. */
function validateAddress(address: string, addressType: string | undefined, path: string): FieldError[] {
  if (addressType === 'FQDN') return validateFQDN(address, path);
  if (addressType !== 'IPv4' && addressType !== 'IPv6') return [];
  const family = goFamily(address) === addressType ? [] : [invalid(path, address, `must be a valid ${addressType} address`)];
  return [...family, ...validateNonSpecialIP(address, path)];
}

/** Upstream validateHints: at most 8 zones (nothing else checked then), each a unique label value. */
function validateHints(hints: Endpoint['hints'], path: string): FieldError[] {
  const zones = hints?.forZones ?? [];
  if (zones.length > MAX_ZONE_HINTS) return [tooMany(`${path}.forZones`, zones.length, MAX_ZONE_HINTS)];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  zones.forEach((z, i) => {
    const name = z.name ?? '';
    if (seen.has(name)) errors.push(duplicate(`${path}.forZones[${i}].name`, name));
    seen.add(name);
    errors.push(...isValidLabelValue(name).map((m) => invalid(`${path}.forZones[${i}].name`, name, m)));
  });
  return errors;
}

function validateEndpoint(endpoint: Endpoint, addressType: string | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const addresses = endpoint.addresses ?? [];
  if (addresses.length === 0) errors.push(required(`${path}.addresses`, 'must contain at least 1 address'));
  else if (addresses.length > MAX_ADDRESSES) errors.push(tooMany(`${path}.addresses`, addresses.length, MAX_ADDRESSES));
  addresses.forEach((a, i) => errors.push(...validateAddress(a, addressType, `${path}.addresses[${i}]`)));
  if (endpoint.nodeName !== undefined) errors.push(...validateDNS1123Subdomain(endpoint.nodeName, `${path}.nodeName`));
  const topology = endpoint.deprecatedTopology ?? {};
  if (Object.keys(topology).length > MAX_TOPOLOGY_LABELS) errors.push(tooMany(`${path}.deprecatedTopology`, Object.keys(topology).length, MAX_TOPOLOGY_LABELS));
  errors.push(...validateLabels(endpoint.deprecatedTopology, `${path}.deprecatedTopology`));
  if ('topology.kubernetes.io/zone' in topology)
    errors.push({ type: 'InternalError', field: `${path}.deprecatedTopology[topology.kubernetes.io/zone]`, detail: 'reserved key was not removed in conversion' });
  if (endpoint.hostname !== undefined) errors.push(...validateDNS1123Label(endpoint.hostname, `${path}.hostname`));
  if (endpoint.hints) errors.push(...validateHints(endpoint.hints, `${path}.hints`));
  return errors;
}

function validatePorts(ports: readonly EndpointPort[]): FieldError[] {
  if (ports.length > MAX_PORTS) return [tooMany('ports', ports.length, MAX_PORTS)];
  const errors: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const path = `ports[${i}]`;
    const name = port.name ?? '';
    if (name !== '') errors.push(...validateDNS1123Label(name, `${path}.name`));
    if (names.has(name)) errors.push(duplicate(`${path}.name`, name));
    names.add(name);
    // Defaulting sets TCP; an empty protocol is unsupported, not missing.
    if (port.protocol === undefined) errors.push(required(`${path}.protocol`));
    else if (!SUPPORTED_PORT_PROTOCOLS.includes(port.protocol)) errors.push(notSupported(`${path}.protocol`, port.protocol, SUPPORTED_PORT_PROTOCOLS));
    if (port.appProtocol !== undefined) errors.push(...validateQualifiedName(port.appProtocol, `${path}.appProtocol`));
  });
  return errors;
}

/** Upstream ValidateEndpointSlice: metadata, the address type (IPv4, IPv6 or FQDN), endpoints (at most 1000) and ports. */
export function validateEndpointSlice(slice: EndpointSlice): FieldError[] {
  const errors = validateObjectMeta(slice.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  if (!slice.addressType) errors.push(required('addressType'));
  else if (!ADDRESS_TYPES.includes(slice.addressType)) errors.push(notSupported('addressType', slice.addressType, ADDRESS_TYPES));
  const endpoints = slice.endpoints ?? [];
  if (endpoints.length > MAX_ENDPOINTS) errors.push(tooMany('endpoints', endpoints.length, MAX_ENDPOINTS));
  else endpoints.forEach((e, i) => errors.push(...validateEndpoint(e, slice.addressType, `endpoints[${i}]`)));
  return [...errors, ...validatePorts(slice.ports ?? [])];
}

/** Upstream ValidateEndpointSliceCreate: ValidateEndpointSlice. */
export const validateEndpointSliceCreate = validateEndpointSlice;

/** Upstream dropTopologyOnV1: `deprecatedTopology` is not writable through v1 (create, or an update that changes endpoints). */
function dropDeprecatedTopology(slice: EndpointSlice, old?: EndpointSlice): void {
  if (old && canonicalJson(old.endpoints ?? []) === canonicalJson(slice.endpoints ?? [])) return;
  for (const endpoint of slice.endpoints ?? []) delete endpoint.deprecatedTopology;
}

/** Upstream PrepareForUpdate: the generation counts changes outside metadata, and of the labels. */
function generationChanged(slice: EndpointSlice, old: EndpointSlice): boolean {
  const rest = ({ metadata: _m, ...others }: EndpointSlice): string => canonicalJson(others);
  return rest(slice) !== rest(old) || canonicalJson(slice.metadata.labels ?? {}) !== canonicalJson(old.metadata.labels ?? {});
}

/** Upstream ValidateEndpointSliceUpdate: the address type is immutable. */
export function validateEndpointSliceUpdate(slice: EndpointSlice, old: EndpointSlice): FieldError[] {
  const errors = [...validateObjectMetaUpdate(slice.metadata, old.metadata), ...validateEndpointSlice(slice)];
  if (slice.addressType !== old.addressType) errors.push(invalid('addressType', slice.addressType, 'field is immutable'));
  return errors;
}

/** Upstream listWithMoreString: three items, then `+ N more...`; `<unset>` when empty. */
function listWithMore(items: readonly string[]): string {
  const max = 3;
  if (items.length > max) return `${items.slice(0, max).join(',')} + ${items.length - max} more...`;
  return items.length === 0 ? '<unset>' : items.join(',');
}

const columns: TableColumn<EndpointSlice>[] = [
  nameColumn(),
  { definition: columnDefinition('AddressType', 'string', 'addressType specifies the type of address carried by this EndpointSlice.'), cell: (s) => s.addressType ?? '' },
  {
    definition: columnDefinition('Ports', 'string', 'ports specifies the list of network ports exposed by each endpoint in this slice.'),
    cell: (s) => listWithMore((s.ports ?? []).map((p) => (p.port !== undefined ? String(p.port) : p.name !== undefined ? p.name : '*'))),
  },
  {
    definition: columnDefinition('Endpoints', 'string', 'endpoints is a list of unique endpoints in this slice.'),
    cell: (s) => listWithMore((s.endpoints ?? []).flatMap((e) => e.addresses ?? [])),
  },
  ageColumn(),
];

/** The EndpointSlice resource: `endpointslices`, every verb; stored under `/registry/endpointslices/`, as upstream. */
export const endpointSliceDefinition: ResourceDefinition<EndpointSlice> = {
  group: 'discovery.k8s.io',
  version: 'v1',
  kind: 'EndpointSlice',
  listKind: 'EndpointSliceList',
  resource: 'endpointslices',
  singular: 'endpointslice',
  namespaced: true,
  schema: EndpointSliceSchema,
  definitionName: 'io.k8s.api.discovery.v1.EndpointSlice',
  verbs: ALL_VERBS,
  defaults: defaultEndpointSlice,
  strategy: {
    prepareForCreate: (slice) => dropDeprecatedTopology(slice),
    validate: validateEndpointSliceCreate,
    prepareForUpdate: dropDeprecatedTopology,
    validateUpdate: validateEndpointSliceUpdate,
    tracksGeneration: true,
    generationChanged,
  },
  tableColumns: columns,
  storage: { resourcePath: 'endpointslices' },
};
