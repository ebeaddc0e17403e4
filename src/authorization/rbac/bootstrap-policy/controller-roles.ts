// The roles of kube-controller-manager 1.25's controllers (upstream controller_policy.go buildControllerRoles,
// release 1.25): `system:controller:<name>`, each bound to the service account `kube-system/<name>` the
// controller runs as with --use-service-account-credentials. Rules gated by features that are off in 1.25
// (PodDisruptionConditions, StatefulSetAutoDeletePVC, StorageVersionAPI) are left out; gates on by default
// in 1.25 (ExpandPersistentVolumes, GenericEphemeralVolume, TTLAfterFinished, CSIMigration) are in.
// upstream-testdata.test.ts compares the result with 1.25's expected output.
import type { ClusterRole, ClusterRoleBinding } from '../../../apis/rbac/v1/schemas.generated.js';
import {
  APPS, AUTHORIZATION, BATCH, CERTIFICATES, clusterRole, clusterRoleBinding, DISCOVERY, eventsRule, EXTENSIONS, LEGACY, NETWORKING, READ, rule, STORAGE, subjects,
  type RuleBuilder,
} from './rule-builder.js';

export const CONTROLLER_ROLE_PREFIX = 'system:controller:';

/** Each controller's service-account name and rules, in upstream's order. */
const CONTROLLER_RULES: readonly (readonly [string, () => RuleBuilder[]])[] = [
  ['attachdetach-controller', () => [
    rule('list', 'watch').groups(LEGACY).resources('persistentvolumes', 'persistentvolumeclaims'),
    rule('get', 'list', 'watch').groups(LEGACY).resources('nodes'),
    rule('patch', 'update').groups(LEGACY).resources('nodes/status'),
    rule('list', 'watch').groups(LEGACY).resources('pods'),
    eventsRule(),
    rule('get', 'create', 'delete', 'list', 'watch').groups(STORAGE).resources('volumeattachments'),
    rule('get', 'watch', 'list').groups(STORAGE).resources('csidrivers'),
    rule('get', 'watch', 'list').groups(STORAGE).resources('csinodes'),
  ]],
  ['clusterrole-aggregation-controller', () => [
    rule('escalate', 'get', 'list', 'watch', 'update', 'patch').groups('rbac.authorization.k8s.io').resources('clusterroles'),
  ]],
  ['cronjob-controller', () => [
    rule('get', 'list', 'watch', 'update').groups(BATCH).resources('cronjobs'),
    rule('get', 'list', 'watch', 'create', 'update', 'delete', 'patch').groups(BATCH).resources('jobs'),
    rule('update').groups(BATCH).resources('cronjobs/status'),
    rule('update').groups(BATCH).resources('cronjobs/finalizers'),
    rule('list', 'delete').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['daemon-set-controller', () => [
    rule('get', 'list', 'watch').groups(EXTENSIONS, APPS).resources('daemonsets'),
    rule('update').groups(EXTENSIONS, APPS).resources('daemonsets/status'),
    rule('update').groups(EXTENSIONS, APPS).resources('daemonsets/finalizers'),
    rule('list', 'watch').groups(LEGACY).resources('nodes'),
    rule('list', 'watch', 'create', 'delete', 'patch').groups(LEGACY).resources('pods'),
    rule('create').groups(LEGACY).resources('pods/binding'),
    rule('get', 'list', 'watch', 'create', 'delete', 'update', 'patch').groups(APPS).resources('controllerrevisions'),
    eventsRule(),
  ]],
  ['deployment-controller', () => [
    rule('get', 'list', 'watch', 'update').groups(EXTENSIONS, APPS).resources('deployments'),
    rule('update').groups(EXTENSIONS, APPS).resources('deployments/status'),
    rule('update').groups(EXTENSIONS, APPS).resources('deployments/finalizers'),
    rule('get', 'list', 'watch', 'create', 'update', 'patch', 'delete').groups(APPS, EXTENSIONS).resources('replicasets'),
    rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['disruption-controller', () => [
    rule(...READ).groups(EXTENSIONS, APPS).resources('deployments'),
    rule(...READ).groups(APPS, EXTENSIONS).resources('replicasets'),
    rule(...READ).groups(LEGACY).resources('replicationcontrollers'),
    rule(...READ).groups('policy').resources('poddisruptionbudgets'),
    rule(...READ).groups(APPS).resources('statefulsets'),
    rule('update').groups('policy').resources('poddisruptionbudgets/status'),
    rule('get').groups('*').resources('*/scale'),
    eventsRule(),
  ]],
  ['endpoint-controller', () => [
    rule(...READ).groups(LEGACY).resources('services', 'pods'),
    rule('get', 'list', 'create', 'update', 'delete').groups(LEGACY).resources('endpoints'),
    rule('create').groups(LEGACY).resources('endpoints/restricted'),
    eventsRule(),
  ]],
  ['endpointslice-controller', () => [
    rule(...READ).groups(LEGACY).resources('services', 'pods', 'nodes'),
    rule('update').groups(LEGACY).resources('services/finalizers'),
    rule('get', 'list', 'create', 'update', 'delete').groups(DISCOVERY).resources('endpointslices'),
    eventsRule(),
  ]],
  ['endpointslicemirroring-controller', () => [
    rule(...READ).groups(LEGACY).resources('services', 'endpoints'),
    rule('update').groups(LEGACY).resources('services/finalizers'),
    rule('update').groups(LEGACY).resources('endpoints/finalizers'),
    rule('get', 'list', 'create', 'update', 'delete').groups(DISCOVERY).resources('endpointslices'),
    eventsRule(),
  ]],
  ['expand-controller', () => [
    rule('get', 'list', 'watch', 'update', 'patch').groups(LEGACY).resources('persistentvolumes'),
    rule('update', 'patch').groups(LEGACY).resources('persistentvolumeclaims/status'),
    rule(...READ).groups(LEGACY).resources('persistentvolumeclaims'),
    // glusterfs (in-tree until 1.26)
    rule(...READ).groups(STORAGE).resources('storageclasses'),
    rule('get').groups(LEGACY).resources('services', 'endpoints'),
    rule('get').groups(LEGACY).resources('secrets'),
    eventsRule(),
  ]],
  ['ephemeral-volume-controller', () => [
    rule(...READ).groups(LEGACY).resources('pods'),
    rule('update').groups(LEGACY).resources('pods/finalizers'),
    rule('get', 'list', 'watch', 'create').groups(LEGACY).resources('persistentvolumeclaims'),
    eventsRule(),
  ]],
  ['generic-garbage-collector', () => [rule('get', 'list', 'watch', 'patch', 'update', 'delete').groups('*').resources('*'), eventsRule()]],
  ['horizontal-pod-autoscaler', () => [
    rule(...READ).groups('autoscaling').resources('horizontalpodautoscalers'),
    rule('update').groups('autoscaling').resources('horizontalpodautoscalers/status'),
    rule('get', 'update').groups('*').resources('*/scale'),
    rule('list').groups(LEGACY).resources('pods'),
    rule('get').groups(LEGACY).resources('services/proxy').names('https:heapster:', 'http:heapster:'),
    rule('list').groups('metrics.k8s.io').resources('pods'),
    rule('get', 'list').groups('custom.metrics.k8s.io').resources('*'),
    rule('get', 'list').groups('external.metrics.k8s.io').resources('*'),
    eventsRule(),
  ]],
  ['job-controller', () => [
    rule('get', 'list', 'watch', 'update', 'patch').groups(BATCH).resources('jobs'),
    rule('update').groups(BATCH).resources('jobs/status'),
    rule('update').groups(BATCH).resources('jobs/finalizers'),
    rule('list', 'watch', 'create', 'delete', 'patch').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['namespace-controller', () => [
    rule('get', 'list', 'watch', 'delete').groups(LEGACY).resources('namespaces'),
    rule('update').groups(LEGACY).resources('namespaces/finalize', 'namespaces/status'),
    rule('get', 'list', 'delete', 'deletecollection').groups('*').resources('*'),
  ]],
  ['node-controller', () => [
    rule('get', 'list', 'update', 'delete', 'patch').groups(LEGACY).resources('nodes'),
    rule('patch', 'update').groups(LEGACY).resources('nodes/status'),
    rule('update').groups(LEGACY).resources('pods/status'),
    rule('list', 'delete').groups(LEGACY).resources('pods'),
    // The MultiCIDRRangeAllocator's ClusterCIDRs (networking.k8s.io/v1alpha1, new in 1.25): upstream grants them
    // whatever the alpha gate says (no feature check, unlike the PodDisruptionConditions rules), until 1.29
    // removes the allocator. The allocator creates the default ClusterCIDR and updates finalizers, hence create/update.
    rule('get', 'list', 'create', 'update').groups(NETWORKING).resources('clustercidrs'),
    eventsRule(),
  ]],
  ['persistent-volume-binder', () => [
    rule('get', 'list', 'watch', 'update', 'create', 'delete').groups(LEGACY).resources('persistentvolumes'),
    rule('update').groups(LEGACY).resources('persistentvolumes/status'),
    rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('persistentvolumeclaims'),
    rule('update').groups(LEGACY).resources('persistentvolumeclaims/status'),
    rule('list', 'watch', 'get', 'create', 'delete').groups(LEGACY).resources('pods'),
    // glusterfs
    rule(...READ).groups(STORAGE).resources('storageclasses'),
    rule('get', 'create', 'update', 'delete').groups(LEGACY).resources('endpoints'),
    rule('get', 'create', 'delete').groups(LEGACY).resources('services'),
    rule('get').groups(LEGACY).resources('secrets'),
    // openstack
    rule('get', 'list').groups(LEGACY).resources('nodes'),
    // recyclerClient.WatchPod
    rule('watch').groups(LEGACY).resources('events'),
    eventsRule(),
  ]],
  ['pod-garbage-collector', () => [rule('list', 'watch', 'delete').groups(LEGACY).resources('pods'), rule('get', 'list').groups(LEGACY).resources('nodes')]],
  ['replicaset-controller', () => [
    rule('get', 'list', 'watch', 'update').groups(APPS, EXTENSIONS).resources('replicasets'),
    rule('update').groups(APPS, EXTENSIONS).resources('replicasets/status'),
    rule('update').groups(APPS, EXTENSIONS).resources('replicasets/finalizers'),
    rule('list', 'watch', 'patch', 'create', 'delete').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['replication-controller', () => [
    rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('replicationcontrollers'),
    rule('update').groups(LEGACY).resources('replicationcontrollers/status'),
    rule('update').groups(LEGACY).resources('replicationcontrollers/finalizers'),
    rule('list', 'watch', 'patch', 'create', 'delete').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['resourcequota-controller', () => [rule('list', 'watch').groups('*').resources('*'), rule('update').groups(LEGACY).resources('resourcequotas/status'), eventsRule()]],
  ['route-controller', () => [rule('list', 'watch').groups(LEGACY).resources('nodes'), rule('patch').groups(LEGACY).resources('nodes/status'), eventsRule()]],
  ['service-account-controller', () => [rule('create').groups(LEGACY).resources('serviceaccounts'), eventsRule()]],
  ['service-controller', () => [
    rule(...READ).groups(LEGACY).resources('services'),
    rule('patch', 'update').groups(LEGACY).resources('services/status'),
    rule('list', 'watch').groups(LEGACY).resources('nodes'),
    eventsRule(),
  ]],
  ['statefulset-controller', () => [
    rule('list', 'watch').groups(LEGACY).resources('pods'),
    rule(...READ).groups(APPS).resources('statefulsets'),
    rule('update').groups(APPS).resources('statefulsets/status'),
    rule('update').groups(APPS).resources('statefulsets/finalizers'),
    rule('get', 'create', 'delete', 'update', 'patch').groups(LEGACY).resources('pods'),
    rule('get', 'create', 'delete', 'update', 'patch', 'list', 'watch').groups(APPS).resources('controllerrevisions'),
    rule('get', 'create').groups(LEGACY).resources('persistentvolumeclaims'),
    eventsRule(),
  ]],
  ['ttl-controller', () => [rule('update', 'patch', 'list', 'watch').groups(LEGACY).resources('nodes'), eventsRule()]],
  ['certificate-controller', () => [
    rule('get', 'list', 'watch', 'delete').groups(CERTIFICATES).resources('certificatesigningrequests'),
    rule('update').groups(CERTIFICATES).resources('certificatesigningrequests/status', 'certificatesigningrequests/approval'),
    rule('approve').groups(CERTIFICATES).resources('signers').names('kubernetes.io/kube-apiserver-client-kubelet'),
    rule('sign').groups(CERTIFICATES).resources('signers').names('kubernetes.io/legacy-unknown', 'kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving'),
    rule('create').groups(AUTHORIZATION).resources('subjectaccessreviews'),
    eventsRule(),
  ]],
  ['pvc-protection-controller', () => [
    rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('persistentvolumeclaims'),
    rule('list', 'watch', 'get').groups(LEGACY).resources('pods'),
    eventsRule(),
  ]],
  ['pv-protection-controller', () => [rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('persistentvolumes'), eventsRule()]],
  ['ttl-after-finished-controller', () => [rule('get', 'list', 'watch', 'delete').groups(BATCH).resources('jobs'), eventsRule()]],
  ['root-ca-cert-publisher', () => [rule('create', 'update').groups(LEGACY).resources('configmaps'), eventsRule()]],
];

/** upstream ControllerRoles(): `system:controller:<name>` for each controller. */
export function controllerRoles(): ClusterRole[] {
  return CONTROLLER_RULES.map(([name, rules]) => clusterRole(CONTROLLER_ROLE_PREFIX + name, rules()));
}

/** upstream ControllerRoleBindings(): each controller role bound to `kube-system/<name>`. */
export function controllerRoleBindings(): ClusterRoleBinding[] {
  return CONTROLLER_RULES.map(([name]) => clusterRoleBinding(CONTROLLER_ROLE_PREFIX + name, subjects().serviceAccounts('kube-system', name)));
}
