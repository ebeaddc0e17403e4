// The group and version priorities of the built-in APIs (kube-apiserver's apiVersionPriorities in
// cmd/kube-apiserver/app/aggregator.go, as of 1.25): discovery orders groups by `group` descending and
// versions within a group by `version` descending. A group-version not listed gets no Local APIService.

/** groupPriorityMinimum and versionPriority of one group-version. */
export interface APIPriority {
  group: number;
  version: number;
}

const TABLE: readonly (readonly [string, string, number, number])[] = [
  ['', 'v1', 18000, 1],
  ['apps', 'v1', 17800, 15],
  ['events.k8s.io', 'v1', 17750, 15],
  ['events.k8s.io', 'v1beta1', 17750, 5],
  ['authentication.k8s.io', 'v1', 17700, 15],
  ['authentication.k8s.io', 'v1beta1', 17700, 9],
  ['authorization.k8s.io', 'v1', 17600, 15],
  ['autoscaling', 'v1', 17500, 15],
  ['autoscaling', 'v2', 17500, 30],
  ['autoscaling', 'v2beta1', 17500, 9],
  ['autoscaling', 'v2beta2', 17500, 1],
  ['batch', 'v1', 17400, 15],
  ['batch', 'v1beta1', 17400, 9],
  ['batch', 'v2alpha1', 17400, 9],
  ['certificates.k8s.io', 'v1', 17300, 15],
  ['networking.k8s.io', 'v1', 17200, 15],
  ['networking.k8s.io', 'v1alpha1', 17200, 1],
  ['policy', 'v1', 17100, 15],
  ['policy', 'v1beta1', 17100, 9],
  ['rbac.authorization.k8s.io', 'v1', 17000, 15],
  ['storage.k8s.io', 'v1', 16800, 15],
  ['storage.k8s.io', 'v1beta1', 16800, 9],
  ['storage.k8s.io', 'v1alpha1', 16800, 1],
  ['apiextensions.k8s.io', 'v1', 16700, 15],
  ['admissionregistration.k8s.io', 'v1', 16700, 15],
  ['scheduling.k8s.io', 'v1', 16600, 15],
  ['coordination.k8s.io', 'v1', 16500, 15],
  ['node.k8s.io', 'v1', 16300, 15],
  ['node.k8s.io', 'v1alpha1', 16300, 1],
  ['node.k8s.io', 'v1beta1', 16300, 9],
  ['discovery.k8s.io', 'v1', 16200, 15],
  ['discovery.k8s.io', 'v1beta1', 16200, 12],
  ['flowcontrol.apiserver.k8s.io', 'v1beta2', 16100, 15],
  ['flowcontrol.apiserver.k8s.io', 'v1beta1', 16100, 12],
  ['flowcontrol.apiserver.k8s.io', 'v1alpha1', 16100, 9],
  ['internal.apiserver.k8s.io', 'v1alpha1', 16000, 9],
];

const BY_GROUP_VERSION = new Map(TABLE.map(([group, version, g, v]) => [`${group}/${version}`, { group: g, version: v }]));

/** The priorities of a built-in group-version, undefined when upstream's table has none. */
export function apiPriority(group: string, version: string): APIPriority | undefined {
  return BY_GROUP_VERSION.get(`${group}/${version}`);
}
