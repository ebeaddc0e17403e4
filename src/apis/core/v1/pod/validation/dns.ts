// DNS policy, DNS config and host aliases (upstream 1.25 validateDNSPolicy, validatePodDNSConfig with
// the legacy limits of 3 nameservers and 6 search paths of 256 characters, ValidateHostAliases).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { HostAlias, PodDNSConfig } from '../../schemas.generated.js';
import { dnsSubdomainErrors, isIPSloppy } from './common.js';

const DNS_POLICIES: readonly string[] = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];
export const MAX_DNS_NAMESERVERS = 3;
export const MAX_DNS_SEARCH_PATHS = 6;
export const MAX_DNS_SEARCH_LIST_CHARS = 256;

/** Upstream validateDNSPolicy. */
export function validateDNSPolicy(policy: string | undefined, path: string): FieldError[] {
  if (!policy) return [field.required(path)];
  return DNS_POLICIES.includes(policy) ? [] : [field.notSupported(path, policy, DNS_POLICIES)];
}

function validateSearches(searches: readonly string[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (searches.length > MAX_DNS_SEARCH_PATHS) errs.push(field.invalid(path, searches, `must not have more than ${MAX_DNS_SEARCH_PATHS} search paths`));
  if (searches.join(' ').length > MAX_DNS_SEARCH_LIST_CHARS) {
    errs.push(field.invalid(path, searches, `must not have more than ${MAX_DNS_SEARCH_LIST_CHARS} characters (including spaces) in the search list`));
  }
  // A trailing dot is fine.
  searches.forEach((s, i) => errs.push(...dnsSubdomainErrors(s.endsWith('.') ? s.slice(0, -1) : s, `${path}[${i}]`)));
  return errs;
}

/** Upstream validatePodDNSConfig: `None` needs a config with a nameserver; limits on every list. */
export function validatePodDNSConfig(config: PodDNSConfig | undefined, policy: string | undefined, path: string): FieldError[] {
  if (policy === 'None') {
    if (!config) return [field.required(path, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if ((config.nameservers ?? []).length === 0) return [field.required(`${path}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!config) return [];
  const errs: FieldError[] = [];
  const nameservers = config.nameservers ?? [];
  if (nameservers.length > MAX_DNS_NAMESERVERS) {
    errs.push(field.invalid(`${path}.nameservers`, nameservers, `must not have more than ${MAX_DNS_NAMESERVERS} nameservers`));
  }
  nameservers.forEach((ns, i) => {
    if (!isIPSloppy(ns)) errs.push(field.invalid(`${path}.nameservers[${i}]`, ns, 'must be valid IP address'));
  });
  errs.push(...validateSearches(config.searches ?? [], `${path}.searches`));
  (config.options ?? []).forEach((o, i) => {
    if (!o.name) errs.push(field.required(`${path}.options[${i}]`, 'must not be empty'));
  });
  return errs;
}

/** Upstream ValidateHostAliases (1.25 reports on `ip` and `hostnames` without the alias index). */
export function validateHostAliases(aliases: readonly HostAlias[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const alias of aliases ?? []) {
    const ip = alias.ip ?? '';
    if (!isIPSloppy(ip)) errs.push(field.invalid(`${path}.ip`, ip, 'must be valid IP address'));
    for (const hostname of alias.hostnames ?? []) errs.push(...dnsSubdomainErrors(hostname, `${path}.hostnames`));
  }
  return errs;
}
