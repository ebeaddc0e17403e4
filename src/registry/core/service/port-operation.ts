// One service write's node port changes (upstream portallocator.PortAllocationOperation): allocations
// happen at once and are given back on revert; releases wait for commit. A dry run allocates nothing
// and answers placeholder ports as upstream does (32769, 32770, ...).
import { AllocationError, type PortAllocator } from './range-allocators.js';

/** Upstream's first placeholder port of a dry run, minus one. */
const DRY_RUN_BASE = 32768;

export class PortOperation {
  private readonly allocated: number[] = [];
  private readonly deferredReleases: number[] = [];

  constructor(
    private readonly ports: PortAllocator,
    private readonly dryRun: boolean,
  ) {}

  async allocate(port: number): Promise<void> {
    if (this.dryRun) {
      if (this.allocated.includes(port) || (await this.ports.has(port))) throw new AllocationError('allocated', 'provided port is already allocated');
      this.allocated.push(port);
      return;
    }
    await this.ports.allocate(port);
    this.allocated.push(port);
  }

  async allocateNext(): Promise<number> {
    if (this.dryRun) {
      const port = (this.allocated.length === 0 ? DRY_RUN_BASE : Math.max(...this.allocated)) + 1;
      this.allocated.push(port);
      return port;
    }
    const port = await this.ports.allocateNext();
    this.allocated.push(port);
    return port;
  }

  releaseDeferred(port: number): void {
    this.deferredReleases.push(port);
  }

  /** The write holds: release what was deferred. */
  async commit(): Promise<void> {
    if (this.dryRun) return;
    for (const port of this.deferredReleases.splice(0)) await this.ports.release(port);
    this.allocated.length = 0;
  }

  /** The write failed: give back what was allocated. */
  async revert(): Promise<void> {
    this.deferredReleases.length = 0;
    if (this.dryRun) return;
    for (const port of this.allocated.splice(0)) await this.ports.release(port);
  }
}
