// The PriorityClasses every cluster has (system-node-critical, system-cluster-critical), created at
// start when missing, as upstream's scheduling post-start hook does.
import { SYSTEM_PRIORITY_CLASSES } from '../apis/scheduling/v1/priorityclass.js';
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';

/**
 * Upstream's hook writes through kube-apiserver's loopback client, whose user agent names the field manager
 * `kube-apiserver` (operation Update); kplane writes before its loopback serves, so it names it.
 */
const WRITE = { dryRun: false, fieldManager: 'kube-apiserver' };

export async function ensureSystemPriorityClasses(priorityClasses: Store): Promise<void> {
  for (const pc of SYSTEM_PRIORITY_CLASSES) {
    try {
      await priorityClasses.create('', structuredClone(pc), WRITE);
    } catch (error) {
      if (!(isStatusError(error) && error.code === 409)) throw error;
    }
  }
}
