// A de-duplicating work queue with per-key retry backoff, as controllers use (client-go workqueue, simplified):
// a key is processed by one worker at a time; a failed key comes back after a growing delay. `workers` bounds
// how many keys are processed at once (a controller's `--concurrent-*-syncs`); unbounded by default.
export class WorkQueue {
  private readonly pending = new Set<string>();
  /** Pending keys not being processed, in the order they came, waiting for a worker. */
  private readonly ready = new Set<string>();
  private readonly active = new Set<string>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly process: (key: string) => Promise<void>, private readonly workers = Infinity) {}

  add(key: string): void {
    if (this.stopped || this.pending.has(key)) return;
    this.pending.add(key);
    if (this.active.has(key)) return; // picked up again when the running pass ends
    this.ready.add(key);
    queueMicrotask(() => this.dispatch());
  }

  /** Re-add after `ms`, e.g. while finalizers of dependents are still pending. */
  addAfter(key: string, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.add(key);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async run(key: string): Promise<void> {
    if (this.stopped || this.active.has(key) || !this.pending.delete(key)) return;
    this.active.add(key);
    try {
      await this.process(key);
      this.failures.delete(key);
    } catch (error) {
      const attempts = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, attempts);
      if (!this.stopped && !(error instanceof QuietRetry)) console.error(`kplane: controller retry ${key} (${attempts}):`, error instanceof Error ? error.message : error);
      this.addAfter(key, Math.min(5 * 2 ** attempts, 30_000));
    } finally {
      this.active.delete(key);
      if (this.pending.has(key)) {
        this.pending.delete(key);
        this.add(key);
      }
      this.dispatch();
    }
  }

  /** Hands ready keys to free workers. */
  private dispatch(): void {
    for (const key of this.ready) {
      if (this.stopped || this.active.size >= this.workers) return;
      this.ready.delete(key);
      void this.run(key);
    }
  }
}

/** A failure the queue retries without logging it (upstream certificates' IgnorableError: expected, often lasting). */
export class QuietRetry extends Error {}
