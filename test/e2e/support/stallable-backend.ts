// Test support: a storage backend that can be made to stop answering, as an etcd that hangs (a SIGSTOPped
// process, a network partition that drops packets) stops answering without refusing connections. Calls
// made while it is stalled, and answers of calls already under way, are held until `resume()`; watch
// batches too. The server takes it through `startServer({ wrapBackend })`, so the product's own backends
// carry no test hook.
import type { Backend, KeyValue, RangeOptions, RangeResult, WatchBatch, WriteOptions } from '../../../src/storage/interface.js';

export class StallableBackend implements Backend {
  #gate: Promise<void> | undefined;
  #open: (() => void) | undefined;

  constructor(private readonly inner: Backend) {}

  get name(): string {
    return this.inner.name;
  }

  get stalled(): boolean {
    return this.#gate !== undefined;
  }

  /** From now on nothing answers until resume(). */
  stall(): void {
    if (this.#gate) return;
    this.#gate = new Promise((resolve) => (this.#open = resolve));
  }

  /** Everything held goes on, in the order it was held. */
  resume(): void {
    const open = this.#open;
    this.#gate = undefined;
    this.#open = undefined;
    open?.();
  }

  /** Waits while stalled (again, if it stalls again meanwhile). */
  async #pass(): Promise<void> {
    while (this.#gate) await this.#gate;
  }

  /** `call` once not stalled, its answer held while stalled. */
  async #held<T>(call: () => Promise<T>): Promise<T> {
    await this.#pass();
    try {
      return await call();
    } finally {
      await this.#pass();
    }
  }

  currentRevision(): Promise<number> {
    return this.#held(() => this.inner.currentRevision());
  }
  compactedRevision(): Promise<number> {
    return this.#held(() => this.inner.compactedRevision());
  }
  get(key: string): Promise<KeyValue | undefined> {
    return this.#held(() => this.inner.get(key));
  }
  range(prefix: string, options?: RangeOptions): Promise<RangeResult> {
    return this.#held(() => this.inner.range(prefix, options));
  }
  create(key: string, value: string, options?: WriteOptions): Promise<KeyValue> {
    return this.#held(() => this.inner.create(key, value, options));
  }
  update(key: string, value: string, expectedModRevision: number, options?: WriteOptions): Promise<KeyValue> {
    return this.#held(() => this.inner.update(key, value, expectedModRevision, options));
  }
  delete(key: string, expectedModRevision?: number): Promise<{ revision: number; prevKv: KeyValue }> {
    return this.#held(() => this.inner.delete(key, expectedModRevision));
  }
  async *watch(prefix: string, fromRevision: number, signal: AbortSignal): AsyncIterable<WatchBatch> {
    for await (const batch of this.inner.watch(prefix, fromRevision, signal)) {
      await this.#pass();
      if (signal.aborted) return;
      yield batch;
    }
  }
  requestProgress(): void {
    this.inner.requestProgress();
  }
  compact(revision: number): Promise<void> {
    return this.#held(() => this.inner.compact(revision));
  }
  check(): Promise<void> {
    return this.#held(() => this.inner.check());
  }
  close(): Promise<void> {
    this.resume();
    return this.inner.close();
  }
}
