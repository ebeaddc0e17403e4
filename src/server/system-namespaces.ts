// The namespaces every cluster has (3-resources: Namespace), created at start when missing, as
// upstream's system-namespaces controller does.
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'] as const;

/**
 * Upstream's controller writes through kube-apiserver's loopback client, whose user agent names the field
 * manager `kube-apiserver` (operation Update); kplane writes before its loopback serves, so it names it.
 */
const WRITE = { dryRun: false, fieldManager: 'kube-apiserver' };

export async function ensureSystemNamespaces(namespaces: Store): Promise<void> {
  for (const name of SYSTEM_NAMESPACES) {
    try {
      await namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, WRITE);
    } catch (error) {
      if (!(isStatusError(error) && error.code === 409)) throw error;
    }
  }
}
