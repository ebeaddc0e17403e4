// The repair of the allocation ranges (upstream ipallocator/controller and portallocator/controller Repair), at
// start and every 3 minutes after: every cluster IP and node port a stored service holds is marked in its stored
// range; a value marked that no service holds has leaked, and is freed once it has been seen leaked in 3 passes
// in a row (upstream's numRepairsBeforeLeakCleanup), since a value can be allocated for a service another request
// or replica is about to write. Values outside the ranges are left alone.
import { familyOf } from './ip-range.js';
import { nodePortsOf, type Service } from '../../../apis/core/v1/service/index.js';
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

/** How often a pass over one range starts again because the range changed while it read the services. */
const MAX_ATTEMPTS = 5;

/** Thrown inside a range write when the range changed since the pass read it: the pass starts again. */
const STALE = Symbol('stale');

/** The repair of one server's ranges; it remembers leaks from pass to pass. */
export class RangeRepair {
  private readonly leaks = new Map<StoredRange, Leaks>();
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly allocators: ServiceAllocators) {}

  /** One pass over `services` (one at a time); answers how many services were read. */
  run(services: Store): Promise<number> {
    const pass = this.running.then(() => this.pass(services));
    this.running = pass.catch(() => undefined);
    return pass;
  }

  /** Resolves when no pass is running (a stopping server waits for it before its storage closes). */
  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }

  private async pass(services: Store): Promise<number> {
    const { allocators } = this;
    let read = 0;
    const list = async (): Promise<Service[]> => {
      const { items } = await services.list('', {});
      read = items.length;
      return items.map((i) => i.object as Service);
    };
    for (const family of allocators.families) {
      const allocator = allocators.allocator(family)!;
      const held = async () => (await list()).flatMap((svc) => (svc.spec?.clusterIPs ?? []).filter((ip) => familyOf(ip) === family)).map((ip) => allocator.range.offsetOf(ip));
      await this.repair(allocator.stored, held, (o) => `cluster IP ${allocator.range.ipAt(o)}`);
    }
    const portRange = allocators.ports.range;
    const ports = async () => (await list()).flatMap((svc) => [...nodePortsOf(svc), ...(svc.spec?.healthCheckNodePort ? [svc.spec.healthCheckNodePort] : [])]).map((p) => portRange.offsetOf(p));
    await this.repair(allocators.ports.stored, ports, (o) => `node port ${portRange.base + o}`);
    return read;
  }

  /**
   * Upstream's runOnce for one range: the range is read first, then the services, and the result is written only
   * if the range is still as read (a value released or taken in between would be marked or freed wrongly); else
   * the pass starts again.
   */
  private async repair(range: StoredRange, held: () => Promise<ReadonlyArray<number | undefined>>, name: (offset: number) => string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const snapshot = await range.snapshot();
      const offsets = new Set((await held()).filter((o): o is number => o !== undefined));
      const before = this.leaks.get(range) ?? new Map<number, number>();
      let repaired: Repaired;
      try {
        // A write that loses a race runs the change again on the bitmap it re-reads: the leaks are kept once it holds.
        repaired = await range.run((bitmap, revision) => {
          if (revision !== snapshot.revision || !sameBits(bitmap, snapshot.bitmap)) throw STALE;
          return repairBitmap(bitmap, offsets, before);
        });
      } catch (error) {
        if (error === STALE) continue;
        throw error;
      }
      this.leaks.set(range, repaired.leaks);
      // upstream's runtime.HandleError texts.
      for (const offset of repaired.flagged) console.error(`kplane: the ${name(offset)} may have leaked: flagging for later clean up`);
      for (const offset of repaired.freed) console.error(`kplane: the ${name(offset)} appears to have leaked: cleaning up`);
      return;
    }
  }
}

const sameBits = (a: AllocationBitmap, b: AllocationBitmap): boolean => Buffer.from(a.snapshot()).equals(Buffer.from(b.snapshot()));

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

