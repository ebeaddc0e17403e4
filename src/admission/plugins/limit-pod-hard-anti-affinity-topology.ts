// LimitPodHardAntiAffinityTopology (2-access-control: admission plugins; upstream plugin/pkg/admission/
// antiaffinity, off by default): a pod's required anti-affinity terms (requiredDuringSchedulingIgnoredDuringExecution)
// may only use the `kubernetes.io/hostname` topology key. Subresources are left alone.
import { newForbidden } from '../../authorization/forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const HOSTNAME = 'kubernetes.io/hostname';

interface AntiAffinityFields {
  affinity?: { podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: Array<{ topologyKey?: string }> } };
}

export function limitPodHardAntiAffinityTopology(): AdmissionPlugin {
  return {
    name: 'LimitPodHardAntiAffinityTopology',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' && !a.subresource,
    validate(a) {
      const spec = a.object?.['spec'] as AntiAffinityFields | undefined;
      const terms = spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
      const term = terms.find((t) => t.topologyKey !== HOSTNAME);
      if (!term) return;
      // upstream names the pod by its own name (apierrors.NewForbidden), not the request's.
      const why = `affinity.PodAntiAffinity.RequiredDuringScheduling has TopologyKey ${term.topologyKey ?? ''} but only key ${HOSTNAME} is allowed`;
      throw newForbidden({ group: '', resource: 'pods' }, a.object?.metadata.name ?? '', why);
    },
  };
}
