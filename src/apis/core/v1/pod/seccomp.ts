// Seccomp annotation version skew on pod create (upstream applySeccompVersionSkew, 1.25): a deprecated
// seccomp annotation without the matching securityContext.seccompProfile field fills the field. Since
// 1.25 the field is no longer copied back into annotations.
import type { Container, EphemeralContainer, Pod, SeccompProfile } from '../schemas.generated.js';

const POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const LOCALHOST_PREFIX = 'localhost/';

/** upstream seccompFieldForAnnotation: the profile an annotation value names, if it names one. */
export function seccompFieldForAnnotation(annotation: string): SeccompProfile | undefined {
  if (annotation === 'unconfined') return { type: 'Unconfined' };
  if (annotation === 'runtime/default' || annotation === 'docker/default') return { type: 'RuntimeDefault' };
  if (annotation.startsWith(LOCALHOST_PREFIX) && annotation.length > LOCALHOST_PREFIX.length) {
    return { type: 'Localhost', localhostProfile: annotation.slice(LOCALHOST_PREFIX.length) };
  }
  return undefined;
}

function syncContainer(container: Container | EphemeralContainer, annotations: Record<string, string>): void {
  const annotation = annotations[CONTAINER_ANNOTATION_PREFIX + container.name];
  if (annotation === undefined || container.securityContext?.seccompProfile) return;
  const profile = seccompFieldForAnnotation(annotation);
  if (profile) container.securityContext = { ...container.securityContext, seccompProfile: profile };
}

/** Fill seccompProfile fields from the deprecated annotations of the pod and of each container. */
export function applySeccompVersionSkew(pod: Pod): void {
  const annotations = pod.metadata.annotations;
  const spec = pod.spec;
  if (!annotations || !spec) return;
  const podAnnotation = annotations[POD_ANNOTATION];
  if (podAnnotation !== undefined && !spec.securityContext?.seccompProfile) {
    const profile = seccompFieldForAnnotation(podAnnotation);
    if (profile) spec.securityContext = { ...spec.securityContext, seccompProfile: profile };
  }
  for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])]) syncContainer(container, annotations);
}
