// The Service strategy (upstream registry/core/service/strategy.go and storage.go): status is reset on
// create and kept on update, clusterIP and clusterIPs are kept in step, values the client left out
// are patched back from the stored object, and fields a type change makes meaningless are dropped.
import { keepStatus } from '../../../../registry/subresource.js';
import { externallyAccessible, needsClusterIP, needsHealthCheck, needsNodePort, nodePortsOf, sameStrings, type Service } from './helpers.js';

/**
 * Upstream NormalizeClusterIPs: old clients set only `clusterIP`; on create it seeds `clusterIPs`, on
 * update a cleared or changed `clusterIP` carries `clusterIPs` along when those were left as they were.
 */
export function normalizeClusterIPs(svc: Service, old: Service | undefined): void {
  const spec = (svc.spec ??= {});
  if (!old) {
    if (spec.clusterIP && (spec.clusterIPs ?? []).length === 0) spec.clusterIPs = [spec.clusterIP];
    return;
  }
  const oldSpec = old.spec ?? {};
  if ((oldSpec.clusterIPs ?? []).length > 0 && (spec.clusterIPs ?? []).length === 0 && (oldSpec.clusterIP ?? '') === (spec.clusterIP ?? ''))
    spec.clusterIPs = oldSpec.clusterIPs;
  if ((oldSpec.clusterIP ?? '') === (spec.clusterIP ?? '')) return;
  if (oldSpec.clusterIP && !spec.clusterIP) {
    if (sameStrings(oldSpec.clusterIPs, spec.clusterIPs)) delete spec.clusterIPs;
  } else if (sameStrings(oldSpec.clusterIPs, spec.clusterIPs)) spec.clusterIPs = [spec.clusterIP ?? ''];
}

/** Upstream patchAllocatedValues: an update that leaves out allocated values keeps them (idempotent apply). */
export function patchAllocatedValues(svc: Service, old: Service): void {
  const spec = (svc.spec ??= {});
  const oldSpec = old.spec ?? {};
  if (needsClusterIP(old) && needsClusterIP(svc)) {
    if (!spec.clusterIP && oldSpec.clusterIP) spec.clusterIP = oldSpec.clusterIP;
    if ((spec.clusterIPs ?? []).length === 0 && (oldSpec.clusterIPs ?? []).length > 0) spec.clusterIPs = oldSpec.clusterIPs;
  }
  if (needsNodePort(old) && needsNodePort(svc)) {
    const inNew = new Set(nodePortsOf(svc));
    const used = new Set(nodePortsOf(old).filter((p) => inNew.has(p)));
    const byName = new Map((oldSpec.ports ?? []).map((p) => [p.name ?? '', p.nodePort ?? 0]));
    for (const port of spec.ports ?? []) {
      if (port.nodePort) continue;
      const previous = byName.get(port.name ?? '');
      if (previous && !used.has(previous)) port.nodePort = previous;
    }
  }
  if (needsHealthCheck(old) && needsHealthCheck(svc) && !spec.healthCheckNodePort && oldSpec.healthCheckNodePort)
    spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
}

/** Upstream dropTypeDependentFields: values a type change made meaningless go, unless the client changed them too. */
export function dropTypeDependentFields(svc: Service, old: Service): void {
  const spec = (svc.spec ??= {});
  const oldSpec = old.spec ?? {};
  if (needsClusterIP(old) && !needsClusterIP(svc)) {
    if (oldSpec.clusterIP === spec.clusterIP && sameStrings(oldSpec.clusterIPs, spec.clusterIPs)) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameStrings(oldSpec.ipFamilies, spec.ipFamilies)) delete spec.ipFamilies;
    if (oldSpec.ipFamilyPolicy === spec.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  if (needsNodePort(old) && !needsNodePort(svc) && sameNodePorts(old, svc)) for (const p of spec.ports ?? []) delete p.nodePort;
  if (needsHealthCheck(old) && !needsHealthCheck(svc) && oldSpec.healthCheckNodePort === spec.healthCheckNodePort) delete spec.healthCheckNodePort;
  if (oldSpec.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts)
      delete spec.allocateLoadBalancerNodePorts;
    if (spec.loadBalancerClass === oldSpec.loadBalancerClass) delete spec.loadBalancerClass;
  }
  if (externallyAccessible(old) && !externallyAccessible(svc) && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  if (spec.type !== 'LoadBalancer' && svc.status?.loadBalancer) svc.status.loadBalancer = {};
}

/** The ports of both services carry the same node ports, position by position. */
function sameNodePorts(a: Service, b: Service): boolean {
  const x = a.spec?.ports ?? [];
  const y = b.spec?.ports ?? [];
  return x.length === y.length && x.every((p, i) => (p.nodePort ?? 0) === (y[i]?.nodePort ?? 0));
}

/** PrepareForCreate: no status from clients (an empty load balancer status, as upstream serializes it). */
export function prepareServiceForCreate(svc: Service): void {
  svc.status = { loadBalancer: {} };
  normalizeClusterIPs(svc, undefined);
}

/** PrepareForUpdate: status from the stored object, clusterIPs normalized, type-dependent fields dropped. */
export function prepareServiceForUpdate(svc: Service, old: Service): void {
  keepStatus(svc, old);
  normalizeClusterIPs(svc, old);
  dropTypeDependentFields(svc, old);
}
