// ipFamilyPolicy and ipFamilies as the REST layer sets them before allocating (upstream alloc.go
// initIPFamilyFields): a policy inferred when absent, families inferred from given IPs or the cluster's
// default, and the dual-stack requests this cluster cannot serve refused with upstream's messages.
import { invalid as invalidField, type FieldError } from '../../../errors/field-errors.js';
import { invalid } from '../../../errors/status-error.js';
import { CLUSTER_IP_NONE, sameStrings, validateClusterIPsRelatedFields, type Service } from '../../../apis/core/v1/service/index.js';
import { familyOf, type IPFamily } from './ip-range.js';

const otherFamily = (f: string): IPFamily => (f === 'IPv4' ? 'IPv6' : 'IPv4');
const invalidService = (svc: Service, errors: FieldError[]) => invalid('', 'Service', svc.metadata.name ?? '', errors);

/** An update that keeps PreferDualStack and the same IPs and families is left alone (no auto up/downgrade). */
function unchangedPreferDualStack(svc: Service, old: Service | undefined): boolean {
  if (!old || svc.spec?.ipFamilyPolicy === undefined || old.spec?.type !== svc.spec?.type) return false;
  if (!['ClusterIP', 'NodePort', 'LoadBalancer'].includes(svc.spec?.type ?? '')) return false;
  if (old.spec?.ipFamilyPolicy !== 'PreferDualStack' || svc.spec?.ipFamilyPolicy !== 'PreferDualStack') return false;
  return sameStrings(old.spec?.clusterIPs, svc.spec?.clusterIPs) && sameStrings(old.spec?.ipFamilies, svc.spec?.ipFamilies);
}

function inferPolicy(svc: Service, old: Service | undefined): void {
  const spec = svc.spec!;
  if (spec.ipFamilyPolicy !== undefined) return;
  if (old?.spec?.ipFamilyPolicy !== undefined) spec.ipFamilyPolicy = old.spec.ipFamilyPolicy;
  else if (spec.clusterIP === CLUSTER_IP_NONE && Object.keys(spec.selector ?? {}).length === 0) spec.ipFamilyPolicy = 'RequireDualStack';
  else spec.ipFamilyPolicy = 'SingleStack';
}

/** Update-only: SingleStack trims unchanged secondaries; other policies may not drop them. */
function updateRules(svc: Service, old: Service): FieldError[] {
  const spec = svc.spec!;
  const errors: FieldError[] = [];
  if (spec.ipFamilyPolicy === 'SingleStack') {
    if (sameStrings(old.spec?.clusterIPs, spec.clusterIPs) && (spec.clusterIPs?.length ?? 0) > 1) spec.clusterIPs = spec.clusterIPs!.slice(0, 1);
    if (sameStrings(old.spec?.ipFamilies, spec.ipFamilies) && (spec.ipFamilies?.length ?? 0) > 1) spec.ipFamilies = spec.ipFamilies!.slice(0, 1);
    return errors;
  }
  const reduced = (a: string[] | undefined, b: string[] | undefined): boolean => (a?.length ?? 0) < (b?.length ?? 0) && (a?.length ?? 0) > 0;
  if (reduced(spec.clusterIPs, old.spec?.clusterIPs)) errors.push(invalidField('spec.ipFamilyPolicy', spec.ipFamilyPolicy, "must be 'SingleStack' to release the secondary cluster IP"));
  if (reduced(spec.ipFamilies, old.spec?.ipFamilies)) errors.push(invalidField('spec.ipFamilyPolicy', spec.ipFamilyPolicy, "must be 'SingleStack' to release the secondary IP family"));
  return errors;
}

/** Policy against counts, and families inferred from the given cluster IPs. */
function policyAndInference(svc: Service, configured: ReadonlySet<IPFamily>): FieldError[] {
  const spec = svc.spec!;
  const errors: FieldError[] = [];
  if (spec.ipFamilyPolicy === 'SingleStack') {
    if (spec.clusterIPs?.length === 2) errors.push(invalidField('spec.ipFamilyPolicy', spec.ipFamilyPolicy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple cluster IPs are specified"));
    if (spec.ipFamilies?.length === 2) errors.push(invalidField('spec.ipFamilyPolicy', spec.ipFamilyPolicy, "must be 'RequireDualStack' or 'PreferDualStack' when multiple IP families are specified"));
  }
  for (const [i, ip] of (spec.clusterIPs ?? []).entries()) {
    if (ip === CLUSTER_IP_NONE) break;
    const family = familyOf(ip);
    if (!family || i < (spec.ipFamilies?.length ?? 0)) continue;
    if (!configured.has(family)) errors.push(invalidField(`spec.clusterIPs[${i}]`, spec.clusterIPs, `${family} is not configured on this cluster`));
    else (spec.ipFamilies ??= []).push(family);
  }
  return errors;
}

/**
 * Sets ipFamilyPolicy and ipFamilies on a service about to be allocated; throws 422 Invalid with
 * upstream's messages for combinations this cluster cannot serve.
 */
export function initIPFamilyFields(svc: Service, old: Service | undefined, configured: readonly IPFamily[]): void {
  const spec = (svc.spec ??= {});
  if (spec.type === 'ExternalName' || unchangedPreferDualStack(svc, old)) return;
  inferPolicy(svc, old);
  const loose = validateClusterIPsRelatedFields(svc);
  if (loose.length > 0) throw invalidService(svc, loose);
  const families = new Set(configured);
  const errors = [...(old ? updateRules(svc, old) : []), ...policyAndInference(svc, families)];
  if (errors.length > 0) throw invalidService(svc, errors);
  const primary = configured[0]!;
  if (spec.clusterIP === CLUSTER_IP_NONE && Object.keys(spec.selector ?? {}).length === 0) {
    // Headless without selector: any families, the other one added unless SingleStack.
    spec.ipFamilies = spec.ipFamilies?.length ? spec.ipFamilies : [primary];
    if (spec.ipFamilies.length < 2 && spec.ipFamilyPolicy !== 'SingleStack') spec.ipFamilies.push(otherFamily(spec.ipFamilies[0]!));
    return;
  }
  if (spec.ipFamilyPolicy === 'RequireDualStack' && families.size < 2) errors.push(invalidField('spec.ipFamilyPolicy', spec.ipFamilyPolicy, 'this cluster is not configured for dual-stack services'));
  (spec.ipFamilies ?? []).forEach((f, i) => {
    if (!families.has(f as IPFamily)) errors.push(invalidField(`spec.ipFamilies[${i}]`, f, 'not configured on this cluster'));
  });
  if (errors.length > 0) throw invalidService(svc, errors);
  if (!spec.ipFamilies?.length) spec.ipFamilies = [primary];
  if (spec.ipFamilyPolicy !== 'SingleStack' && spec.ipFamilies.length === 1 && families.size === 2) spec.ipFamilies.push(otherFamily(spec.ipFamilies[0]!));
}
