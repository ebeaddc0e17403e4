// TTL expiry (etcd leases, used for Events): keys past their expiry are deleted as ordinary deletes,
// through the group committer, so each gets a revision and watchers see a DELETE event.
import type { LiveKeys } from './live-keys.js';

/** Keys reaped per run; the next run takes the rest. */
const BATCH = 1_000;

/** Deletes one expired key if it is still at `modRevision` (an update since then won the race). */
export type ExpiredDelete = (key: string, modRevision: number) => Promise<unknown>;

/** Reaps expired keys; runs never overlap. */
export interface TtlReaper {
  /** Deletes the keys expired at `now`; resolves with how many were deleted. */
  reap(now: number): Promise<number>;
}

/** Creates a reaper reading expiries from the live keys and deleting through `remove`. */
export function createTtlReaper(live: LiveKeys, remove: ExpiredDelete): TtlReaper {
  let running: Promise<number> | undefined;

  async function run(now: number): Promise<number> {
    const expired = live.expired(now, BATCH);
    // Submitted in one tick, so the deletes share one group commit.
    const results = await Promise.allSettled(expired.map((row) => remove(row.key, row.modRevision)));
    return results.filter((result) => result.status === 'fulfilled').length;
  }

  return {
    reap(now) {
      running ??= run(now).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
