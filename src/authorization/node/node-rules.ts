// What every node may do outside the graph (upstream bootstrappolicy.NodeRules, 1.25): the Node authorizer
// allows these itself, and the `system:node` ClusterRole of the bootstrap policy holds the same rules.
import type { PolicyRule } from '../../apis/rbac/v1/schemas.generated.js';

const READ = ['get', 'list', 'watch'];
const rule = (verbs: string[], apiGroups: string[], resources: string[]): PolicyRule => ({ verbs, apiGroups, resources });

export function nodeRules(): PolicyRule[] {
  return [
    // API access checks (non-mutating creates).
    rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
    rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews', 'localsubjectaccessreviews']),
    // Services, for the environment of containers.
    rule(READ, [''], ['services']),
    // The node's own Node object and status (NodeRestriction limits a node to its own).
    rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
    rule(['update', 'patch'], [''], ['nodes/status']),
    rule(['update', 'patch'], [''], ['nodes']),
    rule(['create', 'update', 'patch'], [''], ['events']),
    rule(READ, [''], ['pods']),
    // Mirror pods, pod status and evictions (NodeRestriction limits them to pods bound to the node).
    rule(['create', 'delete'], [''], ['pods']),
    rule(['update', 'patch'], [''], ['pods/status']),
    rule(['create'], [''], ['pods/eviction']),
    // Secrets, configmaps, claims and volumes (the graph limits them to what the node's pods use).
    rule(['get', 'list', 'watch'], [''], ['secrets', 'configmaps']),
    rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
    rule(['get'], [''], ['endpoints']),
    // The node's client certificate rotation.
    rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
    rule(['get', 'create', 'update', 'patch', 'delete'], ['coordination.k8s.io'], ['leases']),
    rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
    rule(['create'], [''], ['serviceaccounts/token']),
    rule(['get', 'update', 'patch'], [''], ['persistentvolumeclaims/status']),
    rule(['get', 'watch', 'list'], ['storage.k8s.io'], ['csidrivers']),
    rule(['get', 'create', 'update', 'patch', 'delete'], ['storage.k8s.io'], ['csinodes']),
    rule(READ, ['node.k8s.io'], ['runtimeclasses']),
  ];
}
