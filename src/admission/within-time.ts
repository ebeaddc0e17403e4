// Waiting for a plugin's work at most so long: upstream's plugins wait on a context or a timer the same way
// (ResourceQuota's evaluation timeout, ImagePolicyWebhook's request context).

/** Resolves as `work` does, or rejects with `expired()` once `ms` have passed first; the timer never outlives it. */
export async function withinTime<T>(work: Promise<T>, ms: number, expired: () => unknown): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(expired()), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
