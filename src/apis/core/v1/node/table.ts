// The Node table as upstream's printNode: Name, Status, Roles, Age, Version, and with `-o wide`
// Internal-IP, External-IP, OS-Image, Kernel-Version, Container-Runtime.
import type { TableColumn } from '../../../../registry/resource-definition.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import type { Node } from '../schemas.generated.js';

const ROLE_PREFIX = 'node-role.kubernetes.io/';
const ROLE_LABEL = 'kubernetes.io/role';

/** `Ready` / `NotReady` from the Ready condition, `Unknown` without one, then `SchedulingDisabled`. */
export function nodeStatusCell(node: Node): string {
  const ready = (node.status?.conditions ?? []).filter((c) => c.type === 'Ready').at(-1);
  const status = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (node.spec?.unschedulable) status.push('SchedulingDisabled');
  return status.join(',');
}

/** Sorted roles from `node-role.kubernetes.io/<role>` labels and the `kubernetes.io/role` label. */
export function nodeRolesCell(node: Node): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(node.metadata.labels ?? {})) {
    if (key.startsWith(ROLE_PREFIX)) {
      const role = key.slice(ROLE_PREFIX.length);
      if (role) roles.add(role);
    } else if (key === ROLE_LABEL && value) roles.add(value);
  }
  return roles.size > 0 ? [...roles].sort().join(',') : '<none>';
}

const address = (node: Node, type: string): string => node.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';
const info = (node: Node, key: 'osImage' | 'kernelVersion' | 'containerRuntimeVersion'): string => node.status?.nodeInfo?.[key] || '<unknown>';

const wide = (name: string, description: string, cell: (node: Node) => string): TableColumn<Node> => ({
  definition: columnDefinition(name, 'string', description, { priority: 1 }),
  cell,
});

export const nodeColumns: TableColumn<Node>[] = [
  nameColumn(),
  { definition: columnDefinition('Status', 'string', 'The status of the node'), cell: nodeStatusCell },
  { definition: columnDefinition('Roles', 'string', 'The roles of the node'), cell: nodeRolesCell },
  ageColumn(),
  { definition: columnDefinition('Version', 'string', 'Kubelet Version reported by the node.'), cell: (n) => n.status?.nodeInfo?.kubeletVersion ?? '' },
  wide('Internal-IP', 'List of addresses reachable to the node.', (n) => address(n, 'InternalIP')),
  wide('External-IP', 'List of addresses reachable to the node.', (n) => address(n, 'ExternalIP')),
  wide('OS-Image', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', (n) => info(n, 'osImage')),
  wide('Kernel-Version', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", (n) => info(n, 'kernelVersion')),
  wide('Container-Runtime', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).', (n) => info(n, 'containerRuntimeVersion')),
];
