// Test support: grants through RBAC (the server's default authorization) for tests whose subject is not
// authorization itself, e.g. authentication methods whose users must then be allowed to read something.
import type { RawClient } from './raw-client.js';

/** A subject of a binding. */
export type BindingSubject = { kind: 'User' | 'Group'; name: string } | { kind: 'ServiceAccount'; name: string; namespace: string };

/**
 * Binds `clusterRole` to `subjects` cluster-wide (as the admin `client`), then waits until the authorizer
 * sees it (bindings reach it through its informers), checked with a SubjectAccessReview for `verb` on
 * `resource` as the first subject.
 */
export async function bindClusterRole(client: RawClient, name: string, clusterRole: string, subjects: BindingSubject[], check: { verb: string; resource: string; group?: string } = { verb: 'get', resource: 'namespaces' }): Promise<void> {
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRole },
    subjects: subjects.map((s) => (s.kind === 'ServiceAccount' ? s : { apiGroup: 'rbac.authorization.k8s.io', ...s })),
  };
  const created = await client.request('POST', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { body: JSON.stringify(binding) });
  if (created.status !== 201) throw new Error(`creating ClusterRoleBinding ${name}: ${created.status} ${created.body}`);
  const first = subjects[0]!;
  const who = first.kind === 'ServiceAccount' ? { user: `system:serviceaccount:${first.namespace}:${first.name}` }
    : first.kind === 'Group' ? { user: 'rbac-probe', groups: [first.name] } : { user: first.name };
  const review = JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { ...who, resourceAttributes: { verb: check.verb, resource: check.resource, group: check.group ?? '' } } });
  for (let attempt = 0; ; attempt++) {
    const answer = await client.request('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { body: review });
    if ((answer.json() as { status?: { allowed?: boolean } }).status?.allowed) return;
    if (attempt > 100) throw new Error(`ClusterRoleBinding ${name} did not take effect: ${answer.body}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
