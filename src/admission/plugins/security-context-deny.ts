// SecurityContextDeny (2-access-control: admission plugins; upstream plugin/pkg/admission/securitycontext/scdeny,
// off by default): a pod may not set the pod-level supplementalGroups, seLinuxOptions, runAsUser or fsGroup, nor
// an init or regular container's seLinuxOptions or runAsUser; the first found is refused, in upstream's order
// and words. Ephemeral containers and subresources are left alone, as upstream leaves them.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { newForbidden } from '../../authorization/forbidden.js';
import type { AdmissionPlugin } from '../types.js';

interface SecurityFields {
  securityContext?: Record<string, unknown>;
  initContainers?: Array<{ securityContext?: Record<string, unknown> }>;
  containers?: Array<{ securityContext?: Record<string, unknown> }>;
}

const POD_FIELDS: ReadonlyArray<[string, string]> = [
  ['supplementalGroups', 'SupplementalGroups'], ['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser'], ['fsGroup', 'FSGroup'],
];
const CONTAINER_FIELDS: ReadonlyArray<[string, string]> = [['seLinuxOptions', 'SELinuxOptions'], ['runAsUser', 'RunAsUser']];

/** The refused field's words, or undefined (a field is set when present, even empty: Go's non-nil). */
function refusedField(pod: Readonly<KubeObject>): string | undefined {
  const spec = (pod['spec'] ?? {}) as SecurityFields;
  const set = (context: Record<string, unknown> | undefined, field: string) => context?.[field] !== undefined && context[field] !== null;
  const podField = POD_FIELDS.find(([field]) => set(spec.securityContext, field));
  if (podField) return `pod.Spec.SecurityContext.${podField[1]}`;
  for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
    const containerField = CONTAINER_FIELDS.find(([field]) => set(container.securityContext, field));
    if (containerField) return `SecurityContext.${containerField[1]}`;
  }
  return undefined;
}

export function securityContextDeny(): AdmissionPlugin {
  return {
    name: 'SecurityContextDeny',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' && !a.subresource,
    validate(a) {
      if (!a.object) return;
      const field = refusedField(a.object);
      // upstream names the pod by its own name (apierrors.NewForbidden), not the request's.
      if (field) throw newForbidden({ group: '', resource: 'pods' }, a.object.metadata.name ?? '', `${field} is forbidden`);
    },
  };
}
