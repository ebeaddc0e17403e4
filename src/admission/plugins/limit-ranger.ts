// LimitRanger (2-access-control: admission plugins; upstream plugin/pkg/admission/limitranger, on by default in
// 1.25): the LimitRanges of the namespace give a new pod's containers their default requests and limits (and
// the pod the `kubernetes.io/limit-ranger` annotation saying what was set), then bound what pods and
// PersistentVolumeClaims ask for (limit-ranger-checks.ts); a violation is a 403. Pod updates, subresources and
// objects being deleted are left alone.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { Container, LimitRange, LimitRangeItem, PersistentVolumeClaim, Pod } from '../../apis/core/v1/schemas.generated.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import {
  addResources,
  checkBound,
  limitRequestRatioConstraint,
  maxConstraint,
  maxRequestConstraint,
  maxResources,
  minConstraint,
  resources,
  type Resources,
} from './limit-ranger-checks.js';

const ANNOTATION = 'kubernetes.io/limit-ranger';

/** Reads the LimitRanges of a namespace (the plugin's informer upstream). */
export type LimitRangeLister = (namespace: string) => Promise<readonly Readonly<KubeObject>[]>;

/** SupportsAttributes: creates of pods, creates and updates of claims, never a subresource. */
function handled(a: AdmissionAttributes): 'pods' | 'persistentvolumeclaims' | undefined {
  if (a.subresource || a.def.group !== '' || !a.object) return undefined;
  if (a.operation === 'CREATE' && a.def.resource === 'pods') return 'pods';
  if ((a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.resource === 'persistentvolumeclaims') return 'persistentvolumeclaims';
  return undefined;
}

export function limitRanger(listLimitRanges: LimitRangeLister): AdmissionPlugin {
  /** runLimitFunc: each LimitRange of the namespace in turn; an object being deleted is left alone. */
  const eachLimitRange = async (a: AdmissionAttributes, fn: (items: readonly LimitRangeItem[]) => void): Promise<void> => {
    if (a.oldObject?.metadata.deletionTimestamp) return;
    for (const lr of await listLimitRanges(a.namespace)) fn((lr as LimitRange).spec?.limits ?? []);
  };
  return {
    name: 'LimitRanger',
    handles: (a) => handled(a) !== undefined,
    async admit(a) {
      if (handled(a) !== 'pods') return;
      await eachLimitRange(a, (items) => mergeDefaults(a.object as Pod, items));
    },
    async validate(a) {
      const kind = handled(a);
      if (!kind) return;
      await eachLimitRange(a, (items) => {
        const errors = kind === 'pods' ? podErrors(a.object as Pod, items) : claimErrors(a.object as PersistentVolumeClaim, items);
        if (errors.length > 0) throw admissionForbidden(a, aggregateMessage(errors));
      });
    },
  };
}

/** PodMutateLimitFunc: the Container items' defaults where a container has none, and the annotation. */
function mergeDefaults(pod: Pod, items: readonly LimitRangeItem[]): void {
  const limits: Record<string, string> = {};
  const requests: Record<string, string> = {};
  for (const item of items) {
    if (item.type !== 'Container') continue;
    Object.assign(requests, item.defaultRequest);
    Object.assign(limits, item.default);
  }
  const notes: string[] = [];
  const merge = (containers: Container[] | undefined, prefix: string): void => {
    for (const container of containers ?? []) {
      const set = { limits: [] as string[], requests: [] as string[] };
      const own = (container.resources ??= {});
      for (const [list, defaults] of [['limits', limits], ['requests', requests]] as const) {
        for (const [name, value] of Object.entries(defaults)) {
          if (own[list]?.[name] !== undefined) continue;
          own[list] = { ...own[list], [name]: value };
          set[list].push(name);
        }
      }
      if (set.requests.length > 0) notes.push(`${set.requests.sort().join(', ')} request for ${prefix} ${container.name}`);
      if (set.limits.length > 0) notes.push(`${set.limits.sort().join(', ')} limit for ${prefix} ${container.name}`);
    }
  };
  merge(pod.spec?.containers, 'container');
  merge(pod.spec?.initContainers, 'init container');
  if (notes.length > 0) pod.metadata.annotations = { ...pod.metadata.annotations, [ANNOTATION]: `LimitRanger plugin set: ${notes.join('; ')}` };
}

/** The three checks of an item against requests and limits. */
function itemErrors(limitType: string, item: LimitRangeItem, requests: Resources, limits: Resources): string[] {
  return [
    ...checkBound(minConstraint, limitType, item.min, requests, limits),
    ...checkBound(maxConstraint, limitType, item.max, requests, limits),
    ...checkBound(limitRequestRatioConstraint, limitType, item.maxLimitRequestRatio, requests, limits),
  ];
}

/** PodValidateLimitFunc: Container items against each container, Pod items against the pod's totals. */
function podErrors(pod: Pod, items: readonly LimitRangeItem[]): string[] {
  const errors: string[] = [];
  const containers = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  for (const item of items) {
    if (item.type === 'Container') {
      for (const c of containers) errors.push(...itemErrors('Container', item, resources(c.resources?.requests), resources(c.resources?.limits)));
    }
    if (item.type === 'Pod') errors.push(...itemErrors('Pod', item, podTotal(pod, 'requests'), podTotal(pod, 'limits')));
  }
  return errors;
}

/** podRequests / podLimits: the containers' sum, at least the largest init container's. */
function podTotal(pod: Pod, list: 'requests' | 'limits'): Resources {
  const total: Resources = new Map();
  for (const c of pod.spec?.containers ?? []) addResources(total, resources(c.resources?.[list]));
  for (const c of pod.spec?.initContainers ?? []) maxResources(total, resources(c.resources?.[list]));
  return total;
}

/** PersistentVolumeClaimValidateLimitFunc: PersistentVolumeClaim items bound the requests (limits are not read). */
function claimErrors(pvc: PersistentVolumeClaim, items: readonly LimitRangeItem[]): string[] {
  const requests = resources(pvc.spec?.resources?.requests);
  const errors: string[] = [];
  for (const item of items) {
    if (item.type !== 'PersistentVolumeClaim') continue;
    errors.push(...checkBound(minConstraint, 'PersistentVolumeClaim', item.min, requests, new Map()));
    errors.push(...checkBound(maxRequestConstraint, 'PersistentVolumeClaim', item.max, requests, new Map()));
  }
  return errors;
}
