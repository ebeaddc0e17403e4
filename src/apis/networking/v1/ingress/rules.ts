// Ingress rules (upstream 1.25 validateIngressRules and below): hosts, and per HTTP path its type, the
// path rules that type sets, and the backend.
import { invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { isValidIP } from '../../../core/v1/network-validation.js';
import { isDNS1123Subdomain, isWildcardDNS1123Subdomain } from '../../../meta/v1/validation.js';
import { validateIngressBackend } from '../backend.js';
import type { HTTPIngressPath, HTTPIngressRuleValue, IngressRule } from '../schemas.generated.js';

/** Leniency on update for what older releases stored (upstream IngressValidationOptions). */
export interface IngressValidationOptions {
  /** A `spec.tls[*].secretName` that is not a valid Secret name is allowed (the old object had one). */
  allowInvalidSecretName: boolean;
  /** Rules with a wildcard host are not checked below the host (the old object had an invalid one). */
  allowInvalidWildcardHostRule: boolean;
}

/** Path types, sorted as upstream lists them. */
export const PATH_TYPES: readonly string[] = ['Exact', 'ImplementationSpecific', 'Prefix'];
const INVALID_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F'];
const INVALID_SUFFIXES = ['/..', '/.'];

/** Exact and Prefix paths: absolute, without `//`, `/./`, `/../` or encoded slashes, not ending in `/..` or `/.`. */
function validateStrictPath(value: string, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!value.startsWith('/')) errors.push(invalid(path, value, 'must be an absolute path'));
  if (value.length === 0) return errors;
  for (const seq of INVALID_SEQUENCES) if (value.includes(seq)) errors.push(invalid(path, value, `must not contain '${seq}'`));
  for (const suffix of INVALID_SUFFIXES) if (value.endsWith(suffix)) errors.push(invalid(path, value, `cannot end with '${suffix}'`));
  return errors;
}

/** Upstream validateHTTPIngressPath: a path type is required; without one, nothing else is checked. */
function validateHTTPIngressPath(entry: HTTPIngressPath, path: string): FieldError[] {
  const pathType = entry.pathType as string | undefined;
  if (pathType === undefined) return [required(`${path}.pathType`, 'pathType must be specified')];
  const value = entry.path ?? '';
  const errors: FieldError[] = [];
  if (pathType === 'Exact' || pathType === 'Prefix') errors.push(...validateStrictPath(value, `${path}.path`));
  else if (pathType === 'ImplementationSpecific') {
    if (value.length > 0 && !value.startsWith('/')) errors.push(invalid(`${path}.path`, value, 'must be an absolute path'));
  } else errors.push(notSupported(`${path}.pathType`, pathType, PATH_TYPES));
  return [...errors, ...validateIngressBackend(entry.backend, `${path}.backend`)];
}

/** Upstream validateIngressRuleValue: the HTTP paths of a rule, when it has any. */
export function validateIngressRuleValue(http: HTTPIngressRuleValue | undefined, path: string): FieldError[] {
  if (!http) return [];
  const paths = http.paths ?? [];
  const errors = paths.length === 0 ? [required(`${path}.http.paths`)] : [];
  paths.forEach((p, i) => errors.push(...validateHTTPIngressPath(p, `${path}.http.paths[${i}]`)));
  return errors;
}

/** A host of a rule or a TLS entry: a wildcard subdomain when it has a `*`, otherwise a subdomain. */
export function hostMessages(host: string): string[] {
  return host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host);
}

/** A rule's host: a DNS name (not an IP), a wildcard subdomain when it has a `*`. */
function validateHost(host: string, path: string): FieldError[] {
  const errors = isValidIP(host) ? [invalid(path, host, 'must be a DNS name, not an IP address')] : [];
  return [...errors, ...hostMessages(host).map((m) => invalid(path, host, m))];
}

/** Upstream validateIngressRules. */
export function validateIngressRules(rules: readonly IngressRule[], path: string, opts: IngressValidationOptions): FieldError[] {
  if (rules.length === 0) return [required(path)];
  const errors: FieldError[] = [];
  rules.forEach((rule, i) => {
    const host = rule.host ?? '';
    if (host.length > 0) errors.push(...validateHost(host, `${path}[${i}].host`));
    const wildcard = host.length > 0 && host.includes('*');
    if (!wildcard || !opts.allowInvalidWildcardHostRule) errors.push(...validateIngressRuleValue(rule.http, `${path}[${i}]`));
  });
  return errors;
}
