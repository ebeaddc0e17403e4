// The default RBAC objects at start (upstream's `rbac/bootstrap-roles` post-start hook, storage_rbac.go
// EnsureRBACPolicy): every object of the bootstrap policy is created when missing and reconciled when present
// (reconcile.ts). One list per kind finds what exists, so a server whose policy is in place only reads; the
// writes that are needed run in parallel. Replicas starting together on one store do not fight: a create
// that finds the object made meanwhile (409) reconciles it instead, updates recompute on the fresh object
// at each compare-and-swap retry, and an update that finds it deleted creates it.
import type { KubeObject } from '../../../apis/meta/v1/types.js';
import { conflict, isStatusError } from '../../../errors/status-error.js';
import type { Store, WriteOptions } from '../../../registry/store/index.js';
import { bootstrapPolicy, type BootstrapPolicy } from '../bootstrap-policy/index.js';
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

const keyOf = (o: Readonly<KubeObject>): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
const hasCode = (error: unknown, code: number): boolean => isStatusError(error) && error.code === code;

/** Creates or reconciles every object of `policy` (the 1.25 bootstrap policy unless given). */
export async function ensureBootstrapPolicy(stores: RbacStores, policy: BootstrapPolicy = bootstrapPolicy()): Promise<void> {
  const roles = reconcileRole as Reconcile;
  const bindings = reconcileRoleBinding as Reconcile;
  // Cluster roles before the bindings that refer to them, as upstream's hook orders them.
  await Promise.all([ensureKind(stores.clusterRoles, policy.clusterRoles, roles), ensureKind(stores.roles, policy.roles, roles)]);
  await Promise.all([ensureKind(stores.clusterRoleBindings, policy.clusterRoleBindings, bindings), ensureKind(stores.roleBindings, policy.roleBindings, bindings)]);
}

async function ensureKind(store: Store, expected: readonly KubeObject[], reconcile: Reconcile): Promise<void> {
  const existing = new Map((await store.list('', {})).items.map((item) => [keyOf(item.object), item.object]));
  await Promise.all(expected.map((object) => ensureObject(store, existing.get(keyOf(object)), object, reconcile)));
}

/** One object: create, update or recreate as reconciliation says; retried when another writer got there first. */
async function ensureObject(store: Store, current: Readonly<KubeObject> | undefined, expected: Readonly<KubeObject>, reconcile: Reconcile): Promise<void> {
  const namespace = expected.metadata.namespace ?? '';
  const name = expected.metadata.name ?? '';
  for (let attempt = 1; ; attempt++) {
    try {
      await writeOnce(store, namespace, name, current, expected, reconcile);
      return;
    } catch (error) {
      // Created or deleted by another replica meanwhile: look again.
      if (attempt >= ATTEMPTS || !(hasCode(error, 409) || hasCode(error, 404))) throw error;
      current = await getIfExists(store, namespace, name);
    }
  }
}

async function writeOnce(store: Store, namespace: string, name: string, current: Readonly<KubeObject> | undefined, expected: Readonly<KubeObject>, reconcile: Reconcile): Promise<void> {
  if (!current) {
    await store.create(namespace, structuredClone(expected) as KubeObject, WRITE);
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
  // Recomputed on whatever is stored at each compare-and-swap attempt; recreated if deleted meanwhile.
  await store.update(namespace, name, (fresh) => {
    if (!fresh) return structuredClone(expected) as KubeObject;
    const again = reconcile(fresh, expected);
    // A roleRef changed under us: start again from the top, as after any conflict.
    if (again.operation === 'recreate') throw conflict(store.groupResource, name, 'roleRef changed meanwhile');
    return again.operation === 'none' ? (structuredClone(fresh) as KubeObject) : again.object;
  }, WRITE);
}

async function getIfExists(store: Store, namespace: string, name: string): Promise<KubeObject | undefined> {
  try {
    return (await store.get(namespace, name)).object;
  } catch (error) {
    if (hasCode(error, 404)) return undefined;
    throw error;
  }
}

/** The RBAC stores among `stores`, when rbac.authorization.k8s.io/v1 is served. */
export function rbacStoresOf(stores: readonly Store[]): RbacStores | undefined {
  const of = (resource: string) => stores.find((s) => s.def.group === 'rbac.authorization.k8s.io' && s.def.version === 'v1' && s.def.resource === resource);
  const [clusterRoles, clusterRoleBindings, roles, roleBindings] = ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'].map(of);
  return clusterRoles && clusterRoleBindings && roles && roleBindings ? { clusterRoles, clusterRoleBindings, roles, roleBindings } : undefined;
}
