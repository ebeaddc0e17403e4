// A wait bounded by a timer, as Go code selects on a context's Done channel or a timer: upstream's admission
// plugins wait on the request's context, ResourceQuota on its evaluation timeout, health checks and leader
// election on theirs. The lowest layer: it imports nothing of the project, and every layer may use it.

/**
 * Settles as `work` does or, once `ms` have passed first, as `expired()` does: a value it returns resolves, an
 * error it throws rejects. The timer never outlives the wait; `work` itself goes on (nothing here can stop it).
 */
export async function withinTime<T>(work: Promise<T>, ms: number, expired: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(expired());
      } catch (error) {
        reject(error);
      }
    }, Math.max(0, ms));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
