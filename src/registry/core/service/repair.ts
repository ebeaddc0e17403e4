// The repair of the allocation ranges (upstream ipallocator/controller and portallocator/controller Repair), at
// start and every 3 minutes after: every cluster IP and node port a stored service holds is marked in its stored
// range; a value marked that no service holds has leaked, and is freed once it has been seen leaked in 3 passes
// in a row (upstream's numRepairsBeforeLeakCleanup), since a value can be allocated for a service another request
// or replica is about to write. Values outside the ranges are left alone.
import { familyOf } from './ip-range.js';
import { needsHealthCheck, nodePortsOf, type Service } from '../../../apis/core/v1/service/index.js';
import type { Store } from '../../store/index.js';
import type { AllocationBitmap } from './bitmap.js';
import type { ServiceAllocators } from './service-allocators.js';
import type { StoredRange } from './stored-range.js';

/** upstream's repair interval of both ranges. */
export const REPAIR_INTERVAL_MS = 3 * 60_000;

/** upstream numRepairsBeforeLeakCleanup. */
const PASSES_BEFORE_LEAK_CLEANUP = 3;

/** Leaked offsets of one range and the passes each has left before it is freed. */
type Leaks = ReadonlyMap<number, number>;

/** The repair of one server's ranges; it remembers leaks from pass to pass. */
export class RangeRepair {
  private readonly leaks = new Map<StoredRange, Leaks>();

  constructor(private readonly allocators: ServiceAllocators) {}

  /** One pass over `services`; answers how many services were read. */
  async run(services: Store): Promise<number> {
    const { items } = await services.list('', {});
    const list = items.map((i) => i.object as Service);
    const { allocators } = this;
    for (const family of allocators.families) {
      const allocator = allocators.allocator(family)!;
      const ips = list.flatMap((svc) => (svc.spec?.clusterIPs ?? []).filter((ip) => familyOf(ip) === family));
      await this.repair(allocator.stored, ips.map((ip) => allocator.range.offsetOf(ip)), (o) => `cluster IP ${allocator.range.ipAt(o)}`);
    }
    const ports = list.flatMap((svc) => [...nodePortsOf(svc), ...(needsHealthCheck(svc) && svc.spec?.healthCheckNodePort ? [svc.spec.healthCheckNodePort] : [])]);
    const portRange = allocators.ports.range;
    await this.repair(allocators.ports.stored, ports.map((p) => portRange.offsetOf(p)), (o) => `node port ${portRange.base + o}`);
    return list.length;
  }

  private async repair(range: StoredRange, held: ReadonlyArray<number | undefined>, name: (offset: number) => string): Promise<void> {
    const offsets = new Set(held.filter((o): o is number => o !== undefined));
    const before = this.leaks.get(range) ?? new Map<number, number>();
    // A write that loses a race runs the change again on the bitmap it re-reads: the leaks are kept once it holds.
    const { leaks, flagged, freed } = await range.run((bitmap) => repairBitmap(bitmap, offsets, before));
    this.leaks.set(range, leaks);
    // upstream's runtime.HandleError texts.
    for (const offset of flagged) console.error(`kplane: the ${name(offset)} may have leaked: flagging for later clean up`);
    for (const offset of freed) console.error(`kplane: the ${name(offset)} appears to have leaked: cleaning up`);
  }
}

/** What a pass did to a range: the leaks left, those first seen, those freed. */
export interface Repaired {
  leaks: Leaks;
  flagged: number[];
  freed: number[];
}

/** Marks what services hold; counts down, and at zero frees, what is marked but held by none. */
export function repairBitmap(bitmap: AllocationBitmap, held: ReadonlySet<number>, leaks: Leaks): Repaired {
  for (const offset of held) bitmap.allocate(offset);
  const left = new Map<number, number>();
  const repaired: Repaired = { leaks: left, flagged: [], freed: [] };
  for (const offset of [...bitmap.usedOffsets()]) {
    if (held.has(offset)) continue;
    const seen = leaks.get(offset);
    const passes = (seen ?? PASSES_BEFORE_LEAK_CLEANUP) - 1;
    if (seen === undefined) repaired.flagged.push(offset);
    if (passes > 0) left.set(offset, passes);
    else {
      bitmap.release(offset);
      repaired.freed.push(offset);
    }
  }
  return repaired;
}

