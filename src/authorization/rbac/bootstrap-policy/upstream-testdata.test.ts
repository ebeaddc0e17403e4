// kplane's bootstrap policy against Kubernetes 1.25's expected output (upstream keeps it as
// plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata/*.yaml and compares it exactly, order included).
// ./testdata holds those six lists for 1.25, trimmed of creationTimestamp. Source: a fork of kubernetes/kubernetes at
// a commit whose policy.go, controller_policy.go and testdata agree with each other: after 1.25's MultiCIDRRangeAllocator
// and before 1.26's additions (`/metrics/slis` in system:monitoring, leases in system:aggregate-to-edit, basicUserRules);
// the fork's own resource-claim-controller (a pre-merge DynamicResourceAllocation branch) is left out. One rule of that
// fork was pre-merge too: node-controller's `get`/`list` on `clustercidrconfigs`, the API's name before it merged. As
// merged for 1.25.0 (kubernetes#109090: ClusterCIDR, introduced=1.25), controller_policy.go grants `get`, `list`,
// `create`, `update` on `clustercidrs` with no feature-gate check (MultiCIDRRangeAllocator gates only the allocator),
// as 1.26- and 1.28-era copies of controller_policy.go show it; the test data says so. Cross-checked with a 1.26
// copy of cluster-roles, cluster-role-bindings and namespace-roles (same but for those 1.26 additions) and with
// 1.28's removal of the endpoints leader-election rules (kubernetes#117140, #117414), which 1.25 still has.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import type { PolicyRule, RoleRef, Subject } from '../../../apis/rbac/v1/schemas.generated.js';
import { bootstrapPolicy } from './index.js';
import { CONTROLLER_ROLE_PREFIX } from './controller-roles.js';

// Tests run from dist/; the YAML stays beside the source.
const TESTDATA = new URL('../../../../../src/authorization/rbac/bootstrap-policy/testdata/', import.meta.url);

interface PolicyObject {
  apiVersion?: string;
  kind?: string;
  metadata: { name?: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  aggregationRule?: unknown;
  rules?: PolicyRule[];
  roleRef?: RoleRef;
  subjects?: Subject[];
}

const key = (o: PolicyObject): string => `${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** An object as upstream's testdata prints it: aggregated roles with `rules: null` (kplane fills them at start). */
function view(o: PolicyObject): Record<string, unknown> {
  const { name, namespace, labels, annotations } = o.metadata;
  const out: Record<string, unknown> = {};
  if (o.aggregationRule) out.aggregationRule = o.aggregationRule;
  Object.assign(out, { apiVersion: o.apiVersion, kind: o.kind, metadata: { annotations, labels, name, ...(namespace && { namespace }) } });
  if (o.kind?.endsWith('Role')) out.rules = o.aggregationRule ? null : (o.rules ?? null);
  if (o.roleRef) out.roleRef = o.roleRef;
  if (o.subjects) out.subjects = o.subjects.map(({ apiGroup, kind, name: n, namespace: ns }) => ({ ...(apiGroup !== undefined && { apiGroup }), kind, name: n, ...(ns && { namespace: ns }) }));
  return out;
}

const listed = (objects: PolicyObject[]): Record<string, unknown>[] => [...objects].sort((a, b) => (key(a) < key(b) ? -1 : 1)).map(view);
const expected = (file: string): unknown => (parse(readFileSync(new URL(`${file}.yaml`, TESTDATA), 'utf8')) as { items: unknown }).items;
const isController = (o: PolicyObject): boolean => o.metadata.name?.startsWith(CONTROLLER_ROLE_PREFIX) ?? false;

describe('bootstrap policy equals upstream 1.25 testdata', () => {
  const policy = bootstrapPolicy();
  const cases: [string, PolicyObject[]][] = [
    ['cluster-roles', policy.clusterRoles.filter((o) => !isController(o))],
    ['controller-roles', policy.clusterRoles.filter(isController)],
    ['cluster-role-bindings', policy.clusterRoleBindings.filter((o) => !isController(o))],
    ['controller-role-bindings', policy.clusterRoleBindings.filter(isController)],
    ['namespace-roles', policy.roles],
    ['namespace-role-bindings', policy.roleBindings],
  ];
  for (const [file, objects] of cases) {
    it(file, () => {
      const want = expected(file) as Record<string, unknown>[];
      const got = listed(objects);
      assert.deepEqual(got.map((o) => (o.metadata as { name: string }).name), want.map((o) => (o.metadata as { name: string }).name));
      for (let i = 0; i < want.length; i++) assert.deepEqual(got[i], want[i], `${file}: ${(want[i]!.metadata as { name: string }).name}`);
    });
  }
});
