// The clusterrole-aggregation controller (kube-controller-manager; upstream pkg/controller/clusterroleaggregation):
// every ClusterRole with an aggregationRule has as rules the union of the rules of the ClusterRoles its
// selectors match (authorization/rbac/aggregation.ts). Any ClusterRole change re-queues every aggregated
// role, as upstream's event handlers do; a role is written only when its rules differ.
//
// As upstream, the controller reads the shared ClusterRole informer, and the re-queueing of one burst of
// events (the initial listing) is coalesced into one pass. It writes as
// `system:serviceaccount:kube-system:clusterrole-aggregation-controller`, whose role holds `escalate`.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ClusterRole } from '../../apis/rbac/v1/schemas.generated.js';
import { aggregatedRules, sameRules } from '../../authorization/rbac/aggregation.js';
import type { Informer } from '../../client/informer.js';
import type { ResourceClient, ResourceRef } from '../../client/resource-client.js';
import type { Controller } from '../controller.js';
import type { ControllerContext } from '../controller-context.js';
import { queueController } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';
import type { WorkQueue } from '../work-queue.js';

export const CLUSTERROLE_AGGREGATION = 'clusterrole-aggregation';

export interface ClusterRoleAggregationDeps {
  clusterRoles: ResourceRef;
}

/** upstream ClusterRoleAggregationController.syncClusterRole, over the informer's roles. */
async function syncClusterRole(client: ResourceClient, informer: Informer, name: string): Promise<void> {
  const roles = informer.list() as unknown as Readonly<ClusterRole>[];
  const role = informer.get('', name) as Readonly<ClusterRole> | undefined;
  if (!role?.aggregationRule || sameRules(aggregatedRules(role, roles), role.rules)) return;
  // Recomputed on the live object at each attempt (its selectors may have changed too).
  await client.update('', name, (current) => {
    const next = current as KubeObject & ClusterRole;
    if (next.aggregationRule) next.rules = aggregatedRules(next, roles);
    return next;
  }).catch((error: unknown) => {
    // Deleted meanwhile: nothing to aggregate into.
    if (!isNotFound(error)) throw error;
  });
}

/** The controller `clusterrole-aggregation`. */
export function clusterRoleAggregationController(context: ControllerContext, deps: ClusterRoleAggregationDeps): Controller {
  const informer = context.informers.informerFor(deps.clusterRoles);
  const client = context.clients.resource(deps.clusterRoles);
  let scheduled = false;
  const requeueAggregated = (queue: WorkQueue): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const role of informer.list()) if ((role as Readonly<ClusterRole>).aggregationRule) queue.add(role.metadata.name ?? '');
    });
  };
  return queueController(CLUSTERROLE_AGGREGATION, [{ informer, onObject: (_object, _type, queue) => requeueAggregated(queue) }],
    (name) => syncClusterRole(client, informer, name));
}
