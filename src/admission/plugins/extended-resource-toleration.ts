// ExtendedResourceToleration (2-access-control: admission plugins; upstream plugin/pkg/admission/
// extendedresourcetoleration, off by default): a pod created or updated whose init or regular containers request
// extended resources gets, for each such resource in name order, the toleration `<name>` Exists NoSchedule, so
// that it may run on nodes tainted for that resource (upstream helper.AddOrUpdateTolerationInPod). Subresources
// are left alone.
import type { Toleration } from '../../apis/core/v1/schemas.generated.js';
import { isExtendedResourceName } from '../../apis/core/v1/resource-names.js';
import type { AdmissionPlugin } from '../types.js';

interface PodFields {
  containers?: Array<{ resources?: { requests?: Record<string, unknown> } }>;
  initContainers?: Array<{ resources?: { requests?: Record<string, unknown> } }>;
  tolerations?: Toleration[];
}

/** upstream Toleration.MatchToleration: the same key, operator, value and effect. */
const matches = (a: Toleration, b: Toleration): boolean =>
  (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') && (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '');

/**
 * upstream AddOrUpdateTolerationInPod: replaces every toleration that matches `toleration` with it, else appends
 * it. Its early return for an equal one never happens: Semantic.DeepEqual compares the *Toleration with a
 * Toleration, two types, so a matching one with tolerationSeconds is replaced even beside an equal one.
 */
export function addOrUpdateToleration(tolerations: readonly Toleration[], toleration: Toleration): Toleration[] {
  let updated = false;
  const next = tolerations.map((t) => {
    if (!matches(toleration, t)) return t;
    updated = true;
    return { ...toleration };
  });
  return updated ? next : [...next, { ...toleration }];
}

export function extendedResourceToleration(): AdmissionPlugin {
  return {
    name: 'ExtendedResourceToleration',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' && !a.subresource,
    admit(a) {
      const spec = a.object?.['spec'] as PodFields | undefined;
      if (!spec) return;
      const resources = new Set<string>();
      for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
        for (const name of Object.keys(container.resources?.requests ?? {})) if (isExtendedResourceName(name)) resources.add(name);
      }
      // Sorted, as upstream's sets.String List().
      for (const key of [...resources].sort()) {
        spec.tolerations = addOrUpdateToleration(spec.tolerations ?? [], { key, operator: 'Exists', effect: 'NoSchedule' });
      }
    },
  };
}
