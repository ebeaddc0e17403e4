// The Ingress table as kube-apiserver 1.25 renders it (upstream printers.go printIngress, every column
// rendered wide as the server does): NAME CLASS HOSTS ADDRESS PORTS AGE.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import type { Ingress, IngressRule } from '../schemas.generated.js';

const MAX_HOSTS = 3;

/** Upstream formatHosts: the first three hosts, `+ N more...` (N counting every further rule), `*` when none. */
export function formatHosts(rules: readonly IngressRule[] | undefined): string {
  const all = rules ?? [];
  const hosts: string[] = [];
  let more = false;
  for (const rule of all) {
    if (hosts.length === MAX_HOSTS) more = true;
    if (!more && rule.host) hosts.push(rule.host);
  }
  if (hosts.length === 0) return '*';
  return more ? `${hosts.join(',')} + ${all.length - MAX_HOSTS} more...` : hosts.join(',');
}

/** Upstream loadBalancerStatusStringer (wide): each point's IP, else its hostname, sorted and unique. */
export function loadBalancerAddresses(ingress: Ingress): string {
  const points = ingress.status?.loadBalancer?.ingress ?? [];
  const addresses = new Set(points.map((p) => p.ip || p.hostname || '').filter((a) => a !== ''));
  return [...addresses].sort().join(',');
}

/** Upstream printIngress's columns. */
export const ingressColumns: TableColumn<Ingress>[] = [
  nameColumn(),
  {
    definition: columnDefinition('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
    cell: (ing) => ing.spec?.ingressClassName ?? '<none>',
  },
  { definition: columnDefinition('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'), cell: (ing) => formatHosts(ing.spec?.rules) },
  { definition: columnDefinition('Address', 'string', 'Address is a list containing ingress points for the load-balancer'), cell: loadBalancerAddresses },
  { definition: columnDefinition('Ports', 'string', 'Ports of TLS configurations that open'), cell: (ing) => ((ing.spec?.tls ?? []).length > 0 ? '80, 443' : '80') },
  ageColumn(),
];
