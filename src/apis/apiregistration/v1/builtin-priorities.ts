// The priorities of the built-in group-versions (kube-apiserver's apiVersionPriorities in
// cmd/kube-apiserver/app/aggregator.go, 1.25): their Local APIServices carry them, and discovery orders
// groups and versions by them.

/**
 * Upstream 1.25's built-in priorities: group -> [group priority, version -> version priority].
 * apiregistration.k8s.io is the aggregator's own place in discovery; it has no APIService.
 */
export const BUILT_IN_PRIORITIES: Readonly<Record<string, readonly [number, Readonly<Record<string, number>>]>> = {
  '': [18000, { v1: 1 }],
  'apiregistration.k8s.io': [18000, { v1: 15 }],
  apps: [17800, { v1: 15 }],
  'events.k8s.io': [17750, { v1: 15, v1beta1: 5 }],
  'authentication.k8s.io': [17700, { v1: 15, v1beta1: 9, v1alpha1: 1 }],
  'authorization.k8s.io': [17600, { v1: 15 }],
  autoscaling: [17500, { v1: 15, v2: 30, v2beta1: 9, v2beta2: 1 }],
  batch: [17400, { v1: 15, v1beta1: 9 }],
  'certificates.k8s.io': [17300, { v1: 15 }],
  'networking.k8s.io': [17200, { v1: 15, v1alpha1: 1 }],
  policy: [17100, { v1: 15, v1beta1: 9 }],
  'rbac.authorization.k8s.io': [17000, { v1: 15 }],
  'storage.k8s.io': [16800, { v1: 15, v1beta1: 9, v1alpha1: 1 }],
  'apiextensions.k8s.io': [16700, { v1: 15 }],
  'admissionregistration.k8s.io': [16700, { v1: 15, v1alpha1: 9 }],
  'scheduling.k8s.io': [16600, { v1: 15 }],
  'coordination.k8s.io': [16500, { v1: 15 }],
  'node.k8s.io': [16300, { v1: 15, v1alpha1: 1, v1beta1: 9 }],
  'discovery.k8s.io': [16200, { v1: 15, v1beta1: 12 }],
  'flowcontrol.apiserver.k8s.io': [16100, { v1beta2: 15, v1beta1: 12, v1alpha1: 9 }],
  'internal.apiserver.k8s.io': [16000, { v1alpha1: 9 }],
};

/**
 * The built-in priorities of a group-version (kube-apiserver's apiVersionPriorities), which its Local
 * APIService carries; undefined when upstream lists none.
 */
export function builtInPriority(group: string, version: string): { group: number; version: number } | undefined {
  const entry = BUILT_IN_PRIORITIES[group];
  const versionPriority = entry?.[1][version];
  return entry && versionPriority !== undefined ? { group: entry[0], version: versionPriority } : undefined;
}
