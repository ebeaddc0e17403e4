// The order groups and versions are listed in discovery. Clients resolve short names and bare
// resource names by taking the first match, so the order is behaviour (`kubectl get events` means
// core v1). Upstream orders by APIService priority: apiregistration.k8s.io first, then groups by
// `groupPriorityMinimum` (descending, ties by name), versions by `versionPriority` (descending).
import { BUILT_IN_PRIORITIES as BUILT_IN } from '../../apis/apiregistration/v1/builtin-priorities.js';

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
