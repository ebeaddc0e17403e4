// Cluster IP and node port allocation for Service writes (upstream registry/core/service/storage
// alloc.go): what a create, an update and a delete take from and give back to the ranges, as
// transactions the store commits once the write holds or reverts when it fails.
import { invalid as invalidField } from '../../../errors/field-errors.js';
import { internalError, invalid } from '../../../errors/status-error.js';
import { CLUSTER_IP_NONE, isHeadless, needsHealthCheck, needsNodePort, nodePortsOf, shouldAllocateNodePorts, type Service } from '../../../apis/core/v1/service/index.js';
import { initIPFamilyFields } from './ip-families.js';
import { familyOf, type IPFamily } from './ip-range.js';
import { PortOperation } from './port-operation.js';
import { AllocationError, type IPAllocator, type PortAllocator } from './range-allocators.js';
import { callbackTransaction, metaTransaction, type Transaction } from './transaction.js';

/** A failure to allocate, as upstream answers it: 422 on a requested value, 500 when a range is full. */
function allocationFailure(svc: Service, error: unknown, field: string, value: unknown, requested: string | undefined, what: string): Error {
  if (!(error instanceof AllocationError)) return error as Error;
  if (requested === undefined) return internalError(`failed to allocate a ${what}: ${error.message}`);
  return invalid('', 'Service', svc.metadata.name ?? '', [invalidField(field, value, requested ? `failed to allocate IP ${requested}: ${error.message}` : error.message)]);
}

export class ServiceAllocators {
  private readonly ipsByFamily: Map<IPFamily, IPAllocator>;

  constructor(
    ips: readonly IPAllocator[],
    readonly ports: PortAllocator,
  ) {
    this.ipsByFamily = new Map(ips.map((a) => [a.family, a]));
  }

  /** The configured families, primary first (`--service-cluster-ip-range` order). */
  get families(): IPFamily[] {
    return [...this.ipsByFamily.keys()];
  }

  allocator(family: IPFamily): IPAllocator | undefined {
    return this.ipsByFamily.get(family);
  }

  /** Upstream allocateCreate: families, cluster IPs, node ports (and the health check port). */
  async allocateCreate(svc: Service, dryRun: boolean): Promise<Transaction> {
    initIPFamilyFields(svc, undefined, this.families);
    return this.withNodePorts(await this.allocClusterIPs(svc, dryRun), svc, undefined, dryRun);
  }

  /** Upstream allocateUpdate: cluster IPs on a type change to or from ExternalName, node ports as the type needs. */
  async allocateUpdate(svc: Service, old: Service, dryRun: boolean): Promise<Transaction> {
    initIPFamilyFields(svc, old, this.families);
    return this.withNodePorts(await this.updateClusterIPs(svc, old, dryRun), svc, old, dryRun);
  }

  /** The node port step after the cluster IP step, whose work goes back if node ports fail. */
  private async withNodePorts(ips: Transaction, svc: Service, old: Service | undefined, dryRun: boolean): Promise<Transaction> {
    try {
      return metaTransaction([ips, await this.allocNodePorts(svc, old, dryRun)]);
    } catch (error) {
      await ips.revert();
      throw error;
    }
  }

  /** Upstream releaseAllocatedResources: after a delete, the cluster IPs and node ports go back. */
  async release(svc: Service): Promise<void> {
    await this.releaseIPs(svc);
    for (const port of nodePortsOf(svc)) await this.ports.release(port);
    if (needsHealthCheck(svc) && svc.spec?.healthCheckNodePort) await this.ports.release(svc.spec.healthCheckNodePort);
  }

  private async releaseIPs(svc: Service): Promise<void> {
    if (svc.spec?.type === 'ExternalName' || svc.spec?.clusterIPs?.[0] === CLUSTER_IP_NONE) return;
    for (const ip of svc.spec?.clusterIPs ?? []) {
      const family = familyOf(ip);
      if (family) await this.ipsByFamily.get(family)?.release(ip);
    }
  }

  /** One address per family: the requested one or any free one. */
  private async allocClusterIPs(svc: Service, dryRun: boolean): Promise<Transaction> {
    const spec = svc.spec!;
    if (spec.type === 'ExternalName' || isHeadless(svc) || spec.clusterIPs?.[0] === CLUSTER_IP_NONE) return callbackTransaction({});
    const ips = [...(spec.clusterIPs ?? [])];
    const taken: string[] = [];
    const revert = async (): Promise<void> => {
      if (!dryRun) for (const ip of taken.splice(0)) await this.ipsByFamily.get(familyOf(ip)!)?.release(ip);
    };
    try {
      for (const [i, family] of (spec.ipFamilies ?? []).entries()) {
        const allocator = this.ipsByFamily.get(family as IPFamily)!;
        const requested = ips[i] ?? '';
        ips[i] = requested === '' ? await allocator.allocateNext(dryRun) : (await allocator.allocate(requested, dryRun), requested);
        if (!dryRun) taken.push(ips[i]!);
      }
    } catch (error) {
      await revert();
      throw allocationFailure(svc, error, 'spec.clusterIPs', spec.clusterIPs ?? [], requestedIP(error, spec.clusterIPs), 'serviceIP');
    }
    spec.clusterIPs = ips;
    spec.clusterIP = ips[0];
    return callbackTransaction({ revert });
  }

