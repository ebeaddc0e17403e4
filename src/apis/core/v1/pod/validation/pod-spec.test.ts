import { validatePod } from './pod.js';
import { type Case, runCases } from './test-support.js';

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const QUALIFIED =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const NA = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const PA = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]';
const TSC = 'spec.topologySpreadConstraints[0]';

const cases: Case[] = [
  // Policies and names
  { name: 'restartPolicy unknown', change: (_p, spec) => { spec.restartPolicy = 'Sometimes'; }, want: [['NotSupported', 'spec.restartPolicy', 'supported values: "Always", "OnFailure", "Never"']] },
  { name: 'restartPolicy empty', change: (_p, spec) => { spec.restartPolicy = ''; }, want: [['Required', 'spec.restartPolicy', '']] },
  { name: 'dnsPolicy unknown', change: (_p, spec) => { spec.dnsPolicy = 'Host'; }, want: [['NotSupported', 'spec.dnsPolicy', 'supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"']] },
  { name: 'serviceAccountName subdomain', change: (_p, spec) => { spec.serviceAccountName = 'Web'; }, want: [['Invalid', 'spec.serviceAccountName', SUBDOMAIN]] },
  { name: 'nodeName subdomain', change: (_p, spec) => { spec.nodeName = 'node_1'; }, want: [['Invalid', 'spec.nodeName', SUBDOMAIN]] },
  { name: 'activeDeadlineSeconds positive', change: (_p, spec) => { spec.activeDeadlineSeconds = 0; }, want: [['Invalid', 'spec.activeDeadlineSeconds', 'must be between 1 and 2147483647, inclusive']] },
  { name: 'hostname DNS label', change: (_p, spec) => { spec.hostname = 'web.local'; }, want: [['Invalid', 'spec.hostname', DNS_LABEL]] },
  { name: 'subdomain DNS label', change: (_p, spec) => { spec.subdomain = 'Web'; }, want: [['Invalid', 'spec.subdomain', DNS_LABEL]] },
  { name: 'priorityClassName subdomain', change: (_p, spec) => { spec.priorityClassName = 'High!'; }, want: [['Invalid', 'spec.priorityClassName', SUBDOMAIN]] },
  { name: 'runtimeClassName subdomain', change: (_p, spec) => { spec.runtimeClassName = ''; }, want: [['Invalid', 'spec.runtimeClassName', SUBDOMAIN]] },
  { name: 'preemptionPolicy unknown', change: (_p, spec) => { spec.preemptionPolicy = 'Always'; }, want: [['NotSupported', 'spec.preemptionPolicy', 'supported values: "PreemptLowerPriority", "Never"']] },
  { name: 'readiness gate condition type', change: (_p, spec) => { spec.readinessGates = [{ conditionType: 'bad type' }]; }, want: [['Invalid', 'spec.readinessGates[0].conditionType', QUALIFIED]] },
  { name: 'overhead checked as limits', change: (_p, spec) => { spec.overhead = { cpu: '-1' }; }, want: [['Invalid', 'spec.overhead.limits[cpu]', 'must be greater than or equal to 0']] },
  { name: 'nodeSelector labels', change: (_p, spec) => { spec.nodeSelector = { 'bad key': 'x' }; }, want: [['Invalid', 'spec.nodeSelector', QUALIFIED]] },
  // Tolerations
  {
    name: 'toleration with empty key needs Exists',
    change: (_p, spec) => { spec.tolerations = [{ operator: 'Equal', value: 'x' }]; },
    want: [['Invalid', 'spec.tolerations[0].operator', 'operator must be Exists when `key` is empty, which means "match all values and all keys"']],
  },
  {
    name: 'tolerationSeconds needs NoExecute',
    change: (_p, spec) => { spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 }]; },
    want: [['Invalid', 'spec.tolerations[0].effect', "effect must be 'NoExecute' when `tolerationSeconds` is set"]],
  },
  {
    name: 'Exists with a value',
    change: (_p, spec) => { spec.tolerations = [{ key: 'k', operator: 'Exists', value: 'v' }]; },
    want: [['Invalid', 'spec.tolerations[0].operator', "value must be empty when `operator` is 'Exists'"]],
  },
  { name: 'operator unknown', change: (_p, spec) => { spec.tolerations = [{ key: 'k', operator: 'In' }]; }, want: [['NotSupported', 'spec.tolerations[0].operator', 'supported values: "Equal", "Exists"']] },
  {
    name: 'effect unknown',
    change: (_p, spec) => { spec.tolerations = [{ key: 'k', operator: 'Exists', effect: 'NoAdmit' }]; },
    want: [['NotSupported', 'spec.tolerations[0].effect', 'supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"']],
  },
  {
    name: 'toleration value is a label value',
    change: (_p, spec) => { spec.tolerations = [{ key: 'k', value: 'a b' }]; },
    want: [['Invalid', 'spec.tolerations[0].operator', "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"]],
  },
  // Affinity
  {
    name: 'node selector needs terms',
    change: (_p, spec) => { spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } }; },
    want: [['Required', `${NA}.nodeSelectorTerms`, 'must have at least one node selector term']],
  },
  {
    name: 'node selector requirement operators',
    change: (_p, spec) => {
      spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [
        { key: 'a', operator: 'In' }, { key: 'b', operator: 'Exists', values: ['x'] }, { key: 'c', operator: 'Gt', values: ['1', '2'] }, { key: 'd', operator: 'Like' },
      ] }] } } };
    },
    want: [
      ['Required', `${NA}.nodeSelectorTerms[0].matchExpressions[0].values`, "must be specified when `operator` is 'In' or 'NotIn'"],
      ['Forbidden', `${NA}.nodeSelectorTerms[0].matchExpressions[1].values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"],
      ['Required', `${NA}.nodeSelectorTerms[0].matchExpressions[2].values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"],
      ['Invalid', `${NA}.nodeSelectorTerms[0].matchExpressions[3].operator`, 'not a valid selector operator'],
    ],
  },
  {
    name: 'node field selector',
    change: (_p, spec) => {
      spec.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [
        { key: 'metadata.name', operator: 'In', values: ['a', 'b'] }, { key: 'spec.unschedulable', operator: 'In', values: ['x'] },
      ] }] } } };
    },
    want: [
      ['Required', `${NA}.nodeSelectorTerms[0].matchFields[0].values`, "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"],
      ['Invalid', `${NA}.nodeSelectorTerms[0].matchFields[1].key`, 'not a valid field selector key'],
    ],
  },
  {
    name: 'preferred weight range',
    change: (_p, spec) => { spec.affinity = { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: {} }] } }; },
    want: [['Invalid', 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight', 'must be in the range 1-100']],
  },
  {
    name: 'pod affinity term',
    change: (_p, spec) => {
      spec.affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', namespaces: ['Bad'], labelSelector: { matchExpressions: [{ key: 'app', operator: 'Exists', values: ['x'] }] } }] } };
    },
    want: [
      ['Forbidden', `${PA}.labelSelector.matchExpressions[0].values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"],
      ['Invalid', `${PA}.namespace`, DNS_LABEL],
    ],
  },
  {
    name: 'pod affinity topologyKey required',
    change: (_p, spec) => { spec.affinity = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 101, podAffinityTerm: { topologyKey: '' } }] } }; },
    want: [
      ['Invalid', 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight', 'must be in the range 1-100'],
      ['Required', 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey', 'can not be empty'],
      ['Invalid', 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey', 'name part must be non-empty'],
      ['Invalid', 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey', QUALIFIED],
    ],
  },
  // Topology spread
  {
    name: 'topology spread basics',
    change: (_p, spec) => { spec.topologySpreadConstraints = [{ maxSkew: 0, topologyKey: '', whenUnsatisfiable: 'Maybe' }]; },
    want: [
      ['Invalid', `${TSC}.maxSkew`, 'must be greater than zero'],
      ['Required', `${TSC}.topologyKey`, 'can not be empty'],
      ['NotSupported', `${TSC}.whenUnsatisfiable`, 'supported values: "DoNotSchedule", "ScheduleAnyway"'],
    ],
  },
  {
    name: 'topology spread duplicate pair',
    change: (_p, spec) => {
      spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }, { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }];
    },
    want: [['Duplicate', `${TSC}.{topologyKey, whenUnsatisfiable}`, '']],
  },
  {
    name: 'minDomains',
    change: (_p, spec) => { spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', minDomains: 0 }]; },
    want: [
      ['Invalid', `${TSC}.minDomains`, 'must be greater than zero'],
      ['Invalid', `${TSC}.minDomains`, 'can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway'],
    ],
  },
  {
    name: 'node inclusion policies',
    change: (_p, spec) => { spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', nodeAffinityPolicy: 'Always', nodeTaintsPolicy: 'Honor' }]; },
    want: [['NotSupported', `${TSC}.nodeAffinityPolicy`, 'supported values: "Honor", "Ignore"']],
  },
  {
    name: 'matchLabelKeys',
    change: (_p, spec) => {
      spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] }];
    },
    want: [['Invalid', `${TSC}.matchLabelKeys[0]`, 'exists in both matchLabelKeys and labelSelector']],
  },
  {
    name: 'matchLabelKeys without selector',
    change: (_p, spec) => { spec.topologySpreadConstraints = [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', matchLabelKeys: ['pod-template-hash'] }]; },
    want: [['Forbidden', `${TSC}.matchLabelKeys`, 'must not be specified when labelSelector is not set']],
  },
  // DNS and host aliases
  { name: 'dnsPolicy None needs config', change: (_p, spec) => { spec.dnsPolicy = 'None'; }, want: [['Required', 'spec.dnsConfig', 'must provide `dnsConfig` when `dnsPolicy` is None']] },
  {
    name: 'dnsPolicy None needs a nameserver',
    change: (_p, spec) => { spec.dnsPolicy = 'None'; spec.dnsConfig = { searches: ['a'] }; },
    want: [['Required', 'spec.dnsConfig.nameservers', 'must provide at least one DNS nameserver when `dnsPolicy` is None']],
  },
  {
    name: 'dnsConfig limits',
    change: (_p, spec) => {
      spec.dnsConfig = { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9', 'dns'], searches: ['a', 'b', 'c', 'd', 'e', 'f', 'Bad_'], options: [{ value: 'x' }] };
    },
    want: [
      ['Invalid', 'spec.dnsConfig.nameservers', 'must not have more than 3 nameservers'],
      ['Invalid', 'spec.dnsConfig.nameservers[3]', 'must be valid IP address'],
      ['Invalid', 'spec.dnsConfig.searches', 'must not have more than 6 search paths'],
      ['Invalid', 'spec.dnsConfig.searches[6]', SUBDOMAIN],
      ['Required', 'spec.dnsConfig.options[0]', 'must not be empty'],
    ],
  },
  {
    name: 'dns search list length',
    change: (_p, spec) => { spec.dnsConfig = { searches: [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}`, 'd'.repeat(63), 'x.'] }; },
    want: [['Invalid', 'spec.dnsConfig.searches', 'must not have more than 256 characters (including spaces) in the search list']],
  },
  {
    name: 'host aliases (paths without index in 1.25)',
    change: (_p, spec) => { spec.hostAliases = [{ ip: '10.0.0.1', hostnames: ['ok.local'] }, { ip: '999.1.1.1', hostnames: ['Bad_Host'] }]; },
    want: [['Invalid', 'spec.hostAliases.ip', 'must be valid IP address'], ['Invalid', 'spec.hostAliases.hostnames', SUBDOMAIN]],
  },
  { name: 'IPv6 host alias and leading zeros are valid', change: (_p, spec) => { spec.hostAliases = [{ ip: 'fd00::1' }, { ip: '010.000.000.001' }]; }, want: [] },
];

runCases('pod spec validation (upstream 1.25)', cases, (pod) => validatePod(pod));
