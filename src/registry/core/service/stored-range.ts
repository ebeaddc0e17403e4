// An allocation bitmap kept in storage as a RangeAllocation (upstream allocator/storage Etcd): every
// change is a compare-and-swap of the one key (`/registry/ranges/serviceips`, `.../servicenodeports`),
// so replicas sharing the store never hand out one value twice.
//
// Decision: changes queued while a write is under way leave together in the next write. Upstream holds a
// process-wide lock per range and writes once per allocation; with the lock alone, 500 concurrent creates
// are 500 sequential round trips (and, on SQLite, fsyncs). Batching keeps the same guarantees: each batch
// is applied to the bitmap read at one revision and written with CAS on that revision; a lost race
// re-reads and re-applies the whole batch, and no caller hears of its allocation before the write holds it.
import { isStorageError } from '../../../storage/errors.js';
import type { Backend, KeyValue } from '../../../storage/interface.js';
import { AllocationBitmap } from './bitmap.js';

/**
 * A change or read of the bitmap; throws (leaving the bitmap unchanged) to refuse. `revision` is the stored
 * revision the bitmap was read at (0 when none is stored); ops queued before it in the batch may have changed it.
 */
export type RangeOp<R> = (bitmap: AllocationBitmap, revision: number) => R;

interface Pending {
  op: RangeOp<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The stored form: a core v1 RangeAllocation (not served over the API, as upstream). */
interface RangeAllocation {
  kind: 'RangeAllocation';
  apiVersion: 'v1';
  metadata: { creationTimestamp?: string };
  range: string;
  /** Base64 of the bitmap's big-endian bytes. */
  data: string;
}

export class StoredRange {
  private queue: Pending[] = [];
  private running = false;
  /** The last value read or written, reused until a CAS says it is stale. */
  private cached: KeyValue | undefined;

  constructor(
    private readonly backend: Backend,
    readonly key: string,
    /** The range as upstream spells it in `range` (`10.0.0.0/24`, `30000-32767`). */
    readonly rangeSpec: string,
    readonly size: number,
  ) {}

  /** Runs `op` against the current bitmap and stores the result; resolves once the write holds. */
  run<R>(op: RangeOp<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ op, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) void this.pump();
    });
  }

  /** The bitmap as stored now (a fresh read), for repair and tests. */
  async read(): Promise<AllocationBitmap> {
    this.cached = await this.backend.get(this.key);
    return this.decode(this.cached);
  }

  /** The stored revision and bitmap now (a fresh read): what a repair pass compares its write against. */
  async snapshot(): Promise<{ revision: number; bitmap: AllocationBitmap }> {
    const bitmap = await this.read();
    return { revision: this.cached?.modRevision ?? 0, bitmap };
  }

  private async pump(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.apply(batch).catch((error: unknown) => batch.forEach((p) => p.reject(error)));
      }
    } finally {
      this.running = false;
    }
  }

  private async apply(batch: Pending[]): Promise<void> {
    this.cached ??= await this.backend.get(this.key);
    for (;;) {
      const bitmap = this.decode(this.cached);
      const before = Buffer.from(bitmap.snapshot()).toString('base64');
      const outcomes = batch.map((p) => {
        try {
          return { ok: true as const, value: p.op(bitmap, this.cached?.modRevision ?? 0) };
        } catch (error) {
          return { ok: false as const, error };
        }
      });
      const data = Buffer.from(bitmap.snapshot()).toString('base64');
      if (data === before && this.cached && this.matchesRange(this.cached)) return settle(batch, outcomes);
      const written = await this.write(data);
      if (!written) continue; // lost a race: `cached` now holds the newer value; apply the batch again
      return settle(batch, outcomes);
    }
  }

  /** CAS (or create) of the new data; false when another writer got there first. */
  private async write(data: string): Promise<boolean> {
    const value = JSON.stringify(this.encode(data));
    try {
      this.cached = this.cached ? await this.backend.update(this.key, value, this.cached.modRevision) : await this.backend.create(this.key, value);
      return true;
    } catch (error) {
      if (isStorageError(error, 'Conflict')) this.cached = error.current ?? (await this.backend.get(this.key));
      else if (isStorageError(error, 'KeyExists') || isStorageError(error, 'KeyNotFound')) this.cached = await this.backend.get(this.key);
      else throw error;
      return false;
    }
  }

  private encode(data: string): RangeAllocation {
    const created = this.cached ? (JSON.parse(this.cached.value) as Partial<RangeAllocation>).metadata?.creationTimestamp : undefined;
    const creationTimestamp = created ?? new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    return { kind: 'RangeAllocation', apiVersion: 'v1', metadata: { creationTimestamp }, range: this.rangeSpec, data };
  }

  /** The stored bitmap; empty when absent or kept for another range (the repair pass rebuilds it). */
  private decode(kv: KeyValue | undefined): AllocationBitmap {
    const bitmap = new AllocationBitmap(this.size);
    if (kv && this.matchesRange(kv)) bitmap.restore(Buffer.from((JSON.parse(kv.value) as RangeAllocation).data ?? '', 'base64'));
    return bitmap;
  }

  private matchesRange(kv: KeyValue): boolean {
    return (JSON.parse(kv.value) as Partial<RangeAllocation>).range === this.rangeSpec;
  }
}

function settle(batch: Pending[], outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[]): void {
  batch.forEach((p, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) p.resolve(outcome.value);
    else p.reject(outcome.error);
  });
}
