// NetworkPolicy validation as upstream 1.25 (pkg/apis/networking/validation ValidateNetworkPolicy,
// ValidateNetworkPolicyUpdate): the pod selector, each rule's ports and peers, and the policy types.
import { forbidden, GoLiteral, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { isValidPortName, isValidPortNum } from '../../../core/v1/network-validation.js';
import { parseIP, type IPFamily } from '../../../../registry/core/service/ip-range.js';
import { validateLabelSelector } from '../../../../registry/selectors/label-selector-object.js';
import type { IPBlock, NetworkPolicy, NetworkPolicyPeer, NetworkPolicyPort, NetworkPolicySpec } from '../schemas.generated.js';

/** Protocols of a policy port, in upstream's order (not sorted). */
const PROTOCOLS: readonly string[] = ['TCP', 'UDP', 'SCTP'];
const POLICY_TYPES: readonly string[] = ['Ingress', 'Egress'];

/** Upstream ValidateNetworkPolicyPort: protocol, port by number or name, and endPort only after a numeric port. */
export function validatePolicyPort(port: NetworkPolicyPort, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (port.protocol !== undefined && !PROTOCOLS.includes(port.protocol)) errors.push(notSupported(`${path}.protocol`, port.protocol, PROTOCOLS));
  const { port: value, endPort } = port;
  if (value === undefined) {
    if (endPort !== undefined) errors.push(invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is not specified'));
  } else if (typeof value === 'number') {
    errors.push(...isValidPortNum(value).map((m) => invalid(`${path}.port`, value, m)));
    if (endPort !== undefined) {
      // 1.25 shows the port, not the end port, as the value.
      if (endPort < value) errors.push(invalid(`${path}.endPort`, value, 'must be greater than or equal to `port`'));
      errors.push(...isValidPortNum(endPort).map((m) => invalid(`${path}.endPort`, endPort, m)));
    }
  } else {
    if (endPort !== undefined) errors.push(invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
    errors.push(...isValidPortName(value).map((m) => invalid(`${path}.port`, value, m)));
  }
  return errors;
}

interface CIDR {
  family: IPFamily;
  /** The network address (the address with host bits cleared). */
  network: bigint;
  bits: number;
}

/** Go's net.ParseCIDR, as far as NetworkPolicy needs it. */
function parseCIDR(text: string): CIDR | undefined {
  const slash = text.indexOf('/');
  const ip = slash < 0 ? undefined : parseIP(text.slice(0, slash));
  const bitsText = text.slice(slash + 1);
  if (!ip || !/^\d{1,3}$/.test(bitsText)) return undefined;
  const width = ip.family === 'IPv4' ? 32 : 128;
  const bits = Number(bitsText);
  if (bits > width) return undefined;
  const hostMask = (1n << BigInt(width - bits)) - 1n;
  return { family: ip.family, network: ip.value & ~hostMask, bits };
}

/** Whether `outer` contains the network address of `inner` and is strictly larger. */
function strictlyContains(outer: CIDR, inner: CIDR): boolean {
  const width = outer.family === 'IPv4' ? 32 : 128;
  const hostMask = (1n << BigInt(width - outer.bits)) - 1n;
  return outer.family === inner.family && (inner.network & ~hostMask) === outer.network && outer.bits < inner.bits;
}

/** Upstream 1.25 ValidateIPBlock: a CIDR, and excepts that are strict subsets of it (stops at the first bad one). */
export function validateIPBlock(block: IPBlock, path: string): FieldError[] {
  const cidrText = block.cidr ?? '';
  if (cidrText === '') return [required(`${path}.cidr`)];
  const cidr = parseCIDR(cidrText);
  if (!cidr) return [invalid(`${path}.cidr`, cidrText, 'not a valid CIDR')];
  const errors: FieldError[] = [];
  for (const [i, text] of (block.except ?? []).entries()) {
    const except = parseCIDR(text);
    if (!except) return [...errors, invalid(`${path}.except[${i}]`, text, 'not a valid CIDR')];
    if (!strictlyContains(cidr, except)) errors.push(invalid(`${path}.except[${i}]`, text, 'must be a strict subset of `cidr`'));
  }
  return errors;
}

/** Upstream ValidateNetworkPolicyPeer: at least one selector or an ipBlock, and an ipBlock alone. */
export function validatePeer(peer: NetworkPolicyPeer, path: string): FieldError[] {
  const errors: FieldError[] = [];
  let count = 0;
  if (peer.podSelector) {
    count++;
    errors.push(...validateLabelSelector(peer.podSelector, `${path}.podSelector`));
  }
  if (peer.namespaceSelector) {
    count++;
    errors.push(...validateLabelSelector(peer.namespaceSelector, `${path}.namespaceSelector`));
  }
  if (peer.ipBlock) {
    count++;
    errors.push(...validateIPBlock(peer.ipBlock, `${path}.ipBlock`));
  }
  if (count === 0) errors.push(required(path, 'must specify a peer'));
  else if (count > 1 && peer.ipBlock) errors.push(forbidden(path, 'may not specify both ipBlock and another peer'));
  return errors;
}

/** Ports and peers of the ingress (`from`) or egress (`to`) rules. */
function validateRules(rules: readonly { ports?: NetworkPolicyPort[]; peers?: NetworkPolicyPeer[] }[], path: string, peersField: 'from' | 'to'): FieldError[] {
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    (rule.ports ?? []).forEach((p, j) => errors.push(...validatePolicyPort(p, `${path}[${i}].ports[${j}]`)));
    (rule.peers ?? []).forEach((p, j) => errors.push(...validatePeer(p, `${path}[${i}].${peersField}[${j}]`)));
  });
  return errors;
}

/** `[]networking.PolicyType{"Ingress", ...}`, as Go's %#v prints the list. */
const goPolicyTypes = (types: readonly string[]): GoLiteral => new GoLiteral(`[]networking.PolicyType{${types.map((t) => JSON.stringify(t)).join(', ')}}`);

/** Upstream ValidateNetworkPolicySpec. */
export function validateNetworkPolicySpec(spec: NetworkPolicySpec | undefined): FieldError[] {
  const errors = validateLabelSelector(spec?.podSelector, 'spec.podSelector');
  errors.push(...validateRules((spec?.ingress ?? []).map((r) => ({ ports: r.ports, peers: r.from })), 'spec.ingress', 'from'));
  errors.push(...validateRules((spec?.egress ?? []).map((r) => ({ ports: r.ports, peers: r.to })), 'spec.egress', 'to'));
  const types = spec?.policyTypes ?? [];
  if (types.length > POLICY_TYPES.length) return [...errors, invalid('spec.policyTypes', goPolicyTypes(types), 'may not specify more than two policyTypes')];
  types.forEach((t, i) => {
    if (!POLICY_TYPES.includes(t)) errors.push(notSupported(`spec.policyTypes[${i}]`, t, POLICY_TYPES));
  });
  return errors;
}

/** Upstream ValidateNetworkPolicy. */
export function validateNetworkPolicy(np: NetworkPolicy): FieldError[] {
  return [...validateObjectMeta(np.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }), ...validateNetworkPolicySpec(np.spec)];
}

/**
 * Upstream 1.25's strategy ValidateUpdate: ValidateNetworkPolicy, then ValidateNetworkPolicyUpdate
 * (metadata and the spec again), so a spec error is listed twice among the causes, as upstream does.
 */
export function validateNetworkPolicyUpdate(np: NetworkPolicy, old: NetworkPolicy): FieldError[] {
  return [...validateNetworkPolicy(np), ...validateObjectMetaUpdate(np.metadata, old.metadata), ...validateNetworkPolicySpec(np.spec)];
}
