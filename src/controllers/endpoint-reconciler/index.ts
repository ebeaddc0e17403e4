// The `kubernetes` service's endpoints: the reconcilers of `--endpoint-reconciler-type` (lease, with the master
// leases it keeps; master-count; none).
export { LeaseEndpointReconciler, KUBERNETES_NAMESPACE, KUBERNETES_SERVICE } from './lease-reconciler.js';
export { MasterCountEndpointReconciler } from './master-count-reconciler.js';
export { NoneEndpointReconciler, type EndpointReconciler } from './kubernetes-endpoints.js';
export { MasterLeases, MASTER_LEASE_TTL_SECONDS } from './master-leases.js';
