// The lease endpoint reconciler (`--endpoint-reconciler-type=lease`, upstream's default): every replica
// renews its master lease and rewrites the `kubernetes` Endpoints and EndpointSlice to list exactly the
// replicas whose leases are alive; a replica that stops removes its lease and itself from the list.
import { isStatusError } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Store } from '../../registry/store/index.js';
import type { MasterLeases } from './master-leases.js';
import { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, kubernetesEndpointSlice, kubernetesEndpoints, sameEndpointSlice, sameEndpoints } from './kubernetes-endpoints.js';
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';
import type { EndpointSlice } from '../../apis/discovery/v1/schemas.generated.js';

export interface LeaseReconcilerDeps {
  leases: MasterLeases;
  endpoints: Store;
  /** The discovery.k8s.io/v1 endpointslices store, when served. */
  endpointSlices?: Store;
}

const write = { dryRun: false, fieldManager: 'kube-apiserver' };

/** Writes `wanted` unless the stored object already matches (`same`); creates it when missing. */
async function ensure<T extends KubeObject>(store: Store, wanted: T, same: (current: T, wanted: T) => boolean): Promise<void> {
  const name = wanted.metadata.name ?? '';
  try {
    const current = (await store.get(KUBERNETES_NAMESPACE, name)).object as T;
    if (same(current, wanted)) return;
    await store.update(KUBERNETES_NAMESPACE, name, (now) => ({ ...wanted, metadata: { ...(now?.metadata ?? {}), labels: { ...now?.metadata.labels, ...wanted.metadata.labels } } }), write);
  } catch (error) {
    if (!isStatusError(error) || error.code !== 404) throw error;
    try {
      await store.create(KUBERNETES_NAMESPACE, structuredClone(wanted), write);
    } catch (raced) {
      // Another replica created it meanwhile: the next pass compares again.
      if (!isStatusError(raced) || raced.code !== 409) throw raced;
    }
  }
}

export class LeaseEndpointReconciler {
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
    await ensure<Endpoints>(this.deps.endpoints, kubernetesEndpoints(sorted, port), sameEndpoints);
    if (this.deps.endpointSlices) await ensure<EndpointSlice>(this.deps.endpointSlices, kubernetesEndpointSlice(sorted, port), sameEndpointSlice);
  }
}

export { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE };
