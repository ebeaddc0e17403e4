// Compaction on etcd: what this backend knows of etcd's compacted revision, explicit compaction, and the
// background compactor kube-apiserver runs (storage/etcd3/compact.go).
//
// Decision: the backend's compacted revision C is etcd's physical compaction revision X plus one. etcd keeps
// the snapshot at X readable, but the watch event at X comes without its previous value (etcd reads prevKv at
// X - 1, which is gone), and the contract promises prevKv for every event at or after the compacted revision.
// So `compact(C)` compacts etcd at C - 1, and ranges and watches below C fail with `Compacted` here even
// where etcd could still serve them. Nothing is lost: C is exactly the oldest revision fully readable.
import { int64, isEtcdCompacted, keyBytes, translateError } from './etcd-client.js';
import type { KvClient } from './grpc/services.js';
import { CompareResult, CompareTarget } from './grpc/etcd-proto.js';

/**
 * kube-apiserver's coordination key, outside every prefix: compaction is global to an etcd cluster, so all
 * servers sharing it (kplane replicas, and kube-apiservers) take turns through this one key. Its version is
 * the compaction "time"; its value is the physical revision compacted last.
 */
export const COMPACT_REV_KEY = 'compact_rev_key';

/** What this backend has learned about etcd's compaction. */
export class CompactionTracker {
  #compacted = 0;

  /** The backend's compacted revision as far as known: ranges and watches below it fail with `Compacted`. */
  get compacted(): number {
    return this.#compacted;
  }

  /** etcd was compacted at `physical` (by us, another replica, or learned from a watch or a read). */
  learnPhysical(physical: number): void {
    if (physical > 0) this.learn(physical + 1);
  }

  /** The backend's compacted revision is at least `revision`. */
  learn(revision: number): void {
    if (revision > this.#compacted) this.#compacted = revision;
  }
}

/** Compacts etcd at `physical`; an etcd already compacted at or above it is fine. */
export async function compactPhysical(kv: KvClient, tracker: CompactionTracker, physical: number): Promise<void> {
  if (physical < 1) return;
  try {
    await kv.compact({ revision: physical });
  } catch (error) {
    // Callers check against the current revision first, so a future revision cannot occur here.
    if (!isEtcdCompacted(error)) throw translateError(error, 'compaction');
  }
  tracker.learnPhysical(physical);
}

/** Reads the coordination key's value: the physical revision the last compactor compacted. */
export async function readCompactRevKey(kv: KvClient): Promise<number> {
  try {
    const response = await kv.range({ key: keyBytes(COMPACT_REV_KEY) });
    const value = response.kvs[0]?.value.toString('utf8');
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : 0;
  } catch (error) {
    throw translateError(error, 'read of the compaction key');
  }
}

/**
 * The background compactor: every interval, compact to the revision observed one interval earlier, so at
 * least one interval of history stays. With several servers on one etcd, the one whose compare-and-swap on
 * `compact_rev_key`'s version succeeds compacts; the others only learn the new version and revision.
 */
export class Compactor {
  /** The coordination key's version this server expects (upstream's `compactTime`). */
  #compactTime = 0;
  /** The revision observed at the last step: the next step compacts to it. */
  #revision = 0;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;

  constructor(
    private readonly kv: KvClient,
    private readonly tracker: CompactionTracker,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `step` every `intervalMs`; 0 disables compaction (as kube-apiserver's flag). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.#timer !== undefined) return;
    this.#timer = setInterval(() => {
      this.#running ??= this.step()
        .then(() => undefined, this.onError)
        .finally(() => (this.#running = undefined));
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a step in progress. */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  /** One interval's work; returns whether this server compacted (the first step never does). */
  async step(): Promise<boolean> {
    const key = keyBytes(COMPACT_REV_KEY);
    const target = this.#revision;
    let response;
    try {
      response = await this.kv.txn({
        compare: [{ key, target: CompareTarget.Version, result: CompareResult.Equal, version: this.#compactTime }],
        success: [{ request_put: { key, value: Buffer.from(String(target)) } }],
        failure: [{ request_range: { key } }],
      });
    } catch (error) {
      throw translateError(error, 'compaction coordination');
    }
    this.#revision = int64(response.header?.revision);
    if (!response.succeeded) {
      // Another server compacted in this interval (or we started late): adopt its time and try next interval.
      const current = response.responses[0]?.response_range?.kvs[0];
      this.#compactTime = int64(current?.version);
      const value = current?.value.toString('utf8') ?? '';
      if (/^\d+$/.test(value)) this.tracker.learnPhysical(Number(value));
      return false;
    }
    this.#compactTime++;
    if (target === 0) return false; // no compaction on the first step: nothing has been observed yet
    await compactPhysical(this.kv, this.tracker, target);
    return true;
  }
}
