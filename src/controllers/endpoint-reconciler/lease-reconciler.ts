// The lease endpoint reconciler (`--endpoint-reconciler-type=lease`, upstream's default): every replica
// renews its master lease and rewrites the `kubernetes` Endpoints and EndpointSlice to list exactly the
// replicas whose leases are alive; a replica that stops removes its lease and itself from the list.
import type { ResourceClient } from '../../client/resource-client.js';
import type { MasterLeases } from './master-leases.js';
import { ensureKubernetesObject, KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, kubernetesEndpointSlice, kubernetesEndpoints, sameEndpointSlice, sameEndpoints, type EndpointReconciler } from './kubernetes-endpoints.js';
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
