// Scenario: the RBAC decision alone, in process. A user bound by one RoleBinding in one namespace asks to
// get a pod there, with 1,000 RoleBindings (100 namespaces) and 100 ClusterRoleBindings in the cluster
// beside it, vs the same request with only that user's binding (and the default groups' cluster
// bindings). The bindings are indexed by subject, so the first figure should stay close to the second.
import type { PolicyRule } from '../../src/apis/rbac/v1/schemas.generated.js';
import type { AuthorizationAttributes } from '../../src/authorization/authorizer.js';
import { RbacAuthorizer } from '../../src/authorization/rbac/rbac-authorizer.js';
import { group, memoryPolicy, user } from '../../src/authorization/rbac/test-policy.js';
import type { Measurement } from '../results.js';
import { fmt, median } from '../stats.js';
import type { BenchContext } from './context.js';

const EDIT_LIKE: PolicyRule[] = [
  { verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'], apiGroups: [''], resources: ['configmaps', 'endpoints', 'persistentvolumeclaims', 'replicationcontrollers', 'secrets', 'services'] },
  { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['configmaps', 'endpoints', 'persistentvolumeclaims', 'replicationcontrollers', 'secrets', 'services', 'serviceaccounts'] },
  { verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'], apiGroups: ['apps'], resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'] },
  { verbs: ['get', 'list', 'watch'], apiGroups: ['apps'], resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'] },
  { verbs: ['create', 'delete', 'deletecollection', 'patch', 'update'], apiGroups: [''], resources: ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'] },
  { verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['pods', 'pods/log', 'pods/status'] },
];

/** The default policy's bindings every authenticated user meets (system:basic-user, discovery, public info). */
function defaultGroupBindings(p: ReturnType<typeof memoryPolicy>): void {
  p.clusterRole('system:basic-user', [{ verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] }]);
  p.clusterRole('system:discovery', [{ verbs: ['get'], nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'] }]);
  p.clusterRole('system:public-info-viewer', [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }]);
  for (const name of ['system:basic-user', 'system:discovery', 'system:public-info-viewer']) p.clusterRoleBinding(name, name, [group('system:authenticated')]);
}

function policy(crowded: boolean): RbacAuthorizer {
  const p = memoryPolicy();
  defaultGroupBindings(p);
  p.clusterRole('edit-like', EDIT_LIKE);
  p.roleBinding('ns-7', 'jane', 'ClusterRole', 'edit-like', [user('jane')]);
  if (crowded) {
    for (let i = 0; i < 1_000; i++) p.roleBinding(`ns-${i % 100}`, `binding-${i}`, 'ClusterRole', 'edit-like', [user(`user-${i}`), group(`team-${i % 37}`)]);
    for (let i = 0; i < 100; i++) p.clusterRoleBinding(`cluster-binding-${i}`, 'edit-like', [user(`admin-${i}`), group(`ops-${i % 7}`)]);
  }
  return new RbacAuthorizer(p.resolver);
}

const REQUEST: AuthorizationAttributes = {
  user: { name: 'jane', groups: ['devs', 'system:authenticated'] },
  verb: 'get', isResourceRequest: true, path: '/api/v1/namespaces/ns-7/pods/web', namespace: 'ns-7',
  apiGroup: '', apiVersion: 'v1', resource: 'pods', subresource: '', name: 'web',
};

/** Median microseconds per decision over batches of 1,000, after a warm-up. */
function microsPerDecision(rbac: RbacAuthorizer): number {
  const batch = 1_000;
  const perCall: number[] = [];
  for (let round = 0; round < 600; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) if (rbac.authorize(REQUEST).decision !== 'Allow') throw new Error('the bench request was not allowed');
    if (round >= 100) perCall.push(Number(process.hrtime.bigint() - start) / 1_000 / batch);
  }
  return median(perCall);
}

export function measureRbacDecision(ctx: BenchContext): Measurement {
  ctx.log('RBAC decision with 1,000 RoleBindings and 100 ClusterRoleBindings (in process)');
  const empty = microsPerDecision(policy(false));
  const crowded = microsPerDecision(policy(true));
  return {
    id: 'rbac.decision',
    label: 'RBAC decision, user bound in one namespace, 1,000 RoleBindings + 100 ClusterRoleBindings',
    kplane: `${fmt(crowded, 2)} µs`,
    reference: `${fmt(empty, 2)} µs with only its own binding`,
    value: crowded,
    unit: 'µs',
    target: { op: '<=', value: 5 },
    higherIsBetter: false,
    raw: { crowdedMicros: crowded, emptyMicros: empty },
  };
}
