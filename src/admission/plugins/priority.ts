// Priority (2-access-control: admission plugins; upstream plugin/pkg/admission/priority). Pods: on create
// the priority and preemption policy are resolved from `priorityClassName` (or the global default class,
// or 0 and PreemptLowerPriority when there is none) and a pod may not set other values itself; updates
// keep them. PriorityClasses: at most one is the global default, enforced here rather than in
// validation, so a second default is refused with 403 Forbidden.
import { admissionForbidden } from '../forbidden.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

interface PriorityClassFields {
  value?: number;
  globalDefault?: boolean;
  preemptionPolicy?: string;
}

interface PodPriorityFields {
  priorityClassName?: string;
  priority?: number;
  preemptionPolicy?: string;
}

/** upstream scheduling.DefaultPriorityWhenNoDefaultClassExists, with the default preemption policy. */
const NO_DEFAULT_CLASS = { name: '', value: 0, preemptionPolicy: 'PreemptLowerPriority' };

// upstream admission.NewForbidden: the request's name, else the object's name or generateName.
const forbiddenPod = (a: AdmissionAttributes, why: string) => admissionForbidden(a, why);

/** upstream admitPod: resolves the pod's priority on create, keeps it on update. */
async function admitPod(a: AdmissionAttributes, list: () => Promise<readonly Readonly<KubeObject>[]>): Promise<void> {
  const spec = a.object?.['spec'] as PodPriorityFields | undefined;
  if (!spec) return;
  if (a.operation === 'UPDATE') {
    const old = a.oldObject?.['spec'] as PodPriorityFields | undefined;
    // The plugin set them on create; an update cannot change them.
    if (old?.priority === undefined) delete spec.priority;
    else spec.priority = old.priority;
    if (old?.preemptionPolicy === undefined) delete spec.preemptionPolicy;
    else spec.preemptionPolicy = old.preemptionPolicy;
    return;
  }
  let resolved: { name: string; value: number; preemptionPolicy: string | undefined };
  if (!spec.priorityClassName) {
    const def = await defaultClass(list);
    resolved = def ? { name: def.metadata.name ?? '', value: def.value ?? 0, preemptionPolicy: def.preemptionPolicy } : NO_DEFAULT_CLASS;
    spec.priorityClassName = resolved.name;
    if (!spec.priorityClassName) delete spec.priorityClassName;
  } else {
    const pc = (await list()).find((c) => c.metadata.name === spec.priorityClassName) as (KubeObject & PriorityClassFields) | undefined;
    if (!pc) throw forbiddenPod(a, `no PriorityClass with name ${spec.priorityClassName} was found`);
    resolved = { name: spec.priorityClassName, value: pc.value ?? 0, preemptionPolicy: pc.preemptionPolicy };
  }
  if (spec.priority !== undefined && spec.priority !== resolved.value) {
    throw forbiddenPod(a, `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${resolved.value} from the given PriorityClass name`);
  }
  spec.priority = resolved.value;
  if (resolved.preemptionPolicy !== undefined) {
    if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== resolved.preemptionPolicy) {
      throw forbiddenPod(a, `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${resolved.preemptionPolicy} from the given PriorityClass name`);
    }
    spec.preemptionPolicy = resolved.preemptionPolicy;
  }
}

/** The current global default class (the lowest value if a race left several), as upstream picks it. */
async function defaultClass(list: () => Promise<readonly Readonly<KubeObject>[]>): Promise<(KubeObject & PriorityClassFields) | undefined> {
  let found: (KubeObject & PriorityClassFields) | undefined;
  for (const item of await list()) {
    const pc = item as KubeObject & PriorityClassFields;
    if (pc.globalDefault && (!found || (found.value ?? 0) > (pc.value ?? 0))) found = pc;
  }
  return found;
}

/** `listPriorityClasses` reads every PriorityClass (the plugin's informer upstream). */
export function priorityAdmission(listPriorityClasses: () => Promise<readonly Readonly<KubeObject>[]>): AdmissionPlugin {
  return {
    name: 'Priority',
    handles: (a) => !a.subresource && ((a.def.group === '' && a.def.resource === 'pods') || (a.def.group === 'scheduling.k8s.io' && a.def.resource === 'priorityclasses')),
    async admit(a) {
      if (a.subresource || a.def.group !== '' || a.def.resource !== 'pods') return;
      if (a.operation === 'CREATE' || a.operation === 'UPDATE') await admitPod(a, listPriorityClasses);
    },
    async validate(a) {
      if (a.def.group !== 'scheduling.k8s.io' || a.def.resource !== 'priorityclasses' || a.subresource) return;
      if (a.operation !== 'CREATE' && a.operation !== 'UPDATE') return;
      const pc = a.object as (KubeObject & PriorityClassFields) | undefined;
      if (!pc?.globalDefault) return;
      const current = await defaultClass(listPriorityClasses);
      if (!current) return;
      if (a.operation === 'CREATE' || current.metadata.name !== pc.metadata.name) {
        throw admissionForbidden(a, `PriorityClass ${current.metadata.name ?? ''} is already marked as default. Only one default can exist`);
      }
    },
  };
}
