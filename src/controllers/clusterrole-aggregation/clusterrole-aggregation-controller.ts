// The clusterrole-aggregation controller (kube-controller-manager; upstream pkg/controller/clusterroleaggregation):
// every ClusterRole with an aggregationRule has as rules the union of the rules of the ClusterRoles its
// selectors match (aggregate-rules.ts). Any ClusterRole change re-queues every aggregated role, as upstream's
// event handlers do; a role is written only when its rules differ.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ClusterRole } from '../../apis/rbac/v1/schemas.generated.js';
import { isStatusError, notFound } from '../../errors/status-error.js';
import type { Store, WriteOptions } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { getIfExists, queueController } from '../queue-controller.js';
import { aggregatedRules, sameRules } from './aggregate-rules.js';

export const CLUSTERROLE_AGGREGATION = 'clusterrole-aggregation';
const WRITE: WriteOptions = { dryRun: false, fieldManager: 'clusterrole-aggregation-controller' };

export interface ClusterRoleAggregationDeps {
  clusterRoles: Store;
}

/** upstream ClusterRoleAggregationController.syncClusterRole. */
async function syncClusterRole(clusterRoles: Store, name: string): Promise<void> {
  const role = (await getIfExists(clusterRoles, '', name)) as ClusterRole | undefined;
  if (!role?.aggregationRule) return;
  const all = (await clusterRoles.list('', {})).items.map((item) => item.object as Readonly<ClusterRole>);
  const rules = aggregatedRules(role, all);
  if (sameRules(rules, role.rules)) return;
  // Recomputed on the stored object at each compare-and-swap attempt (its selectors may have changed too).
  await clusterRoles.update('', name, (current) => {
    if (!current) throw notFound(clusterRoles.groupResource, name);
    const next = structuredClone(current) as KubeObject & ClusterRole;
    if (next.aggregationRule) next.rules = aggregatedRules(next, all);
    return next;
  }, WRITE).catch((error: unknown) => {
    // Deleted meanwhile: nothing to aggregate into.
    if (!(isStatusError(error) && error.code === 404)) throw error;
  });
}

/** The controller `clusterrole-aggregation`. */
export function clusterRoleAggregationController(deps: ClusterRoleAggregationDeps): Controller {
  // The aggregated roles seen so far: any change to any ClusterRole may change what each of them gathers.
  const aggregated = new Set<string>();
  return queueController(CLUSTERROLE_AGGREGATION, [{
    store: deps.clusterRoles,
    onObject: (object, type, queue) => {
      const name = object.metadata.name ?? '';
      if (type !== 'DELETED' && (object as Readonly<ClusterRole>).aggregationRule) aggregated.add(name);
      else aggregated.delete(name);
      for (const role of aggregated) queue.add(role);
    },
  }], (name) => syncClusterRole(deps.clusterRoles, name));
}
