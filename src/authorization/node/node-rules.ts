// What every node may do outside the graph (upstream bootstrappolicy.NodeRules, 1.25): the Node authorizer
// allows these itself, and the `system:node` ClusterRole of the bootstrap policy holds the same rules.
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';
import {
  AUTHENTICATION, AUTHORIZATION, CERTIFICATES, COORDINATION, LEGACY, READ, rule, STORAGE, type RuleBuilder,
} from '../rbac/bootstrap-policy/rule-builder.js';

/** upstream NodeRules() (ExpandPersistentVolumes on; CSIVolumeHealth off in 1.25), as the `system:node` ClusterRole holds them. */
export function nodeRuleBuilders(): RuleBuilder[] {
  return [
    rule('create').groups(AUTHENTICATION).resources('tokenreviews'),
    rule('create').groups(AUTHORIZATION).resources('subjectaccessreviews', 'localsubjectaccessreviews'),
    rule(...READ).groups(LEGACY).resources('services'),
    rule('create', 'get', 'list', 'watch').groups(LEGACY).resources('nodes'),
    rule('update', 'patch').groups(LEGACY).resources('nodes/status'),
    rule('update', 'patch').groups(LEGACY).resources('nodes'),
    rule('create', 'update', 'patch').groups(LEGACY).resources('events'),
    rule(...READ).groups(LEGACY).resources('pods'),
    rule('create', 'delete').groups(LEGACY).resources('pods'),
    rule('update', 'patch').groups(LEGACY).resources('pods/status'),
    rule('create').groups(LEGACY).resources('pods/eviction'),
    rule('get', 'list', 'watch').groups(LEGACY).resources('secrets', 'configmaps'),
    rule('get').groups(LEGACY).resources('persistentvolumeclaims', 'persistentvolumes'),
    rule('get').groups(LEGACY).resources('endpoints'),
    rule('create', 'get', 'list', 'watch').groups(CERTIFICATES).resources('certificatesigningrequests'),
    rule('get', 'create', 'update', 'patch', 'delete').groups(COORDINATION).resources('leases'),
    rule('get').groups(STORAGE).resources('volumeattachments'),
    rule('create').groups(LEGACY).resources('serviceaccounts/token'),
    rule('get', 'update', 'patch').groups(LEGACY).resources('persistentvolumeclaims/status'),
    rule('get', 'watch', 'list').groups(STORAGE).resources('csidrivers'),
    rule('get', 'create', 'update', 'patch', 'delete').groups(STORAGE).resources('csinodes'),
    rule('get', 'list', 'watch').groups('node.k8s.io').resources('runtimeclasses'),
  ];
}

/** The same rules, built. */
export function nodeRules(): PolicyRule[] {
  return nodeRuleBuilders().map((r) => r.build());
}
