// The request chain's steps that are not async functions: a step that can answer at once passes the next
// step's own promise on instead of one more wrapped around it (each runs on every request). Wrapped here,
// such a step still never throws, as an async function never does: a throw becomes a rejected promise.

/** `step`, with a synchronous throw turned into a rejected promise. */
export function rejectingThrows<A>(step: (a: A) => Promise<void>): (a: A) => Promise<void>;
export function rejectingThrows<A, B>(step: (a: A, b: B) => Promise<void>): (a: A, b: B) => Promise<void>;
export function rejectingThrows<A, B>(step: (a: A, b: B) => Promise<void>): (a: A, b: B) => Promise<void> {
  return (a, b) => {
    try {
      return step(a, b);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
