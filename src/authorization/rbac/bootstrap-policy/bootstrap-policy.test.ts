import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUTO_UPDATE_ANNOTATION, bootstrapPolicy } from './index.js';

// Facts: the names kube-apiserver 1.25 bootstraps (`kubectl get clusterroles,clusterrolebindings` and
// `kubectl get roles,rolebindings -A` on a fresh 1.25 cluster with kube-controller-manager's default controllers).
const CONTROLLERS_1_25 = [
  'attachdetach-controller', 'certificate-controller', 'clusterrole-aggregation-controller', 'cronjob-controller',
  'daemon-set-controller', 'deployment-controller', 'disruption-controller', 'endpoint-controller',
  'endpointslice-controller', 'endpointslicemirroring-controller', 'ephemeral-volume-controller', 'expand-controller',
  'generic-garbage-collector', 'horizontal-pod-autoscaler', 'job-controller', 'namespace-controller', 'node-controller',
  'persistent-volume-binder', 'pod-garbage-collector', 'pv-protection-controller', 'pvc-protection-controller',
  'replicaset-controller', 'replication-controller', 'resourcequota-controller', 'root-ca-cert-publisher',
  'route-controller', 'service-account-controller', 'service-controller', 'statefulset-controller',
  'ttl-after-finished-controller', 'ttl-controller',
].map((n) => `system:controller:${n}`);

const CLUSTER_ROLES_1_25 = [
  'admin', 'cluster-admin', 'edit', 'view',
  'system:aggregate-to-admin', 'system:aggregate-to-edit', 'system:aggregate-to-view', 'system:auth-delegator', 'system:basic-user',
  'system:certificates.k8s.io:certificatesigningrequests:nodeclient', 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient',
  'system:certificates.k8s.io:kube-apiserver-client-approver', 'system:certificates.k8s.io:kube-apiserver-client-kubelet-approver',
  'system:certificates.k8s.io:kubelet-serving-approver', 'system:certificates.k8s.io:legacy-unknown-approver',
  'system:discovery', 'system:heapster', 'system:kube-aggregator', 'system:kube-controller-manager', 'system:kube-dns',
  'system:kube-scheduler', 'system:kubelet-api-admin', 'system:monitoring', 'system:node', 'system:node-bootstrapper',
  'system:node-problem-detector', 'system:node-proxier', 'system:persistent-volume-provisioner', 'system:public-info-viewer',
  'system:service-account-issuer-discovery', 'system:volume-scheduler', ...CONTROLLERS_1_25,
];

const CLUSTER_ROLE_BINDINGS_1_25 = [
  'cluster-admin', 'system:basic-user', 'system:discovery', 'system:kube-controller-manager', 'system:kube-dns',
  'system:kube-scheduler', 'system:monitoring', 'system:node', 'system:node-proxier', 'system:public-info-viewer',
  'system:service-account-issuer-discovery', 'system:volume-scheduler', ...CONTROLLERS_1_25,
];

const ROLES_1_25 = [
  'kube-public/system:controller:bootstrap-signer', 'kube-system/extension-apiserver-authentication-reader',
  'kube-system/system::leader-locking-kube-controller-manager', 'kube-system/system::leader-locking-kube-scheduler',
  'kube-system/system:controller:bootstrap-signer', 'kube-system/system:controller:cloud-provider', 'kube-system/system:controller:token-cleaner',
];

const ROLE_BINDINGS_1_25 = [
  'kube-public/system:controller:bootstrap-signer', 'kube-system/system::extension-apiserver-authentication-reader',
  'kube-system/system::leader-locking-kube-controller-manager', 'kube-system/system::leader-locking-kube-scheduler',
  'kube-system/system:controller:bootstrap-signer', 'kube-system/system:controller:cloud-provider', 'kube-system/system:controller:token-cleaner',
];

const sorted = (names: string[]): string[] => [...names].sort();
const key = (o: { metadata: { namespace?: string; name?: string } }): string => `${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;

describe('bootstrap policy 1.25', () => {
  const policy = bootstrapPolicy();
  const cases: [string, { metadata: { namespace?: string; name?: string } }[], string[]][] = [
    ['cluster roles', policy.clusterRoles, CLUSTER_ROLES_1_25],
    ['cluster role bindings', policy.clusterRoleBindings, CLUSTER_ROLE_BINDINGS_1_25],
    ['roles', policy.roles, ROLES_1_25],
    ['role bindings', policy.roleBindings, ROLE_BINDINGS_1_25],
  ];
  for (const [what, objects, names] of cases) {
    it(`has 1.25's ${what}, each once`, () => {
      assert.deepEqual(sorted(objects.map(key)), sorted(names));
      assert.equal(new Set(objects.map(key)).size, objects.length);
    });
  }

  it('labels and annotates every object as upstream', () => {
    for (const o of [...policy.clusterRoles, ...policy.clusterRoleBindings, ...policy.roles, ...policy.roleBindings]) {
      assert.equal(o.metadata.labels?.['kubernetes.io/bootstrapping'], 'rbac-defaults', key(o));
      assert.equal(o.metadata.annotations?.[AUTO_UPDATE_ANNOTATION], 'true', key(o));
    }
  });

  it('aggregates admin, edit and view by label, and labels the aggregated roles', () => {
    const byName = new Map(policy.clusterRoles.map((r) => [r.metadata.name, r]));
    const table: [string, string, string | undefined][] = [
      ['admin', 'rbac.authorization.k8s.io/aggregate-to-admin', undefined],
      ['edit', 'rbac.authorization.k8s.io/aggregate-to-edit', 'rbac.authorization.k8s.io/aggregate-to-admin'],
      ['view', 'rbac.authorization.k8s.io/aggregate-to-view', 'rbac.authorization.k8s.io/aggregate-to-edit'],
    ];
    for (const [name, selects, label] of table) {
      const role = byName.get(name)!;
      assert.deepEqual(role.aggregationRule, { clusterRoleSelectors: [{ matchLabels: { [selects]: 'true' } }] });
      assert.equal(role.rules, undefined);
      if (label) assert.equal(role.metadata.labels?.[label], 'true');
      assert.equal(byName.get(`system:${selects.split('/')[1]}`)?.metadata.labels?.[selects], 'true');
    }
  });

  it('sorts each rule as upstream RuleOrDie does', () => {
    const discovery = policy.clusterRoles.find((r) => r.metadata.name === 'system:kube-scheduler')!;
    assert.deepEqual(discovery.rules?.[0], { apiGroups: ['', 'events.k8s.io'], resources: ['events'], verbs: ['create', 'patch', 'update'] });
    const node = policy.clusterRoleBindings.find((b) => b.metadata.name === 'system:node')!;
    assert.equal(node.subjects, undefined);
  });
});