  /** Upstream updateClusterIPs: ExternalName to another type allocates, the reverse releases on commit; dual-stack up/downgrades. */
  private async updateClusterIPs(svc: Service, old: Service, dryRun: boolean): Promise<Transaction> {
    const spec = svc.spec!;
    if (old.spec?.type === 'ExternalName' && spec.type !== 'ExternalName') return this.allocClusterIPs(svc, dryRun);
    if (isHeadless(old)) return callbackTransaction({});
    const release = (ips: string[]) => async (): Promise<void> => {
      if (dryRun) return;
      for (const ip of ips) await this.ipsByFamily.get(familyOf(ip)!)?.release(ip);
    };
    if (old.spec?.type !== 'ExternalName' && spec.type === 'ExternalName') return callbackTransaction({ commit: release(old.spec?.clusterIPs ?? []) });
    const oldFamilies = old.spec?.ipFamilies ?? [];
    const families = spec.ipFamilies ?? [];
    if (oldFamilies.length === 1 && families.length === 2) {
      const allocator = this.ipsByFamily.get(families[1] as IPFamily)!;
      const requested = spec.clusterIPs?.[1] ?? '';
      try {
        const ip = requested === '' ? await allocator.allocateNext(dryRun) : (await allocator.allocate(requested, dryRun), requested);
        spec.clusterIPs = [...(spec.clusterIPs ?? []).slice(0, 1), ip];
        return callbackTransaction({ revert: release([ip]) });
      } catch (error) {
        throw allocationFailure(svc, error, 'spec.clusterIPs', spec.clusterIPs ?? [], requested || undefined, 'serviceIP');
      }
    }
    if (oldFamilies.length === 2 && families.length === 1) return callbackTransaction({ commit: release((old.spec?.clusterIPs ?? []).slice(1, 2)) });
    return callbackTransaction({});
  }

  /** Node ports for NodePort and LoadBalancer (upstream initNodePorts / updateNodePorts) and the health check port. */
  private async allocNodePorts(svc: Service, old: Service | undefined, dryRun: boolean): Promise<Transaction> {
    const op = new PortOperation(this.ports, dryRun);
    try {
      if (old && needsNodePort(old) && !needsNodePort(svc)) for (const port of nodePortsOf(old)) op.releaseDeferred(port);
      if (needsNodePort(svc)) await this.assignNodePorts(svc, old, op);
      await this.healthCheckPort(svc, old, op);
    } catch (error) {
      await op.revert();
      throw error;
    }
    return callbackTransaction({ commit: () => op.commit(), revert: () => op.revert() });
  }

  /** Requested ports are reserved, missing ones allocated; ports of one number share a node port. */
  private async assignNodePorts(svc: Service, old: Service | undefined, op: PortOperation): Promise<void> {
    const oldPorts = new Set(old && needsNodePort(old) ? nodePortsOf(old) : []);
    const byServicePort = new Map<number, number>();
    const reserved = new Set<number>();
    for (const [i, port] of (svc.spec?.ports ?? []).entries()) {
      if (!port.nodePort && !shouldAllocateNodePorts(svc)) continue;
      const requested = port.nodePort || (old ? 0 : (svc.spec?.ports ?? []).find((p) => p.port === port.port && p.nodePort)?.nodePort ?? 0);
      const shared = byServicePort.get(port.port);
      if (!port.nodePort && shared) {
        port.nodePort = shared;
        continue;
      }
      try {
        if (requested && !oldPorts.has(requested) && !reserved.has(requested)) await op.allocate(requested);
        port.nodePort = requested || (await op.allocateNext());
      } catch (error) {
        if (!(error instanceof AllocationError) || !requested) throw allocationFailure(svc, error, '', 0, undefined, 'nodePort');
        throw invalid('', 'Service', svc.metadata.name ?? '', [invalidField(`spec.ports[${i}].nodePort`, requested, error.message)]);
      }
      reserved.add(port.nodePort);
      byServicePort.set(port.port, port.nodePort);
    }
    const kept = new Set(nodePortsOf(svc));
    for (const port of oldPorts) if (!kept.has(port)) op.releaseDeferred(port);
  }

  /** Upstream allocHealthCheckNodePort / updateHealthCheckNodePort. */
  private async healthCheckPort(svc: Service, old: Service | undefined, op: PortOperation): Promise<void> {
    const spec = svc.spec!;
    const needed = old !== undefined && needsHealthCheck(old);
    if (needed && !needsHealthCheck(svc) && old?.spec?.healthCheckNodePort) op.releaseDeferred(old.spec.healthCheckNodePort);
    if (!needsHealthCheck(svc) || needed) return;
    const requested = spec.healthCheckNodePort ?? 0;
    try {
      if (requested) await op.allocate(requested);
      else spec.healthCheckNodePort = await op.allocateNext();
    } catch (error) {
      if (!(error instanceof AllocationError)) throw error;
      throw internalError(requested ? `failed to allocate requested HealthCheck NodePort ${requested}: ${error.message}` : `failed to allocate a HealthCheck NodePort 0: ${error.message}`);
    }
  }
}

/** The requested address an allocation error concerns ('' for a dynamic one, which answers 500). */
function requestedIP(error: unknown, ips: readonly string[] | undefined): string | undefined {
  if (!(error instanceof AllocationError) || error.reason === 'full') return undefined;
  return (ips ?? []).find((ip) => ip !== '') ?? '';
}
