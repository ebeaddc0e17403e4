// The namespaces every cluster has (3-resources: Namespace), created at start when missing, as
// upstream's system-namespaces controller does.
import { isStatusError } from '../errors/status-error.js';
import type { Store } from '../registry/store/index.js';

export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'] as const;

export async function ensureSystemNamespaces(namespaces: Store): Promise<void> {
  for (const name of SYSTEM_NAMESPACES) {
    try {
      await namespaces.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { dryRun: false });
    } catch (error) {
      if (!(isStatusError(error) && error.code === 409)) throw error;
    }
  }
}
