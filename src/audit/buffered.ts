// The buffered backend (k8s.io/apiserver plugin/pkg/audit/buffered, 1.25) that `--audit-{log,webhook}-mode=batch`
// puts in front of a backend: events wait in a buffer of `batch-buffer-size` (past it an event is dropped, and
// that is logged) and go on `batch-max-size` at a time, or once `batch-max-wait` has passed since the batch began;
// with the throttle on, batches leave at `batch-throttle-qps` a second after a burst of `batch-throttle-burst`.

export interface BatchConfig {
  bufferSize: number;
  maxBatchSize: number;
  maxBatchWaitMs: number;
  /** `batch-throttle-enable`, with its qps and burst; undefined when off. */
  throttle?: { qps: number; burst: number };
}

/** upstream defaultLogBatchConfig: batching is of no use to a file, so a batch is one event; no throttle. */
export const LOG_BATCH_DEFAULTS: BatchConfig = { bufferSize: 10_000, maxBatchSize: 1, maxBatchWaitMs: 0 };

/** upstream NewDefaultBatchConfig (the webhook's): 400 events or 30 s, at most 10 batches a second after 15. */
export const WEBHOOK_BATCH_DEFAULTS: BatchConfig = { bufferSize: 10_000, maxBatchSize: 400, maxBatchWaitMs: 30_000, throttle: { qps: 10, burst: 15 } };

export interface BufferedSender {
  /** Queues an item; false when the buffer is full and it was dropped. */
  add(item: string): boolean;
  /** Sends what is queued at once (shutdown), throttle or not. */
  close(): void;
}

export function bufferedSender(config: BatchConfig, send: (items: string[]) => void, report: (what: string) => void): BufferedSender {
  const { bufferSize, maxBatchSize, maxBatchWaitMs, throttle } = config;
  let queue: string[] = [];
  /** The batch's wait (`batch-max-wait`), and the throttle's for a token. */
  let waiting: NodeJS.Timeout | undefined;
  let throttled: NodeJS.Timeout | undefined;
  const bucket = throttle ? tokenBucket(throttle.qps, throttle.burst) : undefined;

  const timer = (ms: number, then: () => void): NodeJS.Timeout => {
    const t = setTimeout(then, ms);
    t.unref();
    return t;
  };
  /** Sends the full batches, and a short one when its wait is over (`due`); waits for the throttle's tokens. */
  function flush(due: boolean): void {
    while (queue.length >= maxBatchSize || (due && queue.length > 0)) {
      const wait = bucket?.take() ?? 0;
      if (wait > 0) {
        const dueNow = due;
        throttled = timer(wait, () => {
          throttled = undefined;
          flush(dueNow);
        });
        return;
      }
      const batch = queue.length <= maxBatchSize ? queue : queue.slice(0, maxBatchSize);
      queue = batch === queue ? [] : queue.slice(maxBatchSize);
      send(batch);
      due = false;
    }
    if (queue.length > 0 && !waiting) waiting = timer(maxBatchWaitMs, () => {
      waiting = undefined;
      flush(true);
    });
  }
  return {
    add(item) {
      if (queue.length >= bufferSize) {
        report('audit buffer queue blocked: events dropped');
        return false;
      }
      queue.push(item);
      if (throttled) return true;
      if (queue.length >= maxBatchSize) {
        if (waiting) clearTimeout(waiting);
        waiting = undefined;
      }
      flush(false);
      return true;
    },
    close() {
      if (waiting) clearTimeout(waiting);
      if (throttled) clearTimeout(throttled);
      waiting = throttled = undefined;
      const rest = queue;
      queue = [];
      for (let i = 0; i < rest.length; i += maxBatchSize) send(rest.slice(i, i + maxBatchSize));
    },
  };
}

/** golang.org/x/time/rate's limiter as the throttle uses it: `take` answers 0 and spends a token, or the ms until one. */
function tokenBucket(qps: number, burst: number): { take(): number } {
  let tokens = burst;
  let last = Date.now();
  return {
    take() {
      const now = Date.now();
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * qps);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - tokens) / qps) * 1000);
    },
  };
}
