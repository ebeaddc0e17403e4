// The API Priority and Fairness configuration every 1.25 server keeps (k8s.io/apiserver
// pkg/apis/flowcontrol/bootstrap/default.go, release-1.25): the mandatory objects (`exempt` and
// `catch-all` of both kinds, always restored) and the suggested ones (created when missing, updated
// while their `apf.kubernetes.io/autoupdate-spec` annotation is true). Specs are already in defaulted form.
import type {
  FlowSchema,
  FlowSchemaSpec,
  PolicyRulesWithSubjects,
  PriorityLevelConfiguration,
  PriorityLevelConfigurationSpec,
  ResourcePolicyRule,
  Subject,
} from './schemas.generated.js';

export const FLOWCONTROL_V1BETA2 = 'flowcontrol.apiserver.k8s.io/v1beta2';
/** Whether the server keeps an object's spec in line with its bootstrap version. */
export const AUTO_UPDATE_ANNOTATION = 'apf.kubernetes.io/autoupdate-spec';

const ALL = '*';
const groups = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'Group', group: { name } }));
const users = (...names: string[]): Subject[] => names.map((name) => ({ kind: 'User', user: { name } }));
const kubeSystemServiceAccounts = (...names: string[]): Subject[] =>
  names.map((name) => ({ kind: 'ServiceAccount', serviceAccount: { name, namespace: 'kube-system' } }));

function resourceRule(verbs: string[], apiGroups: string[], resources: string[], namespaces: string[], clusterScope: boolean): ResourcePolicyRule {
  return { verbs, apiGroups, resources, namespaces, clusterScope };
}

/** Every request of the subjects: all resources (cluster-scoped too) and all non-resource URLs. */
const everything = (subjects: Subject[]): PolicyRulesWithSubjects => ({
  subjects,
  resourceRules: [resourceRule([ALL], [ALL], [ALL], [ALL], true)],
  nonResourceRules: [{ verbs: [ALL], nonResourceURLs: [ALL] }],
});

/** get/create/update of `resources` in `group`, in `namespaces`. */
const leaderElectionRule = (group: string, resources: string[], namespaces: string[]): ResourcePolicyRule =>
  resourceRule(['get', 'create', 'update'], [group], resources, namespaces, false);

function flowSchema(name: string, priorityLevel: string, matchingPrecedence: number, distinguisher: string, rules: PolicyRulesWithSubjects): FlowSchema {
  const spec: FlowSchemaSpec = { priorityLevelConfiguration: { name: priorityLevel }, matchingPrecedence, rules: [rules] };
  if (distinguisher) spec.distinguisherMethod = { type: distinguisher };
  return { apiVersion: FLOWCONTROL_V1BETA2, kind: 'FlowSchema', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}

function priorityLevel(name: string, spec: PriorityLevelConfigurationSpec): PriorityLevelConfiguration {
  return { apiVersion: FLOWCONTROL_V1BETA2, kind: 'PriorityLevelConfiguration', metadata: { name, annotations: { [AUTO_UPDATE_ANNOTATION]: 'true' } }, spec };
}

/** A Limited level that queues: shares, queues, hand size, queue length limit. */
const queued = (name: string, shares: number, queues: number, handSize: number, queueLengthLimit: number): PriorityLevelConfiguration =>
  priorityLevel(name, { type: 'Limited', limited: { assuredConcurrencyShares: shares, limitResponse: { type: 'Queue', queuing: { queues, handSize, queueLengthLimit } } } });

/** The mandatory priority levels (always restored; their specs may not be changed). */
export const mandatoryPriorityLevelConfigurations = (): PriorityLevelConfiguration[] => [
  priorityLevel('catch-all', { type: 'Limited', limited: { assuredConcurrencyShares: 5, limitResponse: { type: 'Reject' } } }),
  priorityLevel('exempt', { type: 'Exempt' }),
];

/** The mandatory flow schemas. */
export const mandatoryFlowSchemas = (): FlowSchema[] => [
  flowSchema('exempt', 'exempt', 1, '', everything(groups('system:masters'))),
  flowSchema('catch-all', 'catch-all', 10000, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

/** The suggested priority levels. */
export const suggestedPriorityLevelConfigurations = (): PriorityLevelConfiguration[] => [
  queued('system', 30, 64, 6, 50),
  queued('node-high', 40, 64, 6, 50),
  queued('leader-election', 10, 16, 4, 50),
  queued('workload-high', 40, 128, 6, 50),
  queued('workload-low', 100, 128, 6, 50),
  queued('global-default', 20, 128, 6, 50),
];

/** The suggested flow schemas, in upstream's list order. */
export const suggestedFlowSchemas = (): FlowSchema[] => [
  flowSchema('system-nodes', 'system', 500, 'ByUser', everything(groups('system:nodes'))),
  flowSchema('system-node-high', 'node-high', 400, 'ByUser', {
    subjects: groups('system:nodes'),
    resourceRules: [resourceRule([ALL], [''], ['nodes', 'nodes/status'], [ALL], true), resourceRule([ALL], ['coordination.k8s.io'], ['leases'], [ALL], false)],
  }),
  flowSchema('probes', 'exempt', 2, '', {
    subjects: groups('system:unauthenticated', 'system:authenticated'),
    nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/readyz', '/livez'] }],
  }),
  flowSchema('system-leader-election', 'leader-election', 100, 'ByUser', {
    subjects: [...users('system:kube-controller-manager', 'system:kube-scheduler'), ...kubeSystemServiceAccounts(ALL)],
    resourceRules: [leaderElectionRule('coordination.k8s.io', ['leases'], [ALL])],
  }),
  flowSchema('workload-leader-election', 'leader-election', 200, 'ByUser', {
    subjects: kubeSystemServiceAccounts(ALL),
    resourceRules: [leaderElectionRule('', ['endpoints', 'configmaps'], [ALL]), leaderElectionRule('coordination.k8s.io', ['leases'], [ALL])],
  }),
  flowSchema('endpoint-controller', 'workload-high', 150, 'ByUser', {
    subjects: [...users('system:kube-controller-manager'), ...kubeSystemServiceAccounts('endpoint-controller', 'endpointslicemirroring-controller')],
    resourceRules: [leaderElectionRule('', ['endpoints'], [ALL])],
  }),
  flowSchema('kube-controller-manager', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-controller-manager'))),
  flowSchema('kube-scheduler', 'workload-high', 800, 'ByNamespace', everything(users('system:kube-scheduler'))),
  flowSchema('kube-system-service-accounts', 'workload-high', 900, 'ByNamespace', everything(kubeSystemServiceAccounts(ALL))),
  flowSchema('service-accounts', 'workload-low', 9000, 'ByUser', everything(groups('system:serviceaccounts'))),
  flowSchema('global-default', 'global-default', 9900, 'ByUser', everything(groups('system:unauthenticated', 'system:authenticated'))),
];

/** The mandatory object of this name, if any. */
export const mandatoryFlowSchema = (name: string | undefined): FlowSchema | undefined => mandatoryFlowSchemas().find((fs) => fs.metadata.name === name);
export const mandatoryPriorityLevel = (name: string | undefined): PriorityLevelConfiguration | undefined =>
  mandatoryPriorityLevelConfigurations().find((pl) => pl.metadata.name === name);
