// The Service table as kubectl prints it against kube-apiserver (upstream printers.go printService,
// rendered with every column, as the server does): NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE, wide SELECTOR.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import type { Service } from './helpers.js';

/** Upstream labels.FormatLabels: `k=v` pairs sorted by key, `<none>` when empty. */
export function formatLabels(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length === 0 ? '<none>' : keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** Ingress IPs, else hostnames, of a load balancer, comma separated. */
function loadBalancerAddresses(svc: Service): string {
  return (svc.status?.loadBalancer?.ingress ?? []).map((i) => i.ip || i.hostname || '').filter((s) => s !== '').join(',');
}

/** Upstream getServiceExternalIP (wide). */
export function externalIPCell(svc: Service): string {
  const spec = svc.spec ?? {};
  const external = spec.externalIPs ?? [];
  switch (spec.type) {
    case 'ClusterIP':
    case 'NodePort':
      return external.length > 0 ? external.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerAddresses(svc);
      if (external.length > 0) return [...(lb ? lb.split(',') : []), ...external].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return spec.externalName ?? '';
    default:
      return '<unknown>';
  }
}

/** Upstream makePortString: `80/TCP`, `80:30080/TCP`, comma separated; `<none>` without ports. */
export function portsCell(svc: Service): string {
  const pieces = (svc.spec?.ports ?? []).map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol ?? ''}` : `${p.port}/${p.protocol ?? ''}`));
  return pieces.length === 0 ? '<none>' : pieces.join(',');
}

export const serviceColumns: TableColumn<Service>[] = [
  nameColumn(),
  { definition: columnDefinition('Type', 'string', 'type determines how the Service is exposed.'), cell: (svc) => svc.spec?.type ?? '' },
  {
    definition: columnDefinition('Cluster-IP', 'string', 'clusterIP is the IP address of the service.'),
    cell: (svc) => svc.spec?.clusterIPs?.[0] ?? '<none>',
  },
  { definition: columnDefinition('External-IP', 'string', 'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.'), cell: externalIPCell },
  { definition: columnDefinition('Port(s)', 'string', 'The list of ports that are exposed by this service.'), cell: portsCell },
  ageColumn(),
  {
    definition: columnDefinition('Selector', 'string', 'Route service traffic to pods with label keys and values matching this selector.', { priority: 1 }),
    cell: (svc) => formatLabels(svc.spec?.selector),
  },
];
