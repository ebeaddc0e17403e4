// The order groups and versions are listed in discovery. Clients resolve short names and bare
// resource names by taking the first match, so the order is behaviour (`kubectl get events` means
// core v1). Upstream orders by APIService priority: apiregistration.k8s.io first, then groups by
// `groupPriorityMinimum` (descending, ties by name), versions by `versionPriority` (descending).

/** Upstream 1.25's built-in APIService priorities: group -> [group priority, version -> version priority]. */
const BUILT_IN: Readonly<Record<string, readonly [number, Readonly<Record<string, number>>]>> = {
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
  const entry = BUILT_IN[group];
  const versionPriority = entry?.[1][version];
  return entry && versionPriority !== undefined ? { group: entry[0], version: versionPriority } : undefined;
}

/** Custom resource groups: upstream registers their APIServices at group 1000, version 100. */
const DEFAULT_GROUP_PRIORITY = 1000;

/** Priority overrides, e.g. from APIService objects: `group` -> group priority and per-version priority. */
export type GroupPriorities = Readonly<Record<string, readonly [number, Readonly<Record<string, number>>]>>;

function groupPriority(group: string, overrides: GroupPriorities): number {
  return (overrides[group] ?? BUILT_IN[group])?.[0] ?? DEFAULT_GROUP_PRIORITY;
}

/** Groups in discovery order: apiregistration.k8s.io first, then by priority, then by name. */
export function sortGroups(groups: Iterable<string>, overrides: GroupPriorities = {}): string[] {
  return [...new Set(groups)].sort((a, b) => {
    if (a === 'apiregistration.k8s.io' || b === 'apiregistration.k8s.io') return a === b ? 0 : a === 'apiregistration.k8s.io' ? -1 : 1;
    return groupPriority(b, overrides) - groupPriority(a, overrides) || (a < b ? -1 : a > b ? 1 : 0);
  });
}

/** Versions of `group`, preferred first: by version priority, then Kubernetes version order. */
export function sortVersions(group: string, versions: Iterable<string>, overrides: GroupPriorities = {}): string[] {
  const priorities = (overrides[group] ?? BUILT_IN[group])?.[1] ?? {};
  return [...new Set(versions)].sort((a, b) => (priorities[b] ?? 0) - (priorities[a] ?? 0) || compareKubeVersions(a, b));
}

const VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/**
 * Upstream's version ordering (most preferred first): GA before beta before alpha, higher major
 * first, then higher minor; versions not shaped like `v1beta2` sort last, alphabetically.
 */
export function compareKubeVersions(a: string, b: string): number {
  const ma = VERSION.exec(a);
  const mb = VERSION.exec(b);
  if (!ma || !mb) return ma ? -1 : mb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  const stability = (m: RegExpExecArray): number => (m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0);
  return stability(mb) - stability(ma) || Number(mb[1]) - Number(ma[1]) || Number(mb[3] ?? 0) - Number(ma[3] ?? 0);
}
