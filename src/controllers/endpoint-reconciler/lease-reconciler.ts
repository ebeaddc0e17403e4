// The lease endpoint reconciler (`--endpoint-reconciler-type=lease`, upstream's default): every replica
// renews its master lease and makes the `kubernetes` Endpoints list exactly the replicas whose leases are
// alive (upstream leaseEndpointReconciler.doReconcile); a replica that stops removes its lease and reconciles
// once more, ports included. With no lease left (the last replica stopping) nothing is erased: upstream
// refuses, and the Endpoints keep the last address.
import type { ResourceClient } from '../../client/resource-client.js';
import type { MasterLeases } from './master-leases.js';
import { ensureSliceFromEndpoints, httpsPorts, KUBERNETES_NAMESPACE, KUBERNETES_SERVICE, reconcileKubernetesObject, SKIP_MIRROR_LABEL, type EndpointPort, type EndpointReconciler } from './kubernetes-endpoints.js';
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';

/** upstream's error when the leases list nobody (logged by the caller; nothing is written). */
export const NO_MASTER_IPS = 'no master IPs were listed in storage, refusing to erase all endpoints for the kubernetes service';

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

  /** Renews this replica's lease, then lists every live replica; ports are left as they are (the periodic pass: reconcilePorts false). */
  async reconcile(ip: string, port: number): Promise<void> {
    await this.deps.leases.update(ip);
    await this.doReconcile(port, false);
  }

  /** upstream RemoveEndpoints: this replica's lease goes, then a pass that also sets the ports. */
  async remove(ip: string, port: number): Promise<void> {
    await this.deps.leases.remove(ip);
    await this.doReconcile(port, true);
  }

  private async doReconcile(port: number, reconcilePorts: boolean): Promise<void> {
    const ips = await this.deps.leases.list();
    if (ips.length === 0) throw new Error(NO_MASTER_IPS);
    const written = await reconcileKubernetesObject<Endpoints>(this.deps.endpoints, KUBERNETES_SERVICE, (current) => leaseEndpoints(current, ips, httpsPorts(port), reconcilePorts));
    if (written) await ensureSliceFromEndpoints(this.deps.endpointSlices, written);
  }
}

/**
 * upstream doReconcile's decision, from the stored Endpoints (undefined: none yet) and the live leases: the
 * Endpoints to write, or undefined when they are right. One subset is the right format (else it is made
 * again); its addresses are right when they are the leases' IPs, each once, in any order (else they are
 * replaced, sorted, as RepackSubsets leaves them); its ports are compared only when `reconcilePorts`.
 */
export function leaseEndpoints(current: Endpoints | undefined, ips: readonly string[], ports: EndpointPort[], reconcilePorts: boolean): Endpoints | undefined {
  const base: Endpoints = current ?? { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: KUBERNETES_SERVICE, namespace: KUBERNETES_NAMESPACE } };
  const skipMirrorChanged = base.metadata.labels?.[SKIP_MIRROR_LABEL] !== 'true';
  const subset = base.subsets?.length === 1 ? base.subsets[0] : undefined;
  const portsCorrect = subset !== undefined && (!reconcilePorts || JSON.stringify(subset.ports ?? []) === JSON.stringify(ports));
  const ipsCorrect = subset !== undefined && sameAddressSet(subset.addresses ?? [], ips);
  if (current !== undefined && !skipMirrorChanged && ipsCorrect && portsCorrect) return undefined;
  const next = subset === undefined ? { addresses: [], ports } : { ...subset };
  if (!ipsCorrect) next.addresses = [...ips].sort().map((ip) => ({ ip }));
  if (!portsCorrect) next.ports = ports;
  return { ...base, metadata: { ...base.metadata, labels: { ...base.metadata.labels, [SKIP_MIRROR_LABEL]: 'true' } }, subsets: [next] };
}

/** upstream checkEndpointSubsetFormatWithLease's ipsCorrect: the same addresses, none twice. */
function sameAddressSet(addresses: ReadonlyArray<{ ip: string }>, ips: readonly string[]): boolean {
  if (addresses.length !== ips.length) return false;
  const unseen = new Set(ips);
  return addresses.every((a) => unseen.delete(a.ip));
}

export { KUBERNETES_NAMESPACE, KUBERNETES_SERVICE };
