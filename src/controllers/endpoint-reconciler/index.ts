// The `kubernetes` service's endpoints: the lease reconciler and the master leases it keeps.
export { LeaseEndpointReconciler, KUBERNETES_NAMESPACE, KUBERNETES_SERVICE } from './lease-reconciler.js';
export { MasterLeases, MASTER_LEASE_TTL_SECONDS } from './master-leases.js';
