// The two kinds of service allocator over a stored bitmap (upstream ipallocator.Range and
// portallocator.PortAllocator), with upstream's errors and dry-run behaviour.
import type { Backend } from '../../../storage/interface.js';
import { randomScan, randomScanWithOffset, type ScanStrategy } from './bitmap.js';
import { ServiceIPRange, type IPFamily } from './ip-range.js';
import { PortRange } from './port-range.js';
import { StoredRange } from './stored-range.js';

/** Why an allocation failed; `message` is upstream's error text. */
export class AllocationError extends Error {
  constructor(
    readonly reason: 'full' | 'allocated' | 'notInRange',
    message: string,
  ) {
    super(message);
    this.name = 'AllocationError';
  }
}

/** Upstream ErrFull, shared by both allocators. */
const full = (): AllocationError => new AllocationError('full', 'range is full');

/** Where the ranges are kept: `<prefix>/ranges/serviceips` and `<prefix>/ranges/servicenodeports`. */
export const rangeKey = (storagePrefix: string, name: 'serviceips' | 'secondaryserviceips' | 'servicenodeports'): string =>
  `${storagePrefix.replace(/\/+$/, '')}/ranges/${name}`;

/** Service cluster IPs of one family (`--service-cluster-ip-range`). */
export class IPAllocator {
  readonly stored: StoredRange;
  private readonly next: ScanStrategy;

  constructor(
    backend: Backend,
    storagePrefix: string,
    readonly range: ServiceIPRange,
    keyName: 'serviceips' | 'secondaryserviceips' = 'serviceips',
  ) {
    this.stored = new StoredRange(backend, rangeKey(storagePrefix, keyName), range.cidr, range.size);
    this.next = randomScanWithOffset(range.offset);
  }

  get family(): IPFamily {
    return this.range.family;
  }

  /** Reserves `ip`; a dry run checks only that it lies in the range (upstream: "racy, not worth it"). */
  async allocate(ip: string, dryRun: boolean): Promise<void> {
    const offset = this.offsetOf(ip);
    if (dryRun) return;
    await this.stored.run((bitmap) => {
      if (!bitmap.allocate(offset)) throw new AllocationError('allocated', 'provided IP is already allocated');
    });
  }

  /** Reserves any free address; a dry run answers the network address without looking. */
  async allocateNext(dryRun: boolean): Promise<string> {
    if (dryRun) return this.range.networkIP();
    const offset = await this.stored.run((bitmap) => {
      const at = this.next(bitmap);
      if (at === undefined || !bitmap.allocate(at)) throw full();
      return at;
    });
    return this.range.ipAt(offset);
  }

  /** Frees `ip`; an address outside the range is ignored. */
  async release(ip: string): Promise<void> {
    const offset = this.range.offsetOf(ip);
    if (offset === undefined) return;
    await this.stored.run((bitmap) => bitmap.release(offset));
  }

  private offsetOf(ip: string): number {
    const offset = this.range.offsetOf(ip);
    if (offset === undefined) throw new AllocationError('notInRange', `provided IP is not in the valid range. The range of valid IPs is ${this.range.cidr}`);
    return offset;
  }
}

/** Service node ports (`--service-node-port-range`). */
export class PortAllocator {
  readonly stored: StoredRange;
  private readonly next: ScanStrategy = randomScan();

  constructor(
    backend: Backend,
    storagePrefix: string,
    readonly range: PortRange,
  ) {
    this.stored = new StoredRange(backend, rangeKey(storagePrefix, 'servicenodeports'), range.spec, range.size);
  }

  async allocate(port: number): Promise<void> {
    const offset = this.offsetOf(port);
    await this.stored.run((bitmap) => {
      if (!bitmap.allocate(offset)) throw new AllocationError('allocated', 'provided port is already allocated');
    });
  }

  async allocateNext(): Promise<number> {
    const offset = await this.stored.run((bitmap) => {
      const at = this.next(bitmap);
      if (at === undefined || !bitmap.allocate(at)) throw full();
      return at;
    });
    return this.range.base + offset;
  }

  async release(port: number): Promise<void> {
    const offset = this.range.offsetOf(port);
    if (offset === undefined) return;
    await this.stored.run((bitmap) => bitmap.release(offset));
  }

  /** Whether `port` is allocated now (dry runs ask this instead of allocating). */
  async has(port: number): Promise<boolean> {
    const offset = this.range.offsetOf(port);
    if (offset === undefined) return false;
    return (await this.stored.read()).has(offset);
  }

  private offsetOf(port: number): number {
    const offset = this.range.offsetOf(port);
    if (offset === undefined) throw new AllocationError('notInRange', `provided port is not in the valid range. The range of valid ports is ${this.range.spec}`);
    return offset;
  }
}
