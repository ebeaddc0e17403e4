// Service validation as upstream ValidateService / ValidateServiceUpdate / ValidateServiceStatusUpdate
// (pkg/apis/core/validation, release 1.25): messages and field paths are upstream's.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../../errors/field-errors.js';
import { nameIsDNS1035Label, validateLabels, validateObjectMeta, validateObjectMetaUpdate } from '../../../meta/v1/validation.js';
import { isCIDR, isValidIP, validateDNS1123Subdomain, validateLoadBalancerStatus, validateNonSpecialIP, validateQualifiedName, VALID_IP_MESSAGE } from '../network-validation.js';
import { validateClusterIPsRelatedFields, validateClusterIPsUpdate, validateIPFamiliesUpdate } from './cluster-ips.js';
import { externallyAccessible, isHeadless, needsHealthCheck, type Service } from './helpers.js';
import { validatePortUniqueness, validateServicePorts } from './validation-ports.js';

const SERVICE_TYPES: readonly string[] = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const AFFINITIES: readonly string[] = ['ClientIP', 'None'];
const TRAFFIC_POLICIES: readonly string[] = ['Cluster', 'Local'];
/** Upstream MaxClientIPServiceAffinitySeconds (one day). */
const MAX_AFFINITY_SECONDS = 86400;
const SOURCE_RANGES_ANNOTATION = 'service.beta.kubernetes.io/load-balancer-source-ranges';

