// Running a write between a hook's begin and its finish (registry/store/types.ts StoreHooks).
import type { WriteFinish } from './types.js';

/** Runs `work`; commits `finish` when it succeeded and reverts it when it threw. */
export async function finishing<T>(finish: WriteFinish | undefined, work: () => Promise<T>): Promise<T> {
  if (!finish) return work();
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await finish.revert();
    throw error;
  }
  await finish.commit();
  return result;
}
