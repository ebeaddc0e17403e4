// The services evaluator (upstream pkg/quota/v1/evaluator/core/services.go, 1.25): `count/services` and
// `services` for each service, `services.nodeports` for the ports of NodePort and LoadBalancer services (of a
// LoadBalancer without node port allocation, only the ports that name one), `services.loadbalancers`. Creates and
// updates, as a service's type may change; no scopes.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Service } from '../apis/core/v1/schemas.generated.js';
import { intersection, objectCountResourceName, WITHOUT_SCOPES, type QuotaEvaluator } from './evaluator.js';
import { countOf, ZERO, type ResourceList } from './resource-list.js';

const SERVICE_COUNT = objectCountResourceName('', 'services');
const SERVICE_RESOURCES: ReadonlySet<string> = new Set([SERVICE_COUNT, 'services', 'services.nodeports', 'services.loadbalancers']);

/** GetQuotaServiceType: NodePort and LoadBalancer count against quota; any other type is ''. */
export function quotaServiceType(service: Readonly<Service>): string {
  const type = service.spec?.type;
  return type === 'NodePort' || type === 'LoadBalancer' ? type : '';
}

/** The service's usage. */
export function serviceUsage(service: Readonly<Service>): ResourceList {
  const ports = service.spec?.ports ?? [];
  const result: ResourceList = new Map([
    [SERVICE_COUNT, countOf(1)],
    ['services', countOf(1)],
    ['services.loadbalancers', ZERO],
    ['services.nodeports', ZERO],
  ]);
  if (service.spec?.type === 'NodePort') result.set('services.nodeports', countOf(ports.length));
  if (service.spec?.type === 'LoadBalancer') {
    // ServiceLBNodePortControl (GA in 1.24): without allocation, only the ports given a node port explicitly.
    const withNodePorts = service.spec.allocateLoadBalancerNodePorts === false ? ports.filter((p) => p.nodePort).length : ports.length;
    result.set('services.nodeports', countOf(withNodePorts));
    result.set('services.loadbalancers', countOf(1));
  }
  return result;
}

export const serviceEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'services',
  handles: (operation) => operation === 'CREATE' || operation === 'UPDATE',
  matchingResources: (input) => intersection(input, SERVICE_RESOURCES),
  ...WITHOUT_SCOPES,
  constraints: () => undefined,
  usage: (object: Readonly<KubeObject>) => serviceUsage(object as Service),
};
