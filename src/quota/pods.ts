// The pods evaluator (upstream pkg/quota/v1/evaluator/core/pods.go, 1.25): `count/pods` for every pod; `pods`,
// cpu, memory, ephemeral storage, hugepages and extended resources (`requests.<name>`) for pods that have not
// reached their end (not Succeeded or Failed, not past their deletion grace period); the scopes Terminating,
// NotTerminating, BestEffort, NotBestEffort, PriorityClass and CrossNamespacePodAffinity; and the old rule that a
// quota of cpu or memory makes every container declare them.
import type { KubeObject } from '../apis/meta/v1/types.js';
import type { Container, Pod, PodAffinityTerm, WeightedPodAffinityTerm } from '../apis/core/v1/schemas.generated.js';
import { PodQOSClass, podQOSClass } from '../apis/core/v1/pod/qos.js';
import { isExtendedResourceName, isNativeResource } from '../apis/core/v1/resource-names.js';
import { intersection, objectCountResourceName, scopeValueMatches, type QuotaEvaluator, type ScopeRequirement } from './evaluator.js';
import { addLists, countOf, maxLists, parseResourceList, type ResourceList } from './resource-list.js';
import { formatScopeRequirement, selectorError, uncoveredByScopeName } from './scope-selectors.js';

const POD_COUNT = objectCountResourceName('', 'pods');

/** podResources. */
const POD_RESOURCES: ReadonlySet<string> = new Set([
  POD_COUNT, 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
]);
/** podResourcePrefixes: hugepages, by either name. */
const POD_RESOURCE_PREFIXES = ['hugepages-', 'requests.hugepages-'];
const REQUESTS_PREFIX = 'requests.';
/** validationSet: the resources a quota makes every container declare (a mistake upstream keeps for compatibility). */
const VALIDATION_SET: ReadonlySet<string> = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

/** isExtendedResourceNameForQuota: `requests.<name>` of a non-native resource. */
const isExtendedQuotaName = (name: string): boolean => !isNativeResource(name) && name.startsWith(REQUESTS_PREFIX);

/** podComputeUsageHelper: what requests and limits amount to under quota's names (and one of `pods`). */
export function podComputeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const result: ResourceList = new Map([['pods', countOf(1)]]);
  const request = (name: string, ...as: string[]): void => {
    const q = requests.get(name);
    if (q) for (const key of as) result.set(key, q);
  };
  const limit = (name: string, as: string): void => {
    const q = limits.get(name);
    if (q) result.set(as, q);
  };
  request('cpu', 'cpu', 'requests.cpu');
  limit('cpu', 'limits.cpu');
  request('memory', 'memory', 'requests.memory');
  limit('memory', 'limits.memory');
  request('ephemeral-storage', 'ephemeral-storage', 'requests.ephemeral-storage');
  limit('ephemeral-storage', 'limits.ephemeral-storage');
  for (const [name, q] of requests) {
    if (name.startsWith('hugepages-')) {
      result.set(name, q);
      result.set(`${REQUESTS_PREFIX}${name}`, q);
    }
    if (isExtendedResourceName(name)) result.set(`${REQUESTS_PREFIX}${name}`, q);
  }
  return result;
}

/**
 * QuotaV1Pod: whether a pod is charged. Not once Succeeded or Failed, nor once past its deletion time plus its
 * grace period (a pod stuck terminating on a lost node must not keep its namespace from scaling up).
 */
export function isChargedPod(pod: Readonly<Pod>, now: number): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return false;
  const { deletionTimestamp, deletionGracePeriodSeconds } = pod.metadata;
  if (deletionTimestamp && deletionGracePeriodSeconds !== undefined && deletionGracePeriodSeconds !== null) {
    if (now > Date.parse(deletionTimestamp) + deletionGracePeriodSeconds * 1000) return false;
  }
  return true;
}

/** PodUsageFunc: `count/pods` always; the rest while the pod is charged (containers summed, init containers as the largest, plus overhead). */
export function podUsage(pod: Readonly<Pod>, now: number): ResourceList {
  const result: ResourceList = new Map([[POD_COUNT, countOf(1)]]);
  if (!isChargedPod(pod, now)) return result;
  let requests: ResourceList = new Map();
  let limits: ResourceList = new Map();
  for (const c of pod.spec?.containers ?? []) {
    requests = addLists(requests, parseResourceList(c.resources?.requests));
    limits = addLists(limits, parseResourceList(c.resources?.limits));
  }
  for (const c of pod.spec?.initContainers ?? []) {
    requests = maxLists(requests, parseResourceList(c.resources?.requests));
    limits = maxLists(limits, parseResourceList(c.resources?.limits));
  }
  const overhead = parseResourceList(pod.spec?.overhead);
  requests = addLists(requests, overhead);
  limits = addLists(limits, overhead);
  return addLists(result, podComputeUsage(requests, limits));
}

