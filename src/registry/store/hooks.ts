// Running a write between a hook's begin and its finish (registry/store/types.ts StoreHooks).
import type { WriteFinish } from './types.js';

/**
 * Runs `work`; commits `finish` when it succeeded and reverts it when it threw or, by `held`, did not
 * hold (an update that lost its compare-and-swap race gives its work back and begins again).
 */
export async function finishing<T>(finish: WriteFinish | undefined, work: () => Promise<T>, held: (result: T) => boolean = () => true): Promise<T> {
  if (!finish) return work();
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await finish.revert();
    throw error;
  }
  await (held(result) ? finish.commit() : finish.revert());
  return result;
}
