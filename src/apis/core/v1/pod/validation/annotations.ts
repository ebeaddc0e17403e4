// Annotations with meaning for pods (upstream 1.25 ValidatePodSpecificAnnotations,
// ValidatePodSpecificAnnotationUpdates, seccomp and AppArmor annotations, and the check that seccomp
// annotations agree with the seccompProfile fields).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { ObjectMeta } from '../../../../meta/v1/types.js';
import type { Pod, PodSpec, SeccompProfile, Toleration } from '../../schemas.generated.js';
import { goJsonObjectError } from '../../go-json.js';
import { validateLocalDescendingPath } from '../../volumes/index.js';
import type { PodValidationOptions } from './common.js';
import { validateTolerations } from './tolerations.js';
import { forEachContainer } from './windows.js';

export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
export const TOLERATIONS_ANNOTATION = 'scheduler.alpha.kubernetes.io/tolerations';
export const POD_DELETION_COST_ANNOTATION = 'controller.kubernetes.io/pod-deletion-cost';
export const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
export const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
export const APPARMOR_CONTAINER_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

const INT32_TEXT = /^(0|-[0-9]+|[1-9][0-9]*)$/;

/** Upstream GetDeletionCostFromPodAnnotations: a base-10 int32; only '-' or a digit 1-9 may lead (or exactly "0"). */
export function isValidDeletionCost(value: string): boolean {
  if (!INT32_TEXT.test(value)) return false;
  const n = Number(value);
  return n >= -2147483648 && n <= 2147483647;
}

/** The error of decoding the tolerations annotation as Go's json does into []core.Toleration. */
function tolerationsAnnotation(value: string): { error: string } | { tolerations: Toleration[] } {
  const syntax = goJsonObjectError(Buffer.from(value));
  const kind = /^json: cannot unmarshal (\w+) /.exec(syntax ?? '')?.[1];
  if (syntax !== undefined && kind === undefined) return { error: syntax };
  if (kind !== undefined && kind !== 'array') return { error: `json: cannot unmarshal ${kind} into Go value of type []core.Toleration` };
  const parsed: unknown = JSON.parse(value);
  if (parsed === null) return { tolerations: [] };
  const list = parsed as unknown[];
  const bad = list.find((t) => t !== null && (typeof t !== 'object' || Array.isArray(t)));
  if (bad !== undefined) return { error: `json: cannot unmarshal ${Array.isArray(bad) ? 'array' : typeof bad} into Go value of type core.Toleration` };
  return { tolerations: list.map((t) => (t ?? {}) as Toleration) };
}

/** Upstream ValidateSeccompProfile for an annotation value. */
function seccompAnnotationErrors(value: string, path: string): FieldError[] {
  if (value === 'runtime/default' || value === 'docker/default' || value === 'unconfined') return [];
  if (value.startsWith('localhost/')) return validateLocalDescendingPath(value.slice('localhost/'.length), path);
  return [field.invalid(path, value, 'must be a valid seccomp profile')];
}

function hasContainer(spec: PodSpec, name: string): boolean {
  let found = false;
  forEachContainer(spec, '', (c) => (found ||= c.name === name));
  return found;
}

/** Upstream ValidateAppArmorProfileFormat. */
const appArmorProfileValid = (p: string): boolean => p === '' || p === 'runtime/default' || p === 'unconfined' || p.startsWith('localhost/');

