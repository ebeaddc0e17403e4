// services/proxy: kube-apiserver resolves the target through the service's Endpoints (upstream
// service REST ResourceLocation) and answers 503 when no endpoint can be reached. kplane reaches no
// pod network, so every request ends in one of upstream's refusals.
import { badRequest, serviceUnavailable } from '../../../../errors/status-error.js';
import { proxySubresource, type ConnectSubresource, type SubresourceAccess } from '../../../../registry/subresource.js';
import type { Endpoints } from '../schemas.generated.js';
import type { Service } from './helpers.js';

/** Upstream SplitSchemeNamePort: `name`, `name:port` or `scheme:name:port` (scheme http or https). */
function splitSchemeNamePort(id: string): { name: string; port: string } | undefined {
  const parts = id.split(':');
  if (parts.length === 1 && parts[0]) return { name: parts[0], port: '' };
  if (parts.length === 2 && parts[0]) return { name: parts[0], port: parts[1]! };
  if (parts.length === 3 && parts[1] && (parts[0] === 'http' || parts[0] === 'https' || parts[0] === '')) return { name: parts[1], port: parts[2]! };
  return undefined;
}

/** A port number names the service port it belongs to; anything else is a port name already. */
async function servicePortName(access: SubresourceAccess, namespace: string, name: string, port: string): Promise<string> {
  if (!/^-?\d+$/.test(port)) return port;
  const svc = (await access.parent.get(namespace, name)).object as Service;
  const match = (svc.spec?.ports ?? []).find((p) => p.port === Number(port));
  if (!match) throw serviceUnavailable(`no service port ${port} found for service "${name}"`);
  return match.name ?? '';
}

async function resolve(access: SubresourceAccess, namespace: string, id: string): Promise<never> {
  const target = splitSchemeNamePort(id);
  if (!target) throw badRequest(`invalid service request "${id}"`);
  await servicePortName(access, namespace, target.name, target.port);
  const endpoints = access.storeFor('', 'endpoints');
  const eps = endpoints ? ((await endpoints.get(namespace, target.name)).object as Endpoints) : undefined;
  if ((eps?.subsets ?? []).length === 0) throw serviceUnavailable(`no endpoints available for service "${target.name}"`);
  // Every address would be dialled on the pod network, which kplane has none of: none can be reached.
  throw serviceUnavailable(`no endpoints available for service "${id}"`);
}

/** The `proxy` connect subresource of services (any method, with or without a path). */
export const serviceProxySubresource: ConnectSubresource = proxySubresource('ServiceProxyOptions', (access, namespace, name) => resolve(access, namespace, name));
