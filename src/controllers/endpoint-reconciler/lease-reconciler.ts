// The lease endpoint reconciler (`--endpoint-reconciler-type=lease`, upstream's default): every replica
// renews its master lease and rewrites the `kubernetes` Endpoints and EndpointSlice to list exactly the
// replicas whose leases are alive; a replica that stops removes its lease and itself from the list.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ResourceClient } from '../../client/resource-client.js';
import { isConflict, isNotFound } from '../status-errors.js';
import type { MasterLeases } from './master-leases.js';
import { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, kubernetesEndpointSlice, kubernetesEndpoints, sameEndpointSlice, sameEndpoints } from './kubernetes-endpoints.js';
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';
import type { EndpointSlice } from '../../apis/discovery/v1/schemas.generated.js';

/**
 * Upstream's reconciler writes the Endpoints and EndpointSlice through kube-apiserver's loopback client
 * (`system:apiserver`, user agent `kube-apiserver/...`, so managedFields name `kube-apiserver`); only the
 * master leases are written to storage directly.
 */
export interface LeaseReconcilerDeps {
  leases: MasterLeases;
  /** The core v1 endpoints client of kube-apiserver's loopback identity. */
  endpoints: ResourceClient;
  /** Its discovery.k8s.io/v1 endpointslices client, when served. */
  endpointSlices?: ResourceClient;
}

/** What keeps the `kubernetes` Endpoints (upstream's EndpointReconciler): a pass, and this replica leaving. */
export interface EndpointReconciler {
  reconcile(ip: string, port: number): Promise<void>;
  remove(ip: string, port: number): Promise<void>;
}

/** Writes `wanted` unless the stored object already matches (`same`); creates it when missing. */
export async function ensureKubernetesObject<T extends KubeObject>(client: ResourceClient, wanted: T, same: (current: T, wanted: T) => boolean): Promise<void> {
  const name = wanted.metadata.name ?? '';
  const current = (await client.getIfExists(KUBERNETES_NAMESPACE, name)) as T | undefined;
  if (current !== undefined) {
    if (same(current, wanted)) return;
    try {
      // Read again at each conflict (client-go's RetryOnConflict); nothing is written when another replica wrote the same meanwhile.
      await client.update(KUBERNETES_NAMESPACE, name, (now) =>
        same(now as T, wanted) ? undefined : { ...wanted, metadata: { ...now.metadata, labels: { ...now.metadata.labels, ...wanted.metadata.labels } } });
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error; // deleted meanwhile: made again below
    }
  }
  try {
    await client.create(KUBERNETES_NAMESPACE, structuredClone(wanted));
  } catch (raced) {
    // Another replica created it meanwhile: the next pass compares again.
    if (!isConflict(raced)) throw raced;
  }
}

export class LeaseEndpointReconciler implements EndpointReconciler {
  constructor(private readonly deps: LeaseReconcilerDeps) {}

  /** Renews this replica's lease, then lists every live replica on `port`. */
  async reconcile(ip: string, port: number): Promise<void> {
    await this.deps.leases.update(ip);
    await this.write(await this.deps.leases.list(), port);
  }

  /** Removes this replica: its lease goes, and the list is written without it. */
  async remove(ip: string, port: number): Promise<void> {
    await this.deps.leases.remove(ip);
    await this.write((await this.deps.leases.list()).filter((other) => other !== ip), port);
  }

  private async write(ips: string[], port: number): Promise<void> {
    const sorted = [...ips].sort();
    await ensureKubernetesObject<Endpoints>(this.deps.endpoints, kubernetesEndpoints(sorted, port), sameEndpoints);
    if (this.deps.endpointSlices) await ensureKubernetesObject<EndpointSlice>(this.deps.endpointSlices, kubernetesEndpointSlice(sorted, port), sameEndpointSlice);
  }
}

export { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE };
