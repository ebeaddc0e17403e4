// Validation of the linked fields clusterIP / clusterIPs / ipFamilies / ipFamilyPolicy (upstream
// ValidateServiceClusterIPsRelatedFields and the update rules for upgrading and downgrading dual-stack).
import { duplicate, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { familyOf } from '../../../../registry/core/service/ip-range.js';
import { VALID_IP_MESSAGE } from '../network-validation.js';
import { CLUSTER_IP_NONE, isHeadless, type Service } from './helpers.js';

const SUPPORTED_FAMILIES: readonly string[] = ['IPv4', 'IPv6'];
const SUPPORTED_POLICIES: readonly string[] = ['PreferDualStack', 'RequireDualStack', 'SingleStack'];
const CLUSTER_IPS = 'spec.clusterIPs';

/** clusterIP and clusterIPs[0] agree; clusterIPs empty when clusterIP is. */
function validateClusterIPSync(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const ips = spec.clusterIPs ?? [];
  if (spec.clusterIP) {
    if (ips.length === 0) return [required(CLUSTER_IPS)];
    if (ips[0] !== spec.clusterIP) return [invalid(CLUSTER_IPS, ips, 'first value must match `clusterIP`')];
  } else if (ips.length !== 0) return [invalid(CLUSTER_IPS, ips, 'must be empty when `clusterIP` is not specified')];
  return [];
}

function validateFamiliesAndPolicy(svc: Service): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (svc.spec?.ipFamilies ?? []).forEach((family, i) => {
    if (!SUPPORTED_FAMILIES.includes(family)) errors.push(notSupported(`spec.ipFamilies[${i}]`, family, SUPPORTED_FAMILIES));
    if (seen.has(family)) errors.push(duplicate(`spec.ipFamilies[${i}]`, family));
    seen.add(family);
  });
  const policy = svc.spec?.ipFamilyPolicy;
  if (policy !== undefined && !SUPPORTED_POLICIES.includes(policy)) errors.push(notSupported('spec.ipFamilyPolicy', policy, SUPPORTED_POLICIES));
  return errors;
}

/** Each clusterIP is an IP, `None` only alone; at most two, one per family, matching ipFamilies. */
function validateClusterIPValues(svc: Service): FieldError[] {
  const errors: FieldError[] = [];
  const ips = svc.spec?.clusterIPs ?? [];
  let bad = false;
  ips.forEach((ip, i) => {
    if (i === 0 && ip === CLUSTER_IP_NONE) {
      if (ips.length > 1) {
        bad = true;
        errors.push(invalid(CLUSTER_IPS, ips, "'None' must be the first and only value"));
      }
      return;
    }
    if (familyOf(ip) === undefined) {
      bad = true;
      errors.push(invalid(`${CLUSTER_IPS}[${i}]`, ip, VALID_IP_MESSAGE));
    }
  });
  if (ips.length > 2) errors.push(invalid(CLUSTER_IPS, ips, 'may only hold up to 2 values'));
  // Bad addresses would skew the checks below (upstream stops here too).
  if (bad) return errors;
  if (ips.length > 1 && familyOf(ips[0]!) === familyOf(ips[1]!)) errors.push(invalid(CLUSTER_IPS, ips, 'may specify no more than one IP for each IP family'));
  const families = svc.spec?.ipFamilies ?? [];
  if (!isHeadless(svc) && families.length > 0) {
    ips.forEach((ip, i) => {
      const want = families[i];
      if (want === undefined) return;
      if (want === 'IPv4' && familyOf(ip) === 'IPv6') errors.push(invalid(`${CLUSTER_IPS}[${i}]`, ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (want === 'IPv6' && familyOf(ip) !== 'IPv6') errors.push(invalid(`${CLUSTER_IPS}[${i}]`, ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errors;
}

/** Upstream ValidateServiceClusterIPsRelatedFields (also run before allocation). */
export function validateClusterIPsRelatedFields(svc: Service): FieldError[] {
  if (svc.spec?.type === 'ExternalName') return [];
  return [...validateClusterIPSync(svc), ...validateFamiliesAndPolicy(svc), ...validateClusterIPValues(svc)];
}

/** Upstream validateUpgradeDowngradeClusterIPs: the primary IP never changes; releasing the secondary needs SingleStack. */
export function validateClusterIPsUpdate(svc: Service, old: Service): FieldError[] {
  if (svc.spec?.type === 'ExternalName' || old.spec?.type === 'ExternalName') return [];
  if (isHeadless(svc) && isHeadless(old)) return [];
  const ips = svc.spec?.clusterIPs ?? [];
  const oldIPs = old.spec?.clusterIPs ?? [];
  const errors: FieldError[] = [];
  const changed = (): FieldError => invalid(`${CLUSTER_IPS}[0]`, ips, 'may not change once set');
  if (oldIPs.length === ips.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== ips[i]) errors.push(invalid(`${CLUSTER_IPS}[${i}]`, ips, 'may not change once set'));
    });
  } else if (oldIPs.length > ips.length) {
    if (ips.length === 0) errors.push(invalid(`${CLUSTER_IPS}[0]`, ips, 'primary clusterIP can not be unset'));
    if (oldIPs.length > 0 && ips.length > 0 && ips[0] !== oldIPs[0]) errors.push(changed());
    if (ips.length === 1 && svc.spec?.ipFamilyPolicy !== 'SingleStack')
      errors.push(invalid('spec.ipFamilyPolicy', svc.spec?.ipFamilyPolicy ?? null, "must be set to 'SingleStack' when releasing the secondary clusterIP"));
  } else if (oldIPs.length > 0 && ips[0] !== oldIPs[0]) errors.push(changed());
  return errors;
}

/** Upstream validateUpgradeDowngradeIPFamilies: the primary family never changes. */
export function validateIPFamiliesUpdate(svc: Service, old: Service): FieldError[] {
  if (svc.spec?.type === 'ExternalName' || old.spec?.type === 'ExternalName') return [];
  if (isHeadless(svc) !== isHeadless(old) || isHeadless(svc)) return [];
  const families = svc.spec?.ipFamilies ?? [];
  const oldFamilies = old.spec?.ipFamilies ?? [];
  const path = 'spec.ipFamilies[0]';
  const errors: FieldError[] = [];
  if (oldFamilies.length === families.length) {
    oldFamilies.forEach((f, i) => {
      if (f !== families[i]) errors.push(invalid(path, families, 'may not change once set'));
    });
  } else if (oldFamilies.length > families.length) {
    if ((svc.spec?.clusterIPs ?? []).length === 0) errors.push(invalid(path, families, 'primary ipFamily can not be unset'));
    if (families.length > 0 && families[0] !== oldFamilies[0]) errors.push(invalid(path, svc.spec?.clusterIPs ?? [], 'may not change once set'));
    if (families.length === 1 && svc.spec?.ipFamilyPolicy !== 'SingleStack')
      errors.push(invalid('spec.ipFamilyPolicy', svc.spec?.ipFamilyPolicy ?? null, "must be set to 'SingleStack' when releasing the secondary ipFamily"));
  } else if (oldFamilies.length > 0 && families.length > 0 && families[0] !== oldFamilies[0]) {
    errors.push(invalid(path, svc.spec?.clusterIPs ?? [], 'may not change once set'));
  }
  return errors;
}
