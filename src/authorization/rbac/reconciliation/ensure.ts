// The default RBAC objects at start (upstream's `rbac/bootstrap-roles` post-start hook, storage_rbac.go
// EnsureRBACPolicy): every object of the bootstrap policy is created when missing and reconciled when present
// (reconcile.ts). One list per kind finds what exists, so a server whose policy is in place only reads; the
// writes that are needed run in parallel. Replicas starting together on one store do not fight: a create
// that finds the object made meanwhile (409) reconciles it instead, updates recompute on the fresh object
// at each compare-and-swap retry, and an update that finds it deleted creates it.
//
// Decision: aggregated roles (admin, edit, view) are created with the rules the aggregation controller would
// give them, instead of none. The end state is upstream's; a fresh server just skips the controller's burst
// of cascading writes (view into edit into admin) during its start.
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import type { ClusterRole } from '../../../apis/rbac/v1/schemas.generated.js';
import { conflict, isStatusError } from '../../../errors/status-error.js';
import { getIfExists, type Store, type WriteOptions } from '../../../registry/store/index.js';
import { bootstrapPolicy, type BootstrapPolicy } from '../bootstrap-policy/index.js';
import { aggregatedRules, sameRules } from '../aggregation.js';
import { reconcileRole, reconcileRoleBinding, type Reconciled } from './reconcile.js';

/** The stores of rbac.authorization.k8s.io/v1. */
export interface RbacStores {
  clusterRoles: Store;
  clusterRoleBindings: Store;
  roles: Store;
  roleBindings: Store;
}

/** Writes of the post-start hook are the API server's own (its loopback client's field manager). */
const WRITE: WriteOptions = { dryRun: false, fieldManager: 'kube-apiserver' };
/** Attempts per object before a start fails (upstream retries the whole hook for 30 s). */
const ATTEMPTS = 5;

type Reconcile = (existing: Readonly<KubeObject>, expected: Readonly<KubeObject>) => Reconciled<KubeObject>;
/** What to create for the missing objects, given every stored one (default: the expected objects as they are). */
type Initial = (missing: readonly KubeObject[], stored: readonly Readonly<KubeObject>[]) => Map<KubeObject, KubeObject>;

const keyOf = (o: Readonly<KubeObject>): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
const hasCode = (error: unknown, code: number): boolean => isStatusError(error) && error.code === code;

/** Creates or reconciles every object of `policy` (the 1.25 bootstrap policy unless given). */
export async function ensureBootstrapPolicy(stores: RbacStores, policy: BootstrapPolicy = bootstrapPolicy()): Promise<void> {
  const roles = reconcileRole as Reconcile;
  const bindings = reconcileRoleBinding as Reconcile;
  // Cluster roles before the bindings that refer to them, as upstream's hook orders them.
  await Promise.all([ensureKind(stores.clusterRoles, policy.clusterRoles, roles, withAggregatedRules), ensureKind(stores.roles, policy.roles, roles)]);
  await Promise.all([ensureKind(stores.clusterRoleBindings, policy.clusterRoleBindings, bindings), ensureKind(stores.roleBindings, policy.roleBindings, bindings)]);
}

async function ensureKind(store: Store, expected: readonly KubeObject[], reconcile: Reconcile, initial?: Initial): Promise<void> {
  const existing = new Map((await store.list('', {})).items.map((item) => [keyOf(item.object), item.object]));
  const created = initial?.(expected.filter((o) => !existing.has(keyOf(o))), [...existing.values()]);
  await Promise.all(expected.map((object) => ensureObject(store, existing.get(keyOf(object)), { expected: object, initial: created?.get(object) ?? object }, reconcile)));
}

/** Copies of the missing aggregated ClusterRoles holding what they aggregate once all exist (to a fixed point: edit folds into admin). */
function withAggregatedRules(missing: readonly KubeObject[], stored: readonly Readonly<KubeObject>[]): Map<KubeObject, KubeObject> {
  const copies = new Map(missing.filter((o) => (o as ClusterRole).aggregationRule).map((o) => [o, structuredClone(o) as KubeObject & ClusterRole]));
  const all = [...stored, ...missing.map((o) => copies.get(o) ?? o)] as Readonly<ClusterRole>[];
  for (let pass = 0, changed = true; changed && pass <= copies.size; pass++) {
    changed = false;
    for (const role of copies.values()) {
      const rules = aggregatedRules(role, all);
      if (!sameRules(rules, role.rules)) [role.rules, changed] = [rules, true];
    }
  }
  return copies;
}

/** One default object: what reconciliation compares with, and what is created when it is missing. */
interface Wanted {
  expected: Readonly<KubeObject>;
  initial: Readonly<KubeObject>;
}

/** Creates, updates or recreates one object as reconciliation says; looks again when another writer got there first. */
async function ensureObject(store: Store, current: Readonly<KubeObject> | undefined, wanted: Wanted, reconcile: Reconcile): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await writeOnce(store, current, wanted, reconcile);
      return;
    } catch (error) {
      // Created or deleted by another replica meanwhile.
      if (attempt >= ATTEMPTS || !(hasCode(error, 409) || hasCode(error, 404))) throw error;
      current = await getIfExists(store, wanted.expected.metadata.namespace ?? '', wanted.expected.metadata.name ?? '');
    }
  }
}

async function writeOnce(store: Store, current: Readonly<KubeObject> | undefined, { expected, initial }: Wanted, reconcile: Reconcile): Promise<void> {
  const namespace = expected.metadata.namespace ?? '';
  const name = expected.metadata.name ?? '';
  if (!current) {
    await store.create(namespace, structuredClone(initial) as KubeObject, WRITE);
    return;
  }
  const planned = reconcile(current, expected);
  if (planned.operation === 'none') return;
  if (planned.operation === 'recreate') {
    const uid = current.metadata.uid;
    await store.delete(namespace, name, uid ? { preconditions: { uid } } : {}, WRITE).catch((error: unknown) => {
      if (!hasCode(error, 404)) throw error;
    });
    await store.create(namespace, planned.object, WRITE);
    return;
  }
  // Recomputed on whatever is stored at each compare-and-swap attempt; created again if deleted meanwhile.
  await store.update(namespace, name, (fresh) => {
    if (!fresh) return structuredClone(initial) as KubeObject;
    const again = reconcile(fresh, expected);
    // A roleRef changed under us: start again from the top, as after any conflict.
    if (again.operation === 'recreate') throw conflict(store.groupResource, name, 'roleRef changed meanwhile');
    return again.operation === 'none' ? (structuredClone(fresh) as KubeObject) : again.object;
  }, WRITE);
}

/** The RBAC stores among `stores`, when rbac.authorization.k8s.io/v1 is served. */
export function rbacStoresOf(stores: readonly Store[]): RbacStores | undefined {
  const of = (resource: string) => stores.find((s) => s.def.group === 'rbac.authorization.k8s.io' && s.def.version === 'v1' && s.def.resource === resource);
  const [clusterRoles, clusterRoleBindings, roles, roleBindings] = ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'].map(of);
  return clusterRoles && clusterRoleBindings && roles && roleBindings ? { clusterRoles, clusterRoleBindings, roles, roleBindings } : undefined;
}
