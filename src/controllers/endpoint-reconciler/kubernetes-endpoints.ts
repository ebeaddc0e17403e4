// The Endpoints and EndpointSlice of the `kubernetes` service, as upstream's reconcilers write them:
// one address per live replica, sorted, and the one port `https` of the secure port; what every reconciler
// is, and how they write an object (`ensureKubernetesObject`); the `none` reconciler, which writes nothing.
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';
import type { EndpointSlice } from '../../apis/discovery/v1/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import { isConflict, isNotFound } from '../status-errors.js';

export const KUBERNETES_SERVICE = 'kubernetes';
export const KUBERNETES_NAMESPACE = 'default';

export type EndpointPort = NonNullable<NonNullable<Endpoints['subsets']>[number]['ports']>[number];
export type EndpointAddress = NonNullable<NonNullable<Endpoints['subsets']>[number]['addresses']>[number];

export const SKIP_MIRROR_LABEL = 'endpointslice.kubernetes.io/skip-mirror';

/** The one port of the `kubernetes` Endpoints (upstream createEndpointPortSpec, without extra ports). */
export function httpsPorts(port: number): EndpointPort[] {
  return [{ name: 'https', port, protocol: 'TCP' }];
}

/** The Endpoints object listing `ips` on `port` (upstream: skip-mirror, the slice is written directly). */
export function kubernetesEndpoints(ips: readonly string[], port: number): Endpoints {
  return {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: KUBERNETES_SERVICE, namespace: KUBERNETES_NAMESPACE, labels: { [SKIP_MIRROR_LABEL]: 'true' } },
    ...(ips.length === 0 ? {} : { subsets: [{ addresses: ips.map((ip) => ({ ip })), ports: httpsPorts(port) }] }),
  };
}

/**
 * The EndpointSlice upstream's EndpointsAdapter writes beside the Endpoints (endpointSliceFromEndpoints): the
 * first subset's ports and addresses, ready and not ready; IPv6 only when every ready address is.
 */
export function endpointSliceFromEndpoints(endpoints: Endpoints): EndpointSlice {
  const subset = endpoints.subsets?.[0];
  const addresses = subset?.addresses ?? [];
  const ipv6 = addresses.length > 0 && addresses.every((a) => a.ip.includes(':'));
  const endpointsOf = (list: readonly EndpointAddress[], ready: boolean) => list.map((a) => ({ addresses: [a.ip], conditions: { ready } }));
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: KUBERNETES_SERVICE, namespace: KUBERNETES_NAMESPACE, labels: { 'kubernetes.io/service-name': KUBERNETES_SERVICE } },
    addressType: ipv6 ? 'IPv6' : 'IPv4',
    endpoints: [...endpointsOf(addresses, true), ...endpointsOf(subset?.notReadyAddresses ?? [], false)],
    ...(subset?.ports?.length ? { ports: subset.ports.map((p) => ({ name: p.name, port: p.port, protocol: p.protocol })) } : {}),
  };
}

/** upstream EnsureEndpointSliceFromEndpoints: the slice made to say what the Endpoints say, when slices are served. */
export async function ensureSliceFromEndpoints(client: ResourceClient | undefined, endpoints: Endpoints): Promise<void> {
  if (client) await ensureKubernetesObject<EndpointSlice>(client, endpointSliceFromEndpoints(endpoints), sameEndpointSlice);
}

/** Whether the stored EndpointSlice already says what `wanted` says. */
export function sameEndpointSlice(current: EndpointSlice, wanted: EndpointSlice): boolean {
  const shape = (s: EndpointSlice): string => JSON.stringify([s.addressType, s.endpoints, s.ports, s.metadata.labels?.['kubernetes.io/service-name']]);
  return shape(current) === shape(wanted);
}

/** What keeps the `kubernetes` Endpoints (upstream's EndpointReconciler): a pass, and this replica leaving. */
export interface EndpointReconciler {
  reconcile(ip: string, port: number): Promise<void>;
  remove(ip: string, port: number): Promise<void>;
}

/**
 * Writes what `next` makes of the stored object (undefined: none stored), unless it returns undefined (it is
 * right); creates it when missing. Returns the object as stored after, or undefined when another replica
 * created it meanwhile (the next pass compares again).
 */
export async function reconcileKubernetesObject<T extends KubeObject>(client: ResourceClient, name: string, next: (current: T | undefined) => T | undefined): Promise<T | undefined> {
  const current = (await client.getIfExists(KUBERNETES_NAMESPACE, name)) as T | undefined;
  if (current !== undefined) {
    if (next(current) === undefined) return current;
    try {
      // Read again at each conflict (client-go's RetryOnConflict); nothing is written when another replica wrote the same meanwhile.
      return (await client.update(KUBERNETES_NAMESPACE, name, (now) => next(now as T))) as T;
    } catch (error) {
      if (!isNotFound(error)) throw error; // deleted meanwhile: made again below
    }
  }
  const wanted = next(undefined);
  if (wanted === undefined) return undefined;
  try {
    return (await client.create(KUBERNETES_NAMESPACE, wanted)) as T;
  } catch (raced) {
    if (!isConflict(raced)) throw raced;
    return undefined;
  }
}

/** Writes `wanted` unless the stored object already matches (`same`), keeping the stored metadata and labels. */
export async function ensureKubernetesObject<T extends KubeObject>(client: ResourceClient, wanted: T, same: (current: T, wanted: T) => boolean): Promise<void> {
  await reconcileKubernetesObject<T>(client, wanted.metadata.name ?? '', (current) => {
    if (current === undefined) return structuredClone(wanted);
    return same(current, wanted) ? undefined : { ...wanted, metadata: { ...current.metadata, labels: { ...current.metadata.labels, ...wanted.metadata.labels } } };
  });
}

/** `--endpoint-reconciler-type=none`: the Endpoints are left as they are. */
export class NoneEndpointReconciler implements EndpointReconciler {
  async reconcile(): Promise<void> {}
  async remove(): Promise<void> {}
}
