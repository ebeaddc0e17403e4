// Timers whose delay comes from a client or a flag (a watch's timeoutSeconds, --min-request-timeout,
// --request-timeout, --shutdown-delay-duration). Node's setTimeout holds at most 2^31-1 ms (~24.8 days):
// past that it warns (TimeoutOverflowWarning) and fires after 1 ms, so `timeoutSeconds=3000000` would
// end a watch at once. Go's timers take any time.Duration, so a long delay here is a chain of shorter
// timers that fires once the whole delay has passed, as time.NewTimer would.

/** The longest delay setTimeout honours. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** A timer started by `startLongTimer`; `clear` may be called any number of times. */
export interface LongTimer {
  clear(): void;
}

/**
 * Calls `fire` once `delayMs` has passed, for any finite delay (a zero or negative one fires on the
 * next turn, as Go's timer fires at once; Infinity or NaN never fires).
 */
export function startLongTimer(delayMs: number, fire: () => void): LongTimer {
  let timer: NodeJS.Timeout | undefined;
  // Each link waits at most MAX_TIMEOUT_MS; Node fires a timer no earlier than asked, so the links add
  // up to at least the whole delay.
  const arm = (remaining: number): void => {
    const link = Math.min(remaining, MAX_TIMEOUT_MS);
    timer = setTimeout(() => (remaining > link ? arm(remaining - link) : fire()), link);
  };
  if (Number.isFinite(delayMs)) arm(Math.max(0, delayMs));
  return { clear: () => clearTimeout(timer) };
}

/** Resolves after `delayMs` (any length), or at once when `signal` aborts. */
export function sleepLong(delayMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const onAbort = (): void => {
      timer.clear();
      resolve();
    };
    const timer = startLongTimer(delayMs, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