/** Type-specific rules: no headless NodePort/LoadBalancer; ExternalName has a name and no IP fields. */
function validateTypeRules(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errors: FieldError[] = [];
  if ((spec.type === 'LoadBalancer' || spec.type === 'NodePort') && isHeadless(svc))
    errors.push(invalid('spec.clusterIPs[0]', spec.clusterIPs?.[0], `may not be set to 'None' for ${spec.type} services`));
  if (spec.type !== 'ExternalName') return errors;
  if ((spec.clusterIPs ?? []).length > 0) errors.push(forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
  if ((spec.ipFamilies ?? []).length > 0) errors.push(forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
  if (spec.ipFamilyPolicy !== undefined) errors.push(forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
  // A trailing dot marks the name fully qualified.
  const cname = (spec.externalName ?? '').replace(/\.$/, '');
  errors.push(...(cname ? validateDNS1123Subdomain(cname, 'spec.externalName') : [required('spec.externalName')]));
  return errors;
}

/** sessionAffinity and its ClientIP timeout (upstream validateClientIPAffinityConfig). */
function validateAffinity(svc: Service): FieldError[] {
  const { sessionAffinity, sessionAffinityConfig } = svc.spec ?? {};
  const path = 'spec.sessionAffinityConfig';
  if (!sessionAffinity) return [required('spec.sessionAffinity')];
  if (!AFFINITIES.includes(sessionAffinity)) return [notSupported('spec.sessionAffinity', sessionAffinity, AFFINITIES)];
  if (sessionAffinity === 'None') return sessionAffinityConfig ? [forbidden(path, 'must not be set when session affinity is None')] : [];
  const why = 'when session affinity type is ClientIP';
  if (!sessionAffinityConfig) return [required(path, why)];
  if (!sessionAffinityConfig.clientIP) return [required(`${path}.clientIP`, why)];
  const timeout = sessionAffinityConfig.clientIP.timeoutSeconds;
  if (timeout === undefined) return [required(`${path}.clientIP.timeoutSeconds`, why)];
  if (timeout <= 0 || timeout > MAX_AFFINITY_SECONDS)
    return [invalid(`${path}.clientIP.timeoutSeconds`, timeout, `must be greater than 0 and less than ${MAX_AFFINITY_SECONDS}`)];
  return [];
}

function validateExternalIPs(svc: Service): FieldError[] {
  return (svc.spec?.externalIPs ?? []).flatMap((ip, i) =>
    isValidIP(ip) ? validateNonSpecialIP(ip, `spec.externalIPs[${i}]`) : [invalid(`spec.externalIPs[${i}]`, ip, VALID_IP_MESSAGE)],
  );
}

/** loadBalancerSourceRanges (or its annotation): LoadBalancer only, a list of CIDRs (1.25 wording). */
function validateSourceRanges(svc: Service): FieldError[] {
  const ranges = svc.spec?.loadBalancerSourceRanges ?? [];
  const annotation = svc.metadata.annotations?.[SOURCE_RANGES_ANNOTATION];
  if (ranges.length === 0 && annotation === undefined) return [];
  const fromSpec = ranges.length > 0;
  const path = fromSpec ? 'spec.LoadBalancerSourceRanges' : `metadata.annotations[${SOURCE_RANGES_ANNOTATION}]`;
  const errors: FieldError[] = [];
  if (svc.spec?.type !== 'LoadBalancer') errors.push(forbidden(path, "may only be used when `type` is 'LoadBalancer'"));
  const values = fromSpec ? ranges : (annotation ?? '').trim() === '' ? [] : (annotation ?? '').split(',');
  if (!values.every((v) => isCIDR(v.trim())))
    errors.push(invalid(path, fromSpec ? `[${ranges.join(' ')}]` : annotation, 'must be a list of IP ranges. For example, 10.240.0.0/24,10.250.0.0/24 '));
  return errors;
}

/** allocateLoadBalancerNodePorts and loadBalancerClass: LoadBalancer only. */
function validateLoadBalancerFields(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errors: FieldError[] = [];
  const lb = spec.type === 'LoadBalancer';
  if (spec.allocateLoadBalancerNodePorts !== undefined && !lb)
    errors.push(forbidden('spec.allocateLoadBalancerNodePorts', "may only be used when `type` is 'LoadBalancer'"));
  // Upstream's path lacks `spec.` here.
  if (lb && spec.allocateLoadBalancerNodePorts === undefined) errors.push(required('allocateLoadBalancerNodePorts'));
  if (spec.loadBalancerClass !== undefined) {
    if (lb) errors.push(...validateQualifiedName(spec.loadBalancerClass, 'spec.loadBalancerClass'));
    else errors.push(forbidden('spec.loadBalancerClass', "may only be used when `type` is 'LoadBalancer'"));
  }
  return errors;
}

/** externalTrafficPolicy, healthCheckNodePort and internalTrafficPolicy. */
function validateTrafficPolicies(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errors: FieldError[] = [];
  const etp = spec.externalTrafficPolicy ?? '';
  if (!externallyAccessible(svc)) {
    if (etp !== '') errors.push(invalid('spec.externalTrafficPolicy', etp, 'may only be set for externally-accessible services'));
  } else if (etp === '') errors.push(required('spec.externalTrafficPolicy'));
  else if (!TRAFFIC_POLICIES.includes(etp)) errors.push(notSupported('spec.externalTrafficPolicy', etp, TRAFFIC_POLICIES));
  const hc = spec.healthCheckNodePort ?? 0;
  if (!needsHealthCheck(svc)) {
    if (hc !== 0) errors.push(invalid('spec.healthCheckNodePort', hc, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  } else if (hc === 0) errors.push(required('spec.healthCheckNodePort'));
  else if (hc < 1 || hc > 65535) errors.push(invalid('spec.healthCheckNodePort', hc, 'must be between 1 and 65535, inclusive'));
  const itp = spec.internalTrafficPolicy;
  if (itp === undefined && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(spec.type ?? '')) errors.push(required('spec.internalTrafficPolicy'));
  if (itp !== undefined && !TRAFFIC_POLICIES.includes(itp)) errors.push(notSupported('spec.internalTrafficPolicy', itp, TRAFFIC_POLICIES));
  return errors;
}

/** Upstream ValidateService. */
export function validateService(svc: Service): FieldError[] {
  const spec = svc.spec ?? {};
  const errors = validateObjectMeta(svc.metadata, { namespaced: true, nameValidator: nameIsDNS1035Label });
  if ((spec.ports ?? []).length === 0 && !isHeadless(svc) && spec.type !== 'ExternalName') errors.push(required('spec.ports'));
  errors.push(...validateTypeRules(svc), ...validateServicePorts(svc));
  if (spec.selector) errors.push(...validateLabels(spec.selector, 'spec.selector'));
  errors.push(...validateAffinity(svc), ...validateClusterIPsRelatedFields(svc), ...validateExternalIPs(svc));
  if (!spec.type) errors.push(required('spec.type'));
  else if (!SERVICE_TYPES.includes(spec.type)) errors.push(notSupported('spec.type', spec.type, SERVICE_TYPES));
  errors.push(...validatePortUniqueness(svc), ...validateSourceRanges(svc), ...validateLoadBalancerFields(svc), ...validateTrafficPolicies(svc));
  return errors;
}

/** Upstream ValidateServiceUpdate: metadata, cluster IPs and families, loadBalancerClass, health check port, then the create rules. */
export function validateServiceUpdate(svc: Service, old: Service): FieldError[] {
  const errors = validateObjectMetaUpdate(svc.metadata, old.metadata);
  errors.push(...validateClusterIPsUpdate(svc, old), ...validateIPFamiliesUpdate(svc, old));
  if (old.spec?.type === 'LoadBalancer' && svc.spec?.type === 'LoadBalancer' && old.spec.loadBalancerClass !== svc.spec.loadBalancerClass)
    errors.push(invalid('spec.loadBalancerClass', svc.spec.loadBalancerClass ?? null, 'may not change once set'));
  if (needsHealthCheck(old) && needsHealthCheck(svc) && old.spec?.healthCheckNodePort !== svc.spec?.healthCheckNodePort)
    errors.push(forbidden('spec.healthCheckNodePort', 'field is immutable'));
  return [...errors, ...validateService(svc)];
}

/** Upstream ValidateServiceStatusUpdate: metadata and the load balancer ingress addresses. */
export function validateServiceStatusUpdate(svc: Service, old: Service): FieldError[] {
  return [...validateObjectMetaUpdate(svc.metadata, old.metadata), ...validateLoadBalancerStatus(svc.status?.loadBalancer, 'status.loadBalancer')];
}
