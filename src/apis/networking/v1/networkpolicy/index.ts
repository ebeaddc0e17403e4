// NetworkPolicy (networking.k8s.io/v1, namespaced): defaults, strategy, validation (validation.ts) and
// the table NAME POD-SELECTOR AGE, as kube-apiserver 1.25 serves them. The NetworkPolicyStatus feature
// gate is alpha and off in 1.25: no `status` subresource is served, and the strategy does what upstream's
// does with the gate off (status as the client wrote it, except that stored conditions are kept).
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../../registry/resource-definition.js';
import { labelSelectorFromObject, type LabelSelectorObject } from '../../../../registry/selectors/label-selector-object.js';
import { ageColumn, columnDefinition, nameColumn } from '../../../printers/columns.js';
import { NetworkPolicySchema, type NetworkPolicy } from '../schemas.generated.js';
import { validateNetworkPolicy, validateNetworkPolicyUpdate } from './validation.js';

export { NetworkPolicySchema, type NetworkPolicy };
export { validateNetworkPolicy, validateNetworkPolicyUpdate } from './validation.js';

/**
 * Upstream SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort: policy types `Ingress` (and
 * `Egress` when there are egress rules) when none are given, protocol TCP. Also the fields Go always
 * writes (non-pointer structs): `spec`, `spec.podSelector` and `status`.
 */
export function defaultNetworkPolicy(np: NetworkPolicy): void {
  const spec = (np.spec ??= { podSelector: {} });
  spec.podSelector ??= {};
  np.status ??= {};
  if (!spec.policyTypes?.length) spec.policyTypes = spec.egress?.length ? ['Ingress', 'Egress'] : ['Ingress'];
  const rules = [...(spec.ingress ?? []), ...(spec.egress ?? [])];
  for (const rule of rules) for (const port of rule.ports ?? []) port.protocol ??= 'TCP';
}

/** Upstream PrepareForUpdate with the gate off: stored conditions stay; otherwise status is as sent. */
export function prepareNetworkPolicyForUpdate(np: NetworkPolicy, old: NetworkPolicy): void {
  if ((old.status?.conditions ?? []).length > 0) np.status = structuredClone(old.status);
}

/** Upstream metav1.FormatLabelSelector: the selector's string, `<none>` when it selects everything, `<error>` when invalid. */
export function formatLabelSelector(selector: LabelSelectorObject | undefined): string {
  try {
    const text = labelSelectorFromObject(selector).toString();
    return text === '' ? '<none>' : text;
  } catch {
    return '<error>';
  }
}

const columns: TableColumn<NetworkPolicy>[] = [
  nameColumn(),
  {
    definition: columnDefinition(
      'Pod-Selector',
      'string',
      'Selects the pods to which this NetworkPolicy object applies. The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods. In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.',
    ),
    cell: (np) => formatLabelSelector(np.spec?.podSelector),
  },
  ageColumn(),
];

/** The NetworkPolicy resource: `networkpolicies`, short name `netpol`, every verb; generation follows the spec. */
export const networkPolicyDefinition: ResourceDefinition<NetworkPolicy> = {
  group: 'networking.k8s.io',
  version: 'v1',
  kind: 'NetworkPolicy',
  listKind: 'NetworkPolicyList',
  resource: 'networkpolicies',
  singular: 'networkpolicy',
  shortNames: ['netpol'],
  namespaced: true,
  schema: NetworkPolicySchema,
  definitionName: 'io.k8s.api.networking.v1.NetworkPolicy',
  verbs: ALL_VERBS,
  defaults: defaultNetworkPolicy,
  strategy: {
    validate: validateNetworkPolicy,
    prepareForUpdate: prepareNetworkPolicyForUpdate,
    validateUpdate: validateNetworkPolicyUpdate,
    tracksGeneration: true,
  },
  tableColumns: columns,
};
