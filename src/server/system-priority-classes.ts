// The PriorityClasses every cluster has (system-node-critical, system-cluster-critical), created at
// start when missing, as upstream's scheduling post-start hook does.
import { SYSTEM_PRIORITY_CLASSES } from '../apis/scheduling/v1/priorityclass.js';
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';

export async function ensureSystemPriorityClasses(priorityClasses: Store): Promise<void> {
  for (const pc of SYSTEM_PRIORITY_CLASSES) {
    try {
      await priorityClasses.create('', structuredClone(pc), { dryRun: false });
    } catch (error) {
      if (!(isStatusError(error) && error.code === 409)) throw error;
    }
  }
}
