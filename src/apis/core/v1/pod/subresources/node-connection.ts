// Reaching a pod's node (upstream NodeConnectionInfoGetter and the kubelet dial, 1.25): the node must
// exist, have an address of a preferred type, and accept a connection on its kubelet port. kplane runs
// no kubelets and streams nothing from them: it answers what kube-apiserver answers when a step fails,
// and a refusal of its own when a kubelet port does answer.
import { connect } from 'node:net';
import { notFound, serviceUnavailable, unknownError, type StatusError } from '../../../../../errors/status-error.js';
import type { SubresourceAccess } from '../../../../../registry/subresource.js';
import type { Node } from '../../schemas.generated.js';

/** kube-apiserver's default --kubelet-preferred-address-types, in order. */
const PREFERRED_ADDRESS_TYPES = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];

/** kube-apiserver's default --kubelet-port, used when the node reports none. */
const DEFAULT_KUBELET_PORT = 10250;

/** kube-apiserver's kubelet client dial timeout. */
const DIAL_TIMEOUT_MS = 30_000;

/** Where a node's kubelet listens. */
export interface NodeConnection {
  host: string;
  port: number;
}

/** Go's net.JoinHostPort: IPv6 literals in brackets. */
export const joinHostPort = (host: string, port: number | string): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

/** Go's %v of a NodeAddress list: `[{InternalIP 10.0.0.1} {Hostname n1}]`. */
const formatAddresses = (node: Node): string => `[${(node.status?.addresses ?? []).map((a) => `{${a.type} ${a.address}}`).join(' ')}]`;

/** upstream GetConnectionInfo: the node (404 when missing), its preferred address, its kubelet port. */
export async function nodeConnection(access: SubresourceAccess, nodeName: string): Promise<NodeConnection> {
  const nodes = access.storeFor('', 'nodes');
  if (!nodes) throw notFound({ group: '', resource: 'nodes' }, nodeName);
  const node = (await nodes.get('', nodeName)).object as Node;
  const addresses = node.status?.addresses ?? [];
  for (const type of PREFERRED_ADDRESS_TYPES) {
    const found = addresses.find((a) => a.type === type);
    if (found) {
      const reported = node.status?.daemonEndpoints?.kubeletEndpoint?.Port ?? 0;
      return { host: found.address, port: reported > 0 ? reported : DEFAULT_KUBELET_PORT };
    }
  }
  throw unknownError(500, `no preferred addresses found; known addresses: ${formatAddresses(node)}`);
}

/** Go's text of a failed TCP dial (`dial tcp 10.0.0.1:10250: connect: connection refused`). */
function dialErrorText(host: string, port: number, error: NodeJS.ErrnoException | 'timeout'): string {
  const address = joinHostPort(host, port);
  if (error === 'timeout') return `dial tcp ${address}: i/o timeout`;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `dial tcp ${address}: connect: connection refused`;
    case 'EHOSTUNREACH':
      return `dial tcp ${address}: connect: no route to host`;
    case 'ENETUNREACH':
      return `dial tcp ${address}: connect: network is unreachable`;
    case 'ENOTFOUND':
      return `dial tcp: lookup ${host}: no such host`;
    default:
      return `dial tcp ${address}: ${error.message}`;
  }
}

/**
 * Dials `host:port` as the API server would before streaming; resolves to the error to answer: the
 * dial's failure in Go's words (`describe` wraps it as the caller's message), or, when something
 * answers, that kplane does not stream from kubelets.
 */
export function dialFailure(host: string, port: number, describe: (dialError: string) => StatusError): Promise<StatusError> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (result: StatusError): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(DIAL_TIMEOUT_MS, () => finish(describe(dialErrorText(host, port, 'timeout'))));
    socket.once('error', (error) => finish(describe(dialErrorText(host, port, error))));
    socket.once('connect', () => finish(serviceUnavailable(`kplane does not stream from kubelets: ${joinHostPort(host, port)} answered, but no connection was made`)));
  });
}
