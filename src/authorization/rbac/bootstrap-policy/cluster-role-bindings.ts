// The cluster role bindings of upstream 1.25's ClusterRoleBindings() (policy.go).
import type { ClusterRoleBinding } from '../../../apis/rbac/v1/schemas.generated.js';
import { clusterRoleBinding, subjects } from './rule-builder.js';

/** upstream ClusterRoleBindings(), in its order. */
export function clusterRoleBindings(): ClusterRoleBinding[] {
  return [
    clusterRoleBinding('cluster-admin', subjects().groups('system:masters')),
    clusterRoleBinding('system:monitoring', subjects().groups('system:monitoring')),
    clusterRoleBinding('system:discovery', subjects().groups('system:authenticated')),
    clusterRoleBinding('system:basic-user', subjects().groups('system:authenticated')),
    clusterRoleBinding('system:public-info-viewer', subjects().groups('system:authenticated', 'system:unauthenticated')),
    clusterRoleBinding('system:node-proxier', subjects().users('system:kube-proxy')),
    clusterRoleBinding('system:kube-controller-manager', subjects().users('system:kube-controller-manager')),
    clusterRoleBinding('system:kube-dns', subjects().serviceAccounts('kube-system', 'kube-dns')),
    clusterRoleBinding('system:kube-scheduler', subjects().users('system:kube-scheduler')),
    clusterRoleBinding('system:volume-scheduler', subjects().users('system:kube-scheduler')),
    // Kept without subjects since the Node authorizer took over (1.7), so reconciliation cannot re-add the group.
    clusterRoleBinding('system:node', subjects()),
    // Every service account may read the OIDC discovery documents.
    clusterRoleBinding('system:service-account-issuer-discovery', subjects().groups('system:serviceaccounts')),
  ];
}
