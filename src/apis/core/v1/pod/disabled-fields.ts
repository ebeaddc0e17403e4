// Pod spec fields of features whose gates are off in 1.25, dropped on create and on updates that did not
// already use them (upstream pkg/api/pod/util.go dropDisabledFields, through DropDisabledPodFields for pods and
// DropDisabledTemplateFields for every kind with a pod template): hostUsers (UserNamespacesStatelessPodsSupport),
// topology spread constraints' minDomains (MinDomainsInPodTopologySpread), nodeAffinityPolicy and
// nodeTaintsPolicy (NodeInclusionPolicyInPodTopologySpread) and matchLabelKeys (MatchLabelKeysInPodTopologySpread);
// a container's procMount (ProcMountType) is forced to `Default`, not dropped, as upstream keeps it non-nil.
import type { Container, PodSpec, PodTemplateSpec, TopologySpreadConstraint } from '../schemas.generated.js';

type ConstraintField = 'minDomains' | 'nodeAffinityPolicy' | 'nodeTaintsPolicy' | 'matchLabelKeys';
const CONSTRAINT_FIELDS: readonly ConstraintField[] = ['minDomains', 'nodeAffinityPolicy', 'nodeTaintsPolicy', 'matchLabelKeys'];

/** DropDisabledPodFields / DropDisabledTemplateFields on a spec, `old` the stored one on an update. */
export function dropDisabledPodSpecFields(spec: PodSpec | undefined, old: PodSpec | undefined): void {
  if (!spec) return;
  if (old?.hostUsers === undefined) delete spec.hostUsers;
  const constraints = spec.topologySpreadConstraints ?? [];
  for (const field of CONSTRAINT_FIELDS) {
    if (constraintFieldInUse(old, field)) continue;
    for (const constraint of constraints) delete constraint[field];
  }
  if (!procMountInUse(old)) {
    for (const container of allContainers(spec)) if (container.securityContext?.procMount !== undefined) container.securityContext.procMount = 'Default';
  }
}

/** DropDisabledTemplateFields: the template's spec. */
export function dropDisabledTemplateFields(template: PodTemplateSpec | undefined, old: PodTemplateSpec | undefined): void {
  dropDisabledPodSpecFields(template?.spec, old?.spec);
}

const constraintFieldInUse = (spec: PodSpec | undefined, field: ConstraintField): boolean =>
  (spec?.topologySpreadConstraints ?? []).some((c: TopologySpreadConstraint) => c[field] !== undefined);

/** upstream procMountInUse: a container of the old spec asks for a proc mount other than the default. */
const procMountInUse = (spec: PodSpec | undefined): boolean =>
  spec !== undefined && allContainers(spec).some((c) => c.securityContext?.procMount !== undefined && c.securityContext.procMount !== 'Default');

/** Regular, init and ephemeral containers (upstream VisitContainers with AllContainers). */
function allContainers(spec: PodSpec): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...((spec.ephemeralContainers ?? []) as Container[])];
}
