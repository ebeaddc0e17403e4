// The `proxy` connect subresource of nodes (upstream pkg/registry/core/node ResourceLocation and the
// proxy handler). kplane runs no kubelets, so a request ends where kube-apiserver's would when the
// kubelet cannot be reached: a malformed name (400), a missing node (404), a node without a usable
// address (500 "no preferred addresses found"), an address it refuses to proxy to (400 "address not
// allowed"), or the error of actually dialing the kubelet's address (500 with Go's dial error text).
import { lookup } from 'node:dns/promises';
import { connect, isIP } from 'node:net';
import { badRequest, unknownError } from '../../../../errors/status-error.js';
import { proxySubresource, type ConnectSubresource } from '../../../../registry/subresource.js';
import { goDialError, joinHostPort } from '../go-net-errors.js';
import type { Node } from '../schemas.generated.js';

/** kube-apiserver's default `--kubelet-preferred-address-types`. */
const PREFERRED_ADDRESS_TYPES = ['Hostname', 'InternalDNS', 'InternalIP', 'ExternalDNS', 'ExternalIP'];
/** kube-apiserver's default `--kubelet-port`. */
const KUBELET_PORT = 10250;
const DIAL_TIMEOUT_MS = 5_000;

/** Upstream SplitSchemeNamePort: `name`, `name:port` or `scheme:name:port` with scheme http, https or empty. */
export function splitSchemeNamePort(id: string): { scheme: string; name: string; port: string } | undefined {
  const parts = id.split(':');
  if (parts.length > 3) return undefined;
  const [a = '', b = '', c = ''] = parts;
  const split = parts.length === 3 ? { scheme: a, name: b, port: c } : { scheme: '', name: a, port: parts.length === 2 ? b : '' };
  return split.name && ['', 'http', 'https'].includes(split.scheme) ? split : undefined;
}

/** Upstream GetPreferredNodeAddress, or its NoMatchError text (Go's %v of the address list). */
export function preferredAddress(node: Node): string {
  const addresses = node.status?.addresses ?? [];
  for (const type of PREFERRED_ADDRESS_TYPES) {
    const found = addresses.find((a) => a.type === type);
    if (found) return found.address;
  }
  const known = addresses.map((a) => `{${a.type} ${a.address}}`).join(' ');
  throw unknownError(`no preferred addresses found; known addresses: [${known}]`);
}

/** The port the node's kubelet reports, else kube-apiserver's default `--kubelet-port`. */
export function kubeletPort(node: Node): number {
  const own = node.status?.daemonEndpoints?.kubeletEndpoint?.Port;
  return own && own > 0 ? own : KUBELET_PORT;
}

/** Go's net.IP.IsGlobalUnicast: not unspecified, loopback, link-local, multicast or broadcast. */
export function isGlobalUnicast(ip: string): boolean {
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return !(ip === '0.0.0.0' || ip === '255.255.255.255' || a === 127 || (a === 169 && b === 254) || a >= 224);
  }
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && lower.includes('.')) return isGlobalUnicast(lower.slice(7));
  return !(lower === '::' || lower === '::1' || /^fe[89ab]/.test(lower) || lower.startsWith('ff'));
}

/** Upstream IsProxyableHostname: every address the name resolves to must be global unicast. */
async function checkProxyable(host: string): Promise<void> {
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw badRequest(`lookup ${host}: no such host`);
  }
  if (addresses.length === 0) throw badRequest('No addresses for hostname');
  if (!addresses.every(isGlobalUnicast)) throw badRequest('address not allowed');
}

/** Dials the kubelet address; kplane has no kubelet client, so even a reachable port ends the request. */
function dial(host: string, port: string): Promise<never> {
  const hostPort = joinHostPort(host, port);
  return new Promise((_, reject) => {
    const socket = connect({ host, port: Number(port), timeout: DIAL_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      reject(unknownError(`error trying to reach the kubelet at ${hostPort}: kplane does not proxy to kubelets`));
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(unknownError(goDialError(hostPort, 'ETIMEDOUT')));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => reject(unknownError(goDialError(hostPort, error.code))));
  });
}

/** nodes/proxy: every verb a proxy passes on, with a path below it. */
export const nodeProxySubresource: ConnectSubresource = proxySubresource('NodeProxyOptions', async (access, _namespace, id) => {
  const split = splitSchemeNamePort(id);
  if (!split) throw badRequest(`invalid node request "${id}"`);
  const node = (await access.parent.get('', split.name)).object as Node;
  const host = preferredAddress(node);
  await checkProxyable(host);
  return dial(host, split.port || String(kubeletPort(node)));
});
