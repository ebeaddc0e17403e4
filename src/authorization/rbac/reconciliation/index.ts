// Reconciliation of the default RBAC objects at start (upstream pkg/registry/rbac/reconciliation and the
// rbac/bootstrap-roles post-start hook).
export { ensureBootstrapPolicy, rbacStoresOf, type RbacStores } from './ensure.js';
export { reconcileRole, reconcileRoleBinding, type Reconciled } from './reconcile.js';