/** Upstream ValidatePodSpecificAnnotations; `path` is `metadata.annotations` (or a template's). */
export function validatePodSpecificAnnotations(annotations: Record<string, string> | undefined, spec: PodSpec, path: string, opts: PodValidationOptions): FieldError[] {
  const all = annotations ?? {};
  const errs: FieldError[] = [];
  const mirror = all[MIRROR_POD_ANNOTATION];
  if (mirror !== undefined && !spec.nodeName) errs.push(field.invalid(`${path}[${MIRROR_POD_ANNOTATION}]`, mirror, 'must set spec.nodeName if mirror pod annotation is set'));
  if (all[TOLERATIONS_ANNOTATION]) {
    const decoded = tolerationsAnnotation(all[TOLERATIONS_ANNOTATION]);
    if ('error' in decoded) errs.push(field.invalid(path, TOLERATIONS_ANNOTATION, decoded.error));
    else errs.push(...validateTolerations(decoded.tolerations, `${path}.${TOLERATIONS_ANNOTATION}`));
  }
  const cost = all[POD_DELETION_COST_ANNOTATION];
  if (!opts.allowInvalidPodDeletionCost && cost !== undefined && !isValidDeletionCost(cost)) {
    errs.push(field.invalid(`${path}[${POD_DELETION_COST_ANNOTATION}]`, cost, 'must be a 32bit integer'));
  }
  if (all[SECCOMP_POD_ANNOTATION] !== undefined) errs.push(...seccompAnnotationErrors(all[SECCOMP_POD_ANNOTATION], `${path}.${SECCOMP_POD_ANNOTATION}`));
  for (const [k, v] of Object.entries(all)) {
    if (k.startsWith(SECCOMP_CONTAINER_ANNOTATION_PREFIX)) errs.push(...seccompAnnotationErrors(v, `${path}.${k}`));
  }
  for (const [k, v] of Object.entries(all)) {
    if (!k.startsWith(APPARMOR_CONTAINER_ANNOTATION_PREFIX)) continue;
    const container = k.slice(APPARMOR_CONTAINER_ANNOTATION_PREFIX.length);
    if (!hasContainer(spec, container)) errs.push(field.invalid(`${path}[${k}]`, container, 'container not found'));
    if (!appArmorProfileValid(v)) errs.push(field.invalid(`${path}[${k}]`, v, `invalid AppArmor profile name: ${JSON.stringify(v)}`));
  }
  return errs;
}

/** Upstream ValidatePodSpecificAnnotationUpdates: AppArmor and mirror annotations are fixed once set. */
export function validatePodSpecificAnnotationUpdates(pod: Pod, old: Pod, path: string, opts: PodValidationOptions): FieldError[] {
  const next = pod.metadata?.annotations ?? {};
  const prev = old.metadata?.annotations ?? {};
  const errs: FieldError[] = [];
  const fixed = (k: string): boolean => k.startsWith(APPARMOR_CONTAINER_ANNOTATION_PREFIX) || k === MIRROR_POD_ANNOTATION;
  const what = (k: string): string => (k === MIRROR_POD_ANNOTATION ? 'mirror pod annotation' : 'AppArmor annotations');
  for (const [k, v] of Object.entries(prev)) {
    if (fixed(k) && next[k] !== v) errs.push(field.forbidden(`${path}[${k}]`, `may not remove or update ${what(k)}`));
  }
  for (const k of Object.keys(next)) {
    if (fixed(k) && !(k in prev)) errs.push(field.forbidden(`${path}[${k}]`, `may not add ${what(k)}`));
  }
  return [...errs, ...validatePodSpecificAnnotations(next, pod.spec ?? { containers: [] }, path, opts)];
}

/** Upstream validateSeccompAnnotationsAndFieldsMatch. */
function seccompMismatch(annotation: string, profile: SeccompProfile, path: string): FieldError[] {
  const typeMismatch = [field.forbidden(`${path}.type`, 'seccomp type in annotation and field must match')];
  switch (profile.type) {
    case 'Unconfined':
      return annotation === 'unconfined' ? [] : typeMismatch;
    case 'RuntimeDefault':
      return annotation === 'runtime/default' || annotation === 'docker/default' ? [] : typeMismatch;
    case 'Localhost':
      if (!annotation.startsWith('localhost/')) return typeMismatch;
      if (profile.localhostProfile !== annotation.slice('localhost/'.length)) {
        return [field.forbidden(`${path}.localhostProfile`, 'seccomp profile in annotation and field must match')];
      }
      return [];
    default:
      return [];
  }
}

/** Upstream validateSeccompAnnotationsAndFields: where both an annotation and a field are set, they agree. */
export function validateSeccompAnnotationsAndFields(meta: ObjectMeta | undefined, spec: PodSpec, path: string): FieldError[] {
  const annotations = meta?.annotations ?? {};
  const errs: FieldError[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  const podAnnotation = annotations[SECCOMP_POD_ANNOTATION];
  if (podProfile && podAnnotation !== undefined) errs.push(...seccompMismatch(podAnnotation, podProfile, `${path}.securityContext.seccompProfile`));
  forEachContainer(spec, path, (ctr, at) => {
    const profile = ctr.securityContext?.seccompProfile;
    const annotation = annotations[SECCOMP_CONTAINER_ANNOTATION_PREFIX + ctr.name];
    if (profile && annotation !== undefined) errs.push(...seccompMismatch(annotation, profile, `${at}.securityContext.seccompProfile`));
  });
  return errs;
}
