// The clusterrole-aggregation controller (kube-controller-manager; upstream pkg/controller/clusterroleaggregation):
// every ClusterRole with an aggregationRule has as rules the union of the rules of the ClusterRoles its
// selectors match (authorization/rbac/aggregation.ts). Any ClusterRole change re-queues every aggregated
// role, as upstream's event handlers do; a role is written only when its rules differ.
//
// As upstream reads a lister, the controller keeps the ClusterRoles its watch delivered (decoding the
// cache's JSON for every role at every sync cost ~10 ms of a server's start), and the re-queueing of one
// burst of events (the initial listing) is coalesced into one pass.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ClusterRole } from '../../apis/rbac/v1/schemas.generated.js';
import { aggregatedRules, sameRules } from '../../authorization/rbac/aggregation.js';
import { isStatusError, notFound } from '../../errors/status-error.js';
import type { Store, WriteOptions } from '../../registry/store/index.js';
import type { Controller } from '../controller.js';
import { controllerManagerWrite } from '../controller.js';
import { queueController } from '../queue-controller.js';
import type { WorkQueue } from '../work-queue.js';

export const CLUSTERROLE_AGGREGATION = 'clusterrole-aggregation';
const WRITE: WriteOptions = controllerManagerWrite('clusterrole-aggregation-controller');

export interface ClusterRoleAggregationDeps {
  clusterRoles: Store;
}

/** upstream ClusterRoleAggregationController.syncClusterRole, over the roles seen so far. */
async function syncClusterRole(store: Store, roles: ReadonlyMap<string, Readonly<ClusterRole>>, name: string): Promise<void> {
  const role = roles.get(name);
  if (!role?.aggregationRule || sameRules(aggregatedRules(role, [...roles.values()]), role.rules)) return;
  // Recomputed on the stored object at each compare-and-swap attempt (its selectors may have changed too).
  await store.update('', name, (current) => {
    if (!current) throw notFound(store.groupResource, name);
    const next = structuredClone(current) as KubeObject & ClusterRole;
    if (next.aggregationRule) next.rules = aggregatedRules(next, [...roles.values()]);
    return next;
  }, WRITE).catch((error: unknown) => {
    // Deleted meanwhile: nothing to aggregate into.
    if (!(isStatusError(error) && error.code === 404)) throw error;
  });
}

/** The controller `clusterrole-aggregation`. */
export function clusterRoleAggregationController(deps: ClusterRoleAggregationDeps): Controller {
  const roles = new Map<string, Readonly<ClusterRole>>();
  let scheduled = false;
  const requeueAggregated = (queue: WorkQueue): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const [name, role] of roles) if (role.aggregationRule) queue.add(name);
    });
  };
  return queueController(CLUSTERROLE_AGGREGATION, [{
    store: deps.clusterRoles,
    onObject: (object, type, queue) => {
      const name = object.metadata.name ?? '';
      if (type === 'DELETED') roles.delete(name);
      else roles.set(name, object as Readonly<ClusterRole>);
      requeueAggregated(queue);
    },
  }], (name) => syncClusterRole(deps.clusterRoles, roles, name));
}
