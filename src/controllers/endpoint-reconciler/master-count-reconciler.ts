// The master-count endpoint reconciler (`--endpoint-reconciler-type=master-count`, deprecated upstream): each
// replica keeps its own address in the `kubernetes` Endpoints and, when they list more than `--apiserver-count`,
// drops the addresses after its own (wrapping around), so that the list becomes right eventually; no leases.
// Every write also writes the EndpointSlice from the Endpoints, as upstream's EndpointsAdapter does.
import type { ResourceClient } from '../../client/resource-client.js';
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';
import { isNotFound } from '../status-errors.js';
import { ensureSliceFromEndpoints, httpsPorts, KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, kubernetesEndpoints, SKIP_MIRROR_LABEL, type EndpointAddress, type EndpointReconciler } from './kubernetes-endpoints.js';

export interface MasterCountReconcilerDeps {
  endpoints: ResourceClient;
  endpointSlices?: ResourceClient;
  /** `--apiserver-count`. */
  count: number;
}

/** upstream RepackSubsets for the one subset kept here: addresses once each, in IP order. */
function repacked(addresses: readonly EndpointAddress[]): EndpointAddress[] {
  const byIP = new Map(addresses.map((a) => [a.ip, a]));
  return [...byIP.values()].sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
}

export class MasterCountEndpointReconciler implements EndpointReconciler {
  constructor(private readonly deps: MasterCountReconcilerDeps) {}

  /**
   * upstream masterCountEndpointReconciler.ReconcileEndpoints as the bootstrap controller's periodic pass calls it
   * (UpdateKubernetesService(false)): ports are written when the Endpoints are made or reset, not reconciled after.
   */
  async reconcile(ip: string, port: number): Promise<void> {
    const ports = httpsPorts(port);
    const current = (await this.deps.endpoints.getIfExists(KUBERNETES_NAMESPACE, KUBERNETES_SERVICE)) as Endpoints | undefined;
    if (current === undefined) {
      await ensureSliceFromEndpoints(this.deps.endpointSlices, await this.deps.endpoints.create(KUBERNETES_NAMESPACE, kubernetesEndpoints([ip], port)) as Endpoints);
      return;
    }
    const subsets = current.subsets ?? [];
    const subset = subsets[0];
    let next: Endpoints;
    if (subsets.length !== 1 || subset === undefined) {
      next = { ...current, subsets: [{ addresses: [{ ip }], ports }] };
    } else {
      const addresses = subset.addresses ?? [];
      const ipCorrect = addresses.some((a) => a.ip === ip) && addresses.length <= this.deps.count;
      if (ipCorrect && current.metadata.labels?.[SKIP_MIRROR_LABEL] === 'true') {
        await ensureSliceFromEndpoints(this.deps.endpointSlices, current);
        return;
      }
      const kept = ipCorrect ? addresses : this.trimmed(repacked([...addresses, { ip }]), ip);
      next = { ...current, subsets: [{ ...subset, addresses: kept }] };
    }
    next.metadata = { ...next.metadata, labels: { ...next.metadata.labels, [SKIP_MIRROR_LABEL]: 'true' } };
    await ensureSliceFromEndpoints(this.deps.endpointSlices, await this.deps.endpoints.replace(KUBERNETES_NAMESPACE, next) as Endpoints);
  }

  /** upstream RemoveEndpoints: this replica's address goes; nothing to do without the Endpoints or its subsets. */
  async remove(ip: string): Promise<void> {
    const current = (await this.deps.endpoints.getIfExists(KUBERNETES_NAMESPACE, KUBERNETES_SERVICE)) as Endpoints | undefined;
    const subset = current?.subsets?.[0];
    if (current === undefined || subset === undefined) return;
    const addresses = repacked((subset.addresses ?? []).filter((a) => a.ip !== ip));
    const { subsets: _subsets, ...rest } = current;
    const next: Endpoints = addresses.length === 0 ? rest : { ...rest, subsets: [{ ...subset, addresses }] };
    try {
      await ensureSliceFromEndpoints(this.deps.endpointSlices, await this.deps.endpoints.replace(KUBERNETES_NAMESPACE, next) as Endpoints);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  /** Past the count (at least 1), the addresses after this replica's go, wrapping around (upstream's loop, as it is). */
  private trimmed(addresses: EndpointAddress[], ip: string): EndpointAddress[] {
    const i = addresses.findIndex((a) => a.ip === ip);
    const count = Math.max(1, this.deps.count);
    while (i >= 0 && addresses.length > count) addresses.splice((i + 1) % addresses.length, 1);
    return addresses;
  }
}
