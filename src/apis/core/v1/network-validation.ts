// Address and port checks shared by Service, Endpoints and EndpointSlice validation, with upstream's
// messages (k8s.io/apimachinery util/validation and core validation as of 1.25).
import { isIP } from 'node:net';
import { invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../meta/v1/validation.js';
import { parseIP } from '../../../registry/core/service/ip-range.js';

/** Protocols a service or endpoint port may use, sorted as upstream lists them. */
export const SUPPORTED_PORT_PROTOCOLS: readonly string[] = ['SCTP', 'TCP', 'UDP'];

/** Upstream IsValidIP's one message. */
export const VALID_IP_MESSAGE = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

/** `value` is an IPv4 or IPv6 address. */
export const isValidIP = (value: string): boolean => isIP(value) !== 0;

/** Upstream IsValidPortNum: 1-65535. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : ['must be between 1 and 65535, inclusive'];
}

/** Upstream IsValidPortName (IANA_SVC_NAME): at most 15 characters, lowercase alphanumerics and single hyphens. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** Upstream ValidatePortNumOrName for an IntOrString port. */
export function validatePortNumOrName(port: number | string, path: string): FieldError[] {
  const msgs = typeof port === 'number' ? isValidPortNum(port) : isValidPortName(port);
  return msgs.map((msg) => invalid(path, port, msg));
}

/** Upstream validateNonSpecialIP: no unspecified, loopback or link-local addresses for endpoints and external IPs. */
export function validateNonSpecialIP(address: string, path: string): FieldError[] {
  const ip = parseIP(address);
  if (!ip) return [invalid(path, address, 'must be a valid IP address')];
  const errors: FieldError[] = [];
  const v4 = ip.family === 'IPv4';
  const top = (bits: number): bigint => ip.value >> BigInt((v4 ? 32 : 128) - bits);
  if (ip.value === 0n) errors.push(invalid(path, address, 'may not be unspecified (0.0.0.0)'));
  if (v4 ? top(8) === 127n : ip.value === 1n) errors.push(invalid(path, address, 'may not be in the loopback range (127.0.0.0/8)'));
  if (v4 ? top(16) === 0xa9fen : top(10) === 0x3fan) errors.push(invalid(path, address, 'may not be in the link-local range (169.254.0.0/16)'));
  if (v4 ? top(24) === 0xe00000n : top(16) === 0xff02n) errors.push(invalid(path, address, 'may not be in the link-local multicast range (224.0.0.0/24)'));
  return errors;
}

/** A port protocol: required, and one of TCP, UDP, SCTP. */
export function validateProtocol(protocol: string | undefined, path: string): FieldError[] {
  if (!protocol) return [required(path)];
  return SUPPORTED_PORT_PROTOCOLS.includes(protocol) ? [] : [notSupported(path, protocol, SUPPORTED_PORT_PROTOCOLS)];
}

/** Upstream ValidateDNS1123Label at `path`. */
export const validateDNS1123Label = (value: string, path: string): FieldError[] => isDNS1123Label(value).map((msg) => invalid(path, value, msg));

/** Upstream ValidateDNS1123Subdomain at `path`. */
export const validateDNS1123Subdomain = (value: string, path: string): FieldError[] => isDNS1123Subdomain(value).map((msg) => invalid(path, value, msg));

/** Upstream ValidateQualifiedName at `path` (appProtocol, loadBalancerClass). */
export const validateQualifiedName = (value: string, path: string): FieldError[] => isQualifiedName(value).map((msg) => invalid(path, value, msg));

/** Whether `value` is a CIDR Go's net.ParseCIDR accepts. */
export function isCIDR(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const ip = parseIP(value.slice(0, slash));
  const bits = value.slice(slash + 1);
  return ip !== undefined && /^\d{1,3}$/.test(bits) && Number(bits) <= (ip.family === 'IPv4' ? 32 : 128);
}

/** A load balancer's ingress points (Service and Ingress status). */
export interface LoadBalancerIngressPoints {
  ingress?: readonly { ip?: string; hostname?: string }[];
}

/** Upstream ValidateLoadBalancerStatus: IPs valid, hostnames DNS subdomains and not IPs. */
export function validateLoadBalancerStatus(status: LoadBalancerIngressPoints | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (status?.ingress ?? []).forEach((ingress, i) => {
    const at = `${path}.ingress[${i}]`;
    if (ingress.ip && !isValidIP(ingress.ip)) errors.push(invalid(`${at}.ip`, ingress.ip, 'must be a valid IP address'));
    if (ingress.hostname) {
      errors.push(...validateDNS1123Subdomain(ingress.hostname, `${at}.hostname`));
      if (isValidIP(ingress.hostname)) errors.push(invalid(`${at}.hostname`, ingress.hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errors;
}
