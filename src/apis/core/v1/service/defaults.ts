// Service defaults as upstream SetDefaults_Service (core v1): affinity, type, port protocol and
// targetPort, traffic policies, allocateLoadBalancerNodePorts. ipFamilies and ipFamilyPolicy are not
// defaults: the allocators set them, as upstream's REST layer does.
import { externallyAccessible, type Service } from './helpers.js';

/** Upstream DefaultClientIPServiceAffinitySeconds (three hours). */
const DEFAULT_AFFINITY_SECONDS = 10800;

export function defaultService(svc: Service): void {
  const spec = (svc.spec ??= {});
  spec.sessionAffinity ||= 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined)
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: DEFAULT_AFFINITY_SECONDS } };
  spec.type ||= 'ClusterIP';
  for (const port of spec.ports ?? []) {
    port.protocol ||= 'TCP';
    if (port.targetPort === undefined || port.targetPort === 0 || port.targetPort === '') port.targetPort = port.port;
  }
  if (externallyAccessible(svc) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy === undefined && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(spec.type)) spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts ??= true;
}
