// Test support for leader election: a Lease store over the memory backend (the generic store and watch
// cache, as the server builds them), short election durations, and a lock that can be cut off.
import { leaseDefinition } from '../../apis/coordination/v1/lease.js';
import { admissionChain } from '../../admission/chain.js';
import { keyScheme } from '../../registry/keys.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import { parseStored, storedJsonWithRevision } from '../../registry/store/codec.js';
import { createStore, type Store } from '../../registry/store/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { serviceUnavailable } from '../../errors/status-error.js';
import type { LeaderElectionTiming } from './leader-elector.js';
import type { ResourceLock } from './lease-lock.js';

/** Durations short enough for tests (the lease records whole seconds, so 1 s is the least). */
export const TEST_TIMING: LeaderElectionTiming = { leaseDurationMs: 1_000, renewDeadlineMs: 500, retryPeriodMs: 100 };

/** A started Lease store and how to close it. */
export interface LeaseStoreFixture {
  leases: Store;
  close(): Promise<void>;
}

export async function openLeaseStore(): Promise<LeaseStoreFixture> {
  const backend = createMemoryBackend();
  const keys = keyScheme('/registry', 'leases', true);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  const leases = createStore(leaseDefinition as unknown as ResourceDefinition, { storage: { backend, keys, cacher }, admission: admissionChain([]) });
  await cacher.start();
  return {
    leases,
    async close() {
      cacher.stop();
      await backend.close();
    },
  };
}

/** `lock`, whose calls fail with 503 while `cut` is true: a replica that lost its store (or hangs). */
export function severableLock(lock: ResourceLock): ResourceLock & { cut: boolean } {
  const guard = <T>(call: () => Promise<T>): Promise<T> => (severed.cut ? Promise.reject(serviceUnavailable('store unreachable (test)', 1)) : call());
  const severed = {
    cut: false,
    description: lock.description,
    get: () => guard(() => lock.get()),
    create: (record: Parameters<ResourceLock['create']>[0]) => guard(() => lock.create(record)),
    update: (record: Parameters<ResourceLock['update']>[0], rv: string) => guard(() => lock.update(record, rv)),
  };
  return severed;
}

/** Polls `condition` every 20 ms until it holds (a liveness guard of 20 s, not a timing assertion). */
export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
