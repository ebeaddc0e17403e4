// PodSpec as upstream 1.25 ValidatePodSpec checks it, in upstream's order: volumes, containers of
// each kind, policies, node selector, security context, affinity, DNS, readiness gates, topology
// spread, HostProcess, user namespaces, names, deadlines, tolerations, host aliases, classes, overhead, OS.
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { ObjectMeta } from '../../../../meta/v1/types.js';
import { nameIsDNSSubdomain, validateLabels } from '../../../../meta/v1/validation.js';
import type { PodSpec } from '../../schemas.generated.js';
import { validateVolumes } from '../../volumes/index.js';
import { validateAffinity } from './affinity.js';
import { dnsLabelErrors, inclusiveRangeError, MAX_INT32, qualifiedNameErrors, type PodValidationOptions } from './common.js';
import { validateContainers, validateEphemeralContainers, validateInitContainers } from './containers.js';
import { validateDNSPolicy, validateHostAliases, validatePodDNSConfig } from './dns.js';
import { validateOverhead } from './resources.js';
import { validatePodSecurityContext } from './security-context.js';
import { validateTolerations } from './tolerations.js';
import { validateTopologySpreadConstraints } from './topology-spread.js';
import { validateHostProcess, validateHostUsers, validatePodOS } from './windows.js';

const RESTART_POLICIES: readonly string[] = ['Always', 'OnFailure', 'Never'];
const PREEMPTION_POLICIES: readonly string[] = ['PreemptLowerPriority', 'Never'];

/** A required enum: Required when empty, NotSupported when unknown. */
function enumErrors(value: string | undefined, allowed: readonly string[], path: string): FieldError[] {
  if (!value) return [field.required(path)];
  return allowed.includes(value) ? [] : [field.notSupported(path, value, allowed)];
}

/** A subdomain-named reference (service account, node, priority class, runtime class). */
function subdomainName(value: string | undefined, path: string): FieldError[] {
  if (!value) return [];
  return nameIsDNSSubdomain(value, false).map((m) => field.invalid(path, value, m));
}

function validateContainerLists(spec: PodSpec, meta: ObjectMeta | undefined, path: string, opts: PodValidationOptions): FieldError[] {
  const { errors, volumes } = validateVolumes(spec.volumes, `${path}.volumes`, { podMeta: meta });
  return [
    ...errors,
    ...validateContainers(spec.containers, volumes, `${path}.containers`, opts),
    ...validateInitContainers(spec.initContainers, spec.containers, volumes, `${path}.initContainers`, opts),
    ...validateEphemeralContainers(spec.ephemeralContainers, spec.containers, spec.initContainers, volumes, `${path}.ephemeralContainers`, opts),
  ];
}

function validateNamesAndNumbers(spec: PodSpec, path: string): FieldError[] {
  const errs = [...subdomainName(spec.serviceAccountName, `${path}.serviceAccountName`), ...subdomainName(spec.nodeName, `${path}.nodeName`)];
  const deadline = spec.activeDeadlineSeconds;
  if (deadline !== undefined && (deadline < 1 || deadline > MAX_INT32)) {
    errs.push(field.invalid(`${path}.activeDeadlineSeconds`, deadline, inclusiveRangeError(1, MAX_INT32)));
  }
  if (spec.hostname) errs.push(...dnsLabelErrors(spec.hostname, `${path}.hostname`));
  if (spec.subdomain) errs.push(...dnsLabelErrors(spec.subdomain, `${path}.subdomain`));
  return errs;
}

/** Upstream ValidatePodSpec; `meta` is the pod's metadata (undefined for templates), `path` e.g. `spec`. */
export function validatePodSpec(spec: PodSpec, meta: ObjectMeta | undefined, path: string, opts: PodValidationOptions = {}): FieldError[] {
  const errs = validateContainerLists(spec, meta, path, opts);
  errs.push(...enumErrors(spec.restartPolicy, RESTART_POLICIES, `${path}.restartPolicy`));
  errs.push(...validateDNSPolicy(spec.dnsPolicy, `${path}.dnsPolicy`));
  errs.push(...validateLabels(spec.nodeSelector, `${path}.nodeSelector`));
  errs.push(...validatePodSecurityContext(spec, `${path}.securityContext`));
  errs.push(...validateAffinity(spec.affinity, `${path}.affinity`));
  errs.push(...validatePodDNSConfig(spec.dnsConfig, spec.dnsPolicy, `${path}.dnsConfig`));
  (spec.readinessGates ?? []).forEach((g, i) => errs.push(...qualifiedNameErrors(g.conditionType ?? '', `${path}.readinessGates[${i}].conditionType`)));
  errs.push(...validateTopologySpreadConstraints(spec.topologySpreadConstraints, `${path}.topologySpreadConstraints`));
  errs.push(...validateHostProcess(spec, path, opts), ...validateHostUsers(spec, path));
  errs.push(...validateNamesAndNumbers(spec, path));
  errs.push(...validateTolerations(spec.tolerations, `${path}.tolerations`));
  errs.push(...validateHostAliases(spec.hostAliases, `${path}.hostAliases`));
  errs.push(...subdomainName(spec.priorityClassName, `${path}.priorityClassName`));
  if (spec.runtimeClassName !== undefined) errs.push(...nameIsDNSSubdomain(spec.runtimeClassName, false).map((m) => field.invalid(`${path}.runtimeClassName`, spec.runtimeClassName, m)));
  if (spec.preemptionPolicy !== undefined) errs.push(...enumErrors(spec.preemptionPolicy, PREEMPTION_POLICIES, `${path}.preemptionPolicy`));
  if (spec.overhead !== undefined) errs.push(...validateOverhead(spec.overhead, `${path}.overhead`, opts));
  errs.push(...validatePodOS(spec, path));
  return errs;
}