/** The containers (then init containers) missing a resource `required` names: resource -> container names. */
function missingResources(pod: Readonly<Pod>, required: ReadonlySet<string>): Map<string, Set<string>> {
  const missing = new Map<string, Set<string>>();
  const check = (c: Container): void => {
    const declared = podComputeUsage(parseResourceList(c.resources?.requests), parseResourceList(c.resources?.limits));
    for (const name of required) {
      if (declared.has(name)) continue;
      let containers = missing.get(name);
      if (!containers) missing.set(name, (containers = new Set()));
      containers.add(c.name);
    }
  };
  (pod.spec?.containers ?? []).forEach(check);
  (pod.spec?.initContainers ?? []).forEach(check);
  return missing;
}

/** crossNamespacePodAffinityTerm. */
const crossNamespace = (term: Readonly<PodAffinityTerm> | undefined): boolean => Boolean(term && ((term.namespaces?.length ?? 0) > 0 || term.namespaceSelector));
const anyCrossNamespace = (required: readonly PodAffinityTerm[] | undefined, preferred: readonly WeightedPodAffinityTerm[] | undefined): boolean =>
  (required ?? []).some(crossNamespace) || (preferred ?? []).some((t) => crossNamespace(t.podAffinityTerm));

/** usesCrossNamespacePodAffinity: a pod affinity or anti-affinity term naming namespaces or a namespace selector. */
export function usesCrossNamespacePodAffinity(pod: Readonly<Pod>): boolean {
  const affinity = pod.spec?.affinity;
  if (!affinity) return false;
  const { podAffinity: a, podAntiAffinity: anti } = affinity;
  return anyCrossNamespace(a?.requiredDuringSchedulingIgnoredDuringExecution, a?.preferredDuringSchedulingIgnoredDuringExecution)
    || anyCrossNamespace(anti?.requiredDuringSchedulingIgnoredDuringExecution, anti?.preferredDuringSchedulingIgnoredDuringExecution);
}

/** isTerminating: an activeDeadlineSeconds of zero or more. */
const isTerminating = (pod: Readonly<Pod>): boolean => typeof pod.spec?.activeDeadlineSeconds === 'number' && pod.spec.activeDeadlineSeconds >= 0;
const isBestEffort = (pod: Readonly<Pod>): boolean => podQOSClass(pod as Pod) === PodQOSClass.BestEffort;

/** podMatchesScopeFunc. */
export function podMatchesScope(requirement: ScopeRequirement, pod: Readonly<Pod>): boolean {
  switch (requirement.scopeName) {
    case 'Terminating':
      return isTerminating(pod);
    case 'NotTerminating':
      return !isTerminating(pod);
    case 'BestEffort':
      return isBestEffort(pod);
    case 'NotBestEffort':
      return !isBestEffort(pod);
    case 'PriorityClass':
      return scopeValueMatches(requirement, pod.spec?.priorityClassName || undefined);
    case 'CrossNamespacePodAffinity':
      return usesCrossNamespacePodAffinity(pod);
    default:
      return false;
  }
}

/**
 * MatchingScopes: the requirements the pod is within. A PriorityClass requirement other than Exists is a label
 * selector upstream parses first, and one that does not parse fails the whole match.
 */
export function podMatchingScopes(pod: Readonly<Pod>, requirements: readonly ScopeRequirement[]): ScopeRequirement[] | { readonly error: string } {
  const matched: ScopeRequirement[] = [];
  for (const requirement of requirements) {
    const invalid = requirement.scopeName === 'PriorityClass' && requirement.operator !== 'Exists' ? selectorError(requirement) : undefined;
    if (invalid !== undefined) return { error: `error on matching scope ${formatScopeRequirement(requirement)}: failed to parse and convert selector: ${invalid}` };
    if (podMatchesScope(requirement, pod)) matched.push(requirement);
  }
  return matched;
}

/** The pods evaluator: creates only (a pod's resources do not change in 1.25). */
export const podEvaluator: QuotaEvaluator = {
  group: '',
  resource: 'pods',
  handles: (operation) => operation === 'CREATE',
  matchingResources(input) {
    const result = intersection(input, POD_RESOURCES);
    for (const name of input) {
      if (POD_RESOURCE_PREFIXES.some((prefix) => name.startsWith(prefix)) || isExtendedQuotaName(name)) result.push(name);
    }
    return result;
  },
  matchesScope: (requirement, object) => podMatchesScope(requirement, object as Pod),
  matchingScopes: (object, requirements) => podMatchingScopes(object as Pod, requirements),
  uncoveredScopes: uncoveredByScopeName,
  constraints(required, object) {
    const missing = missingResources(object as Pod, new Set(required.filter((name) => VALIDATION_SET.has(name))));
    if (missing.size === 0) return undefined;
    const parts = [...missing.keys()].sort().map((name) => `${name} for: ${[...(missing.get(name) as Set<string>)].sort().join(',')}`);
    return `must specify ${parts.join('; ')}`;
  },
  usage: (object: Readonly<KubeObject>, now) => podUsage(object as Pod, now),
};
