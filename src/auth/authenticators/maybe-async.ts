// Authentication methods answer synchronously when they can (certificates, static tokens) and with a
// promise when they must (webhooks). The combinators stay synchronous until a method returns a promise:
// a promise per method per request was a measurable share of a short GET.

export type MaybePromise<T> = T | Promise<T>;

/** `fn(value)`, now or when `value` resolves. */
export function then<T, R>(value: MaybePromise<T>, fn: (value: T) => R): MaybePromise<R> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}

/**
 * Runs `attempt(0)`, `attempt(1)`, ... until one decides (returns something other than undefined),
 * else answers `otherwise()`. Synchronous as long as the attempts are.
 */
export function firstDecision<R>(count: number, attempt: (index: number) => MaybePromise<R | undefined>, otherwise: () => R): MaybePromise<R> {
  const from = (start: number): MaybePromise<R> => {
    for (let i = start; i < count; i++) {
      const outcome = attempt(i);
      if (outcome instanceof Promise) return outcome.then((decided) => decided ?? from(i + 1));
      if (outcome !== undefined) return outcome;
    }
    return otherwise();
  };
  return from(0);
}
