// A Pod and a PodTemplateSpec as a whole (upstream 1.25 ValidatePodCreate, validatePodMetadataAndSpec,
// ValidatePodTemplateSpec, validatePodIPs).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateAnnotations, validateLabels, validateObjectMeta } from '../../../../meta/v1/validation.js';
import type { ObjectMeta } from '../../../../meta/v1/types.js';
import type { Pod, PodSpec, PodTemplateSpec } from '../../schemas.generated.js';
import { ipFamily, isIPSloppy, type PodValidationOptions } from './common.js';
import { validatePodSpecificAnnotations, validateSeccompAnnotationsAndFields } from './annotations.js';
import { validateContainerOnlyForPod } from './containers.js';
import { validatePodSpec } from './pod-spec.js';

const EMPTY_SPEC: PodSpec = { containers: [] };
export const specOf = (pod: { spec?: PodSpec }): PodSpec => pod.spec ?? EMPTY_SPEC;
/** The metadata, as Go's zero value when a body had none (decoding keeps Go's struct semantics). */
export const metaOf = (pod: Pod): ObjectMeta => pod.metadata ?? {};

/** Projected service account tokens need a service account (checked for pods, not templates). */
function tokenProjectionErrors(spec: PodSpec): FieldError[] {
  if (spec.serviceAccountName) return [];
  const errs: FieldError[] = [];
  (spec.volumes ?? []).forEach((v, vi) => {
    (v.projected?.sources ?? []).forEach((s, si) => {
      if (s.serviceAccountToken) {
        errs.push(field.forbidden(`spec.volumes[${vi}].projected.sources[${si}].serviceAccountToken`, 'must not be specified when serviceAccountName is not set'));
      }
    });
  });
  return errs;
}

/** Upstream validatePodMetadataAndSpec: what create, update and the ephemeral containers update share. */
export function validatePodMetadataAndSpec(pod: Pod, opts: PodValidationOptions): FieldError[] {
  const spec = specOf(pod);
  const meta = metaOf(pod);
  const errs = validateObjectMeta(meta, { namespaced: true, nameValidator: nameIsDNSSubdomain });
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, 'metadata.annotations', opts));
  errs.push(...validatePodSpec(spec, meta, 'spec', opts));
  errs.push(...validateSeccompAnnotationsAndFields(meta, spec, 'spec'));
  errs.push(...tokenProjectionErrors(spec));
  (spec.containers ?? []).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, `spec.containers[${i}]`)));
  (spec.initContainers ?? []).forEach((c, i) => errs.push(...validateContainerOnlyForPod(c, `spec.initContainers[${i}]`)));
  return errs;
}

/** Upstream validatePodIPs: valid addresses, at most one per family, no duplicates. */
export function validatePodIPs(pod: Pod): FieldError[] {
  const path = 'status.podIPs';
  const podIPs = pod.status?.podIPs ?? [];
  const errs: FieldError[] = [];
  podIPs.forEach((p, i) => {
    if (!isIPSloppy(p.ip ?? '')) errs.push(field.invalid(`${path}[${i}]`, p.ip ?? '', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  });
  if (podIPs.length <= 1) return errs;
  const ips = podIPs.map((p) => p.ip ?? '');
  const unparsable = ips.find((ip) => !isIPSloppy(ip));
  if (unparsable !== undefined) {
    const detail = `failed to check for dual stack with error:failed to parse ${unparsable} as an IP`;
    errs.push({ type: 'InternalError', field: path, detail });
  }
  const dualStack = unparsable === undefined && new Set(ips.map(ipFamily)).size === 2;
  if (!dualStack || ips.length > 2) errs.push(field.invalid(path, podIPs, 'may specify no more than one IP for each IP family'));
  const seen = new Set<string>();
  podIPs.forEach((p, i) => {
    if (seen.has(p.ip ?? '')) errs.push(field.duplicate(`${path}[${i}]`, p));
    seen.add(p.ip ?? '');
  });
  return errs;
}

/** Upstream ValidatePodCreate: metadata and spec, no ephemeral containers yet, valid pod IPs. */
export function validatePod(pod: Pod, opts: PodValidationOptions = {}): FieldError[] {
  const errs = validatePodMetadataAndSpec(pod, opts);
  if ((specOf(pod).ephemeralContainers ?? []).length > 0) errs.push(field.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  return [...errs, ...validatePodIPs(pod)];
}

/** Upstream ValidatePodTemplateSpec at `path` (e.g. `spec.template`); labels sit at `<path>.labels`. */
export function validatePodTemplateSpec(template: PodTemplateSpec, path: string, opts: PodValidationOptions = {}): FieldError[] {
  const meta = template.metadata ?? {};
  const spec = specOf(template);
  const errs = [...validateLabels(meta.labels, `${path}.labels`), ...validateAnnotations(meta.annotations, `${path}.annotations`)];
  errs.push(...validatePodSpecificAnnotations(meta.annotations, spec, `${path}.annotations`, opts));
  errs.push(...validatePodSpec(spec, undefined, `${path}.spec`, opts));
  errs.push(...validateSeccompAnnotationsAndFields(meta, spec, `${path}.spec`));
  if ((spec.ephemeralContainers ?? []).length > 0) {
    errs.push(field.forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}
