// Reaching a pod's node (upstream NodeConnectionInfoGetter and the kubelet dial, 1.25): the node must
// exist, have an address of a preferred type (nodes/proxy's preferredAddress), and accept a connection
// on its kubelet port. kplane runs no kubelets and streams nothing from them: it answers what
// kube-apiserver answers when a step fails, and a refusal of its own when a kubelet port does answer.
import { connect } from 'node:net';
import { notFound, serviceUnavailable, type StatusError } from '../../../../../errors/status-error.js';
import type { SubresourceAccess } from '../../../../../registry/subresource.js';
import { goDialError, joinHostPort } from '../../go-net-errors.js';
import { kubeletPort, preferredAddress } from '../../node/proxy.js';
import type { Node } from '../../schemas.generated.js';

/** kube-apiserver's kubelet client dial timeout. */
const DIAL_TIMEOUT_MS = 30_000;

/** Where a node's kubelet listens. */
export interface NodeConnection {
  host: string;
  port: number;
}

/** upstream GetConnectionInfo: the node (404 when missing), its preferred address, its kubelet port. */
export async function nodeConnection(access: SubresourceAccess, nodeName: string): Promise<NodeConnection> {
  const nodes = access.storeFor('', 'nodes');
  if (!nodes) throw notFound({ group: '', resource: 'nodes' }, nodeName);
  const node = (await nodes.get('', nodeName)).object as Node;
  return { host: preferredAddress(node), port: kubeletPort(node) };
}

/**
 * Dials `host:port` as the API server would before streaming; resolves to the error to answer: the
 * dial's failure in Go's words (`describe` wraps it as the caller's message), or, when something
 * answers, that kplane does not stream from kubelets.
 */
export function dialFailure(host: string, port: number, describe: (dialError: string) => StatusError): Promise<StatusError> {
  const hostPort = joinHostPort(host, port);
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const finish = (result: StatusError): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(DIAL_TIMEOUT_MS, () => finish(describe(goDialError(hostPort, 'ETIMEDOUT'))));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(describe(goDialError(hostPort, error.code, error.code === 'ENOTFOUND' ? `dial tcp: lookup ${host}: no such host` : undefined))),
    );
    socket.once('connect', () => finish(serviceUnavailable(`kplane does not stream from kubelets: ${hostPort} answered, but no connection was made`)));
  });
}
