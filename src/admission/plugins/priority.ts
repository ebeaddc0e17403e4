// Priority (2-access-control: admission plugins), its PriorityClass half: at most one class is the
// global default. Upstream enforces this in admission (plugin/pkg/admission/priority), not in
// validation, so a second default is refused with 403 Forbidden. Resolving pods' priorities is the
// half that belongs with pods.
import { forbidden, qualifiedResource } from '../../errors/status-error.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { AdmissionPlugin } from '../types.js';

interface PriorityClassFields {
  value?: number;
  globalDefault?: boolean;
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
    async validate(a) {
      if (a.def.group !== 'scheduling.k8s.io' || a.def.resource !== 'priorityclasses' || a.subresource) return;
      if (a.operation !== 'CREATE' && a.operation !== 'UPDATE') return;
      const pc = a.object as (KubeObject & PriorityClassFields) | undefined;
      if (!pc?.globalDefault) return;
      const current = await defaultClass(listPriorityClasses);
      if (!current) return;
      if (a.operation === 'CREATE' || current.metadata.name !== pc.metadata.name) {
        const resource = qualifiedResource({ group: a.def.group, resource: a.def.resource });
        const why = `PriorityClass ${current.metadata.name ?? ''} is already marked as default. Only one default can exist`;
        throw forbidden(`${resource} "${a.name}" is forbidden: ${why}`, { name: a.name, group: a.def.group, kind: a.def.resource });
      }
    },
  };
}
