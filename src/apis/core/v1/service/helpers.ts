// Predicates over a Service that defaults, validation, the strategy and the allocators share
// (upstream pkg/api/service/util.go and the helpers of registry/core/service).
import type { Service, ServicePort, ServiceSpec } from '../schemas.generated.js';

export type { Service, ServicePort, ServiceSpec };

export const CLUSTER_IP_NONE = 'None';

/** The spec, created empty when absent, so callers can write through it. */
export function specOf(svc: Service): ServiceSpec {
  return (svc.spec ??= {});
}

/** Headless: clusterIPs is exactly ['None']. */
export const isHeadless = (svc: Service): boolean => svc.spec?.clusterIPs?.length === 1 && svc.spec.clusterIPs[0] === CLUSTER_IP_NONE;

/** Every type but ExternalName has cluster IPs (or is headless). */
export const needsClusterIP = (svc: Service): boolean => svc.spec?.type !== 'ExternalName';

/** NodePort and LoadBalancer services have node ports. */
export const needsNodePort = (svc: Service): boolean => svc.spec?.type === 'NodePort' || svc.spec?.type === 'LoadBalancer';

/** Upstream ExternallyAccessible: NodePort, LoadBalancer, or ClusterIP with external IPs. */
export const externallyAccessible = (svc: Service): boolean =>
  needsNodePort(svc) || (svc.spec?.type === 'ClusterIP' && (svc.spec.externalIPs?.length ?? 0) > 0);

/** Upstream NeedsHealthCheck: a LoadBalancer with externalTrafficPolicy Local. */
export const needsHealthCheck = (svc: Service): boolean => svc.spec?.type === 'LoadBalancer' && svc.spec.externalTrafficPolicy === 'Local';

/** Whether missing node ports are allocated: always for NodePort, per allocateLoadBalancerNodePorts for LoadBalancer. */
export function shouldAllocateNodePorts(svc: Service): boolean {
  if (svc.spec?.type === 'NodePort') return true;
  if (svc.spec?.type === 'LoadBalancer') return svc.spec.allocateLoadBalancerNodePorts !== false;
  return false;
}

/** The distinct node ports a service holds (upstream collectServiceNodePorts). */
export function nodePortsOf(svc: Service): number[] {
  const ports = new Set<number>();
  for (const p of svc.spec?.ports ?? []) if (p.nodePort) ports.add(p.nodePort);
  return [...ports];
}

/** Whether two lists hold the same strings in order (nil and empty alike, as Go's len checks). */
export function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const x = a ?? [];
  const y = b ?? [];
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
