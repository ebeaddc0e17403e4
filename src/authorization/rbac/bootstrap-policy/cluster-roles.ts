// The cluster roles of upstream 1.25's ClusterRoles() (plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go),
// with the rules its feature gates give at their 1.25 defaults. Controllers' roles are in controller-roles.ts.
import type { ClusterRole } from '../../../apis/rbac/v1/schemas.generated.js';
import {
  APPS, AUTHENTICATION, AUTHORIZATION, BATCH, CERTIFICATES, clusterRole, COORDINATION, DISCOVERY, eventsRule, EXTENSIONS, LEGACY, NETWORKING,
  READ, READ_UPDATE, READ_WRITE, rule, STORAGE, WRITE, type RuleBuilder,
} from './rule-builder.js';
import { nodeRuleBuilders } from '../../node/node-rules.js';

export const AGGREGATE_TO_ADMIN = 'rbac.authorization.k8s.io/aggregate-to-admin';
export const AGGREGATE_TO_EDIT = 'rbac.authorization.k8s.io/aggregate-to-edit';
export const AGGREGATE_TO_VIEW = 'rbac.authorization.k8s.io/aggregate-to-view';

const aggregateToEdit = (): RuleBuilder[] => [
  rule(...READ).groups(LEGACY).resources('pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward', 'secrets', 'services/proxy'),
  rule('impersonate').groups(LEGACY).resources('serviceaccounts'),
  rule(...WRITE).groups(LEGACY).resources('pods', 'pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward'),
  rule('create').groups(LEGACY).resources('pods/eviction'),
  rule(...WRITE).groups(LEGACY).resources('replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/proxy', 'persistentvolumeclaims', 'configmaps', 'secrets', 'events'),
  rule('create').groups(LEGACY).resources('serviceaccounts/token'),
  rule(...WRITE).groups(APPS).resources('statefulsets', 'statefulsets/scale', 'daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'replicasets', 'replicasets/scale'),
  rule(...WRITE).groups('autoscaling').resources('horizontalpodautoscalers'),
  rule(...WRITE).groups(BATCH).resources('jobs', 'cronjobs'),
  rule(...WRITE).groups(EXTENSIONS).resources('daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'ingresses', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale', 'networkpolicies'),
  rule(...WRITE).groups('policy').resources('poddisruptionbudgets'),
  rule(...WRITE).groups(NETWORKING).resources('networkpolicies', 'ingresses'),
];

const aggregateToView = (): RuleBuilder[] => [
  rule(...READ).groups(LEGACY).resources('pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'configmaps'),
  rule(...READ).groups(LEGACY).resources('limitranges', 'resourcequotas', 'bindings', 'events', 'pods/status', 'resourcequotas/status', 'namespaces/status', 'replicationcontrollers/status', 'pods/log'),
  rule(...READ).groups(LEGACY).resources('namespaces'),
  rule(...READ).groups(DISCOVERY).resources('endpointslices'),
  rule(...READ).groups(APPS).resources('controllerrevisions', 'statefulsets', 'statefulsets/status', 'statefulsets/scale', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/status', 'deployments/scale', 'replicasets', 'replicasets/status', 'replicasets/scale'),
  rule(...READ).groups('autoscaling').resources('horizontalpodautoscalers', 'horizontalpodautoscalers/status'),
  rule(...READ).groups(BATCH).resources('jobs', 'cronjobs', 'cronjobs/status', 'jobs/status'),
  rule(...READ).groups(EXTENSIONS).resources('daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale', 'networkpolicies'),
  rule(...READ).groups('policy').resources('poddisruptionbudgets', 'poddisruptionbudgets/status'),
  rule(...READ).groups(NETWORKING).resources('networkpolicies', 'ingresses', 'ingresses/status'),
];

const approver = (name: string, signer: string): ClusterRole => clusterRole(name, [rule('approve').groups(CERTIFICATES).resources('signers').names(signer)]);

/** The user-facing and aggregated roles. */
function userRoles(): ClusterRole[] {
  return [
    clusterRole('cluster-admin', [rule('*').groups('*').resources('*'), rule('*').urls('*')]),
    clusterRole('system:discovery', [rule('get').urls('/livez', '/readyz', '/healthz', '/version', '/version/', '/openapi', '/openapi/*', '/api', '/api/*', '/apis', '/apis/*')]),
    clusterRole('system:monitoring', [rule('get').urls('/metrics', '/livez', '/readyz', '/healthz', '/livez/*', '/readyz/*', '/healthz/*')]),
    clusterRole('system:basic-user', [rule('create').groups(AUTHORIZATION).resources('selfsubjectaccessreviews', 'selfsubjectrulesreviews')]),
    clusterRole('system:public-info-viewer', [rule('get').urls('/livez', '/readyz', '/healthz', '/version', '/version/')]),
    clusterRole('admin', [], { aggregateFrom: [AGGREGATE_TO_ADMIN] }),
    clusterRole('edit', [], { labels: { [AGGREGATE_TO_ADMIN]: 'true' }, aggregateFrom: [AGGREGATE_TO_EDIT] }),
    clusterRole('view', [], { labels: { [AGGREGATE_TO_EDIT]: 'true' }, aggregateFrom: [AGGREGATE_TO_VIEW] }),
    clusterRole('system:aggregate-to-admin', [rule('create').groups(AUTHORIZATION).resources('localsubjectaccessreviews'), rule(...READ_WRITE).groups('rbac.authorization.k8s.io').resources('roles', 'rolebindings')], { labels: { [AGGREGATE_TO_ADMIN]: 'true' } }),
    clusterRole('system:aggregate-to-edit', aggregateToEdit(), { labels: { [AGGREGATE_TO_EDIT]: 'true' } }),
    clusterRole('system:aggregate-to-view', aggregateToView(), { labels: { [AGGREGATE_TO_VIEW]: 'true' } }),
  ];
}

/** Roles of system components (kubelet, kube-proxy, scheduler, controller manager, add-ons). */
function componentRoles(): ClusterRole[] {
  return [
    clusterRole('system:heapster', [rule(...READ).groups(LEGACY).resources('events', 'pods', 'nodes', 'namespaces'), rule(...READ).groups(EXTENSIONS).resources('deployments')]),
    clusterRole('system:node', nodeRuleBuilders()),
    clusterRole('system:node-problem-detector', [rule('get').groups(LEGACY).resources('nodes'), rule('patch').groups(LEGACY).resources('nodes/status'), eventsRule()]),
    clusterRole('system:kubelet-api-admin', [
      rule('get', 'list', 'watch').groups(LEGACY).resources('nodes'),
      rule('proxy').groups(LEGACY).resources('nodes'),
      rule('*').groups(LEGACY).resources('nodes/proxy', 'nodes/metrics', 'nodes/spec', 'nodes/stats', 'nodes/log'),
    ]),
    clusterRole('system:node-bootstrapper', [rule('create', 'get', 'list', 'watch').groups(CERTIFICATES).resources('certificatesigningrequests')]),
    clusterRole('system:auth-delegator', [rule('create').groups(AUTHENTICATION).resources('tokenreviews'), rule('create').groups(AUTHORIZATION).resources('subjectaccessreviews')]),
    clusterRole('system:kube-aggregator', [rule(...READ).groups(LEGACY).resources('services', 'endpoints')]),
    clusterRole('system:kube-controller-manager', [
      eventsRule(),
      rule('create').groups(COORDINATION).resources('leases'),
      rule('get', 'update').groups(COORDINATION).resources('leases').names('kube-controller-manager'),
      rule('create').groups(LEGACY).resources('endpoints'),
      rule('get', 'update').groups(LEGACY).resources('endpoints').names('kube-controller-manager'),
      rule('create').groups(LEGACY).resources('secrets', 'serviceaccounts'),
      rule('delete').groups(LEGACY).resources('secrets'),
      rule('get').groups(LEGACY).resources('namespaces', 'secrets', 'serviceaccounts', 'configmaps'),
      rule('update').groups(LEGACY).resources('secrets', 'serviceaccounts'),
      rule('create').groups(AUTHENTICATION).resources('tokenreviews'),
      rule('create').groups(AUTHORIZATION).resources('subjectaccessreviews'),
      rule('list', 'watch').groups('*').resources('*'),
      rule('create').groups(LEGACY).resources('serviceaccounts/token'),
    ]),
    clusterRole('system:kube-dns', [rule('list', 'watch').groups(LEGACY).resources('endpoints', 'services')]),
    clusterRole('system:persistent-volume-provisioner', [
      rule('get', 'list', 'watch', 'create', 'delete').groups(LEGACY).resources('persistentvolumes'),
      rule('get', 'list', 'watch', 'update').groups(LEGACY).resources('persistentvolumeclaims'),
      rule(...READ).groups(STORAGE).resources('storageclasses'),
      rule('watch').groups(LEGACY).resources('events'),
      eventsRule(),
    ]),
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:nodeclient', [rule('create').groups(CERTIFICATES).resources('certificatesigningrequests/nodeclient')]),
    clusterRole('system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [rule('create').groups(CERTIFICATES).resources('certificatesigningrequests/selfnodeclient')]),
    clusterRole('system:volume-scheduler', [
      rule(...READ_UPDATE).groups(LEGACY).resources('persistentvolumes'),
      rule(...READ).groups(STORAGE).resources('storageclasses'),
      rule(...READ_UPDATE).groups(LEGACY).resources('persistentvolumeclaims'),
    ]),
    approver('system:certificates.k8s.io:legacy-unknown-approver', 'kubernetes.io/legacy-unknown'),
    approver('system:certificates.k8s.io:kubelet-serving-approver', 'kubernetes.io/kubelet-serving'),
    approver('system:certificates.k8s.io:kube-apiserver-client-approver', 'kubernetes.io/kube-apiserver-client'),
    approver('system:certificates.k8s.io:kube-apiserver-client-kubelet-approver', 'kubernetes.io/kube-apiserver-client-kubelet'),
    clusterRole('system:service-account-issuer-discovery', [rule('get').urls('/.well-known/openid-configuration', '/openid/v1/jwks')]),
    clusterRole('system:node-proxier', [
      rule('list', 'watch').groups(LEGACY).resources('services', 'endpoints'),
      rule('get', 'list', 'watch').groups(LEGACY).resources('nodes'),
      eventsRule(),
      rule('list', 'watch').groups(DISCOVERY).resources('endpointslices'),
    ]),
    clusterRole('system:kube-scheduler', kubeSchedulerRules()),
  ];
}

/** upstream's kube-scheduler rules (CSIStorageCapacity on in 1.25). */
function kubeSchedulerRules(): RuleBuilder[] {
  return [
    eventsRule(),
    rule('create').groups(COORDINATION).resources('leases'),
    rule('get', 'update').groups(COORDINATION).resources('leases').names('kube-scheduler'),
    rule('create').groups(LEGACY).resources('endpoints'),
    rule('get', 'update').groups(LEGACY).resources('endpoints').names('kube-scheduler'),
    rule(...READ).groups(LEGACY).resources('nodes'),
    rule('get', 'list', 'watch', 'delete').groups(LEGACY).resources('pods'),
    rule('create').groups(LEGACY).resources('pods/binding', 'bindings'),
    rule('patch', 'update').groups(LEGACY).resources('pods/status'),
    rule(...READ).groups(LEGACY).resources('services', 'replicationcontrollers'),
    rule(...READ).groups(APPS, EXTENSIONS).resources('replicasets'),
    rule(...READ).groups(APPS).resources('statefulsets'),
    rule(...READ).groups('policy').resources('poddisruptionbudgets'),
    rule(...READ).groups(LEGACY).resources('persistentvolumeclaims', 'persistentvolumes'),
    rule('create').groups(AUTHENTICATION).resources('tokenreviews'),
    rule('create').groups(AUTHORIZATION).resources('subjectaccessreviews'),
    rule(...READ).groups(STORAGE).resources('csinodes'),
    rule(...READ).groups(LEGACY).resources('namespaces'),
    rule(...READ).groups(STORAGE).resources('csidrivers'),
    rule(...READ).groups(STORAGE).resources('csistoragecapacities'),
  ];
}

/** upstream ClusterRoles(), in its order. */
export function clusterRoles(): ClusterRole[] {
  return [...userRoles(), ...componentRoles()];
}
