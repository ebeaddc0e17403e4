// Containers of every kind (upstream 1.25 validateContainerCommon, validateContainers,
// validateInitContainers, validateEphemeralContainers, validateContainersOnlyForPod).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { Container, EphemeralContainer, Volume } from '../../schemas.generated.js';
import { dnsLabelErrors, type PodValidationOptions } from './common.js';
import { validateEnv, validateEnvFrom } from './env.js';
import { validateMountsAndDevices } from './mounts.js';
import { checkHostPortConflicts, validateContainerPorts } from './ports.js';
import { validateLifecycle, validateRegularContainerProbes } from './probes.js';
import { validateResourceRequirements } from './resources.js';
import { validateSecurityContext } from './security-context.js';

const TERMINATION_MESSAGE_POLICIES: readonly string[] = ['File', 'FallbackToLogsOnError'];
const PULL_POLICIES: readonly string[] = ['Always', 'IfNotPresent', 'Never'];

/** Upstream validatePullPolicy. */
function validatePullPolicy(policy: string | undefined, path: string): FieldError[] {
  if (!policy) return [field.required(path)];
  return PULL_POLICIES.includes(policy) ? [] : [field.notSupported(path, policy, PULL_POLICIES)];
}

function validateTerminationMessagePolicy(policy: string | undefined, path: string): FieldError[] {
  if (!policy) return [field.required(path, "must be 'File' or 'FallbackToLogsOnError'")];
  return TERMINATION_MESSAGE_POLICIES.includes(policy) ? [] : [field.notSupported(path, policy, TERMINATION_MESSAGE_POLICIES)];
}

/** Upstream validateContainerCommon: what every container kind shares. */
function validateContainerCommon(ctr: Container | EphemeralContainer, volumes: ReadonlyMap<string, Volume>, path: string, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (!ctr.name) errs.push(field.required(`${path}.name`));
  else errs.push(...dnsLabelErrors(ctr.name, `${path}.name`));
  // Leading and trailing whitespace is tolerated here (templates use " " as a token); pods check it apart.
  if (!ctr.image) errs.push(field.required(`${path}.image`));
  errs.push(...validateTerminationMessagePolicy(ctr.terminationMessagePolicy, `${path}.terminationMessagePolicy`));
  errs.push(...validateContainerPorts(ctr.ports, `${path}.ports`));
  errs.push(...validateEnv(ctr.env, `${path}.env`), ...validateEnvFrom(ctr.envFrom, `${path}.envFrom`));
  errs.push(...validateMountsAndDevices(ctr, volumes, path));
  errs.push(...validatePullPolicy(ctr.imagePullPolicy, `${path}.imagePullPolicy`));
  errs.push(...validateResourceRequirements(ctr.resources, `${path}.resources`, opts));
  errs.push(...validateSecurityContext(ctr.securityContext, `${path}.securityContext`, opts));
  return errs;
}

/** Upstream validateContainers: at least one, unique names, lifecycle and probes, host ports across all. */
export function validateContainers(containers: readonly Container[] | undefined, volumes: ReadonlyMap<string, Volume>, path: string, opts: PodValidationOptions): FieldError[] {
  const list = containers ?? [];
  if (list.length === 0) return [field.required(path)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list.forEach((ctr, i) => {
    const at = `${path}[${i}]`;
    errs.push(...validateContainerCommon(ctr, volumes, at, opts));
    if (names.has(ctr.name)) errs.push(field.duplicate(`${at}.name`, ctr.name));
    else names.add(ctr.name);
    if (ctr.lifecycle) errs.push(...validateLifecycle(ctr.lifecycle, `${at}.lifecycle`));
    errs.push(...validateRegularContainerProbes(ctr, at));
  });
  return [...errs, ...checkHostPortConflicts(list, path)];
}

const INIT_FORBIDDEN = ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const;

/** Upstream validateInitContainers: names unique among init and regular containers; no lifecycle or probes. */
export function validateInitContainers(
  containers: readonly Container[] | undefined, regular: readonly Container[] | undefined, volumes: ReadonlyMap<string, Volume>, path: string, opts: PodValidationOptions,
): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((regular ?? []).map((c) => c.name));
  (containers ?? []).forEach((ctr, i) => {
    const at = `${path}[${i}]`;
    errs.push(...validateContainerCommon(ctr, volumes, at, opts));
    if (names.has(ctr.name)) errs.push(field.duplicate(`${at}.name`, ctr.name));
    else if (ctr.name) names.add(ctr.name);
    // Init containers run one by one, so each is checked alone (and upstream reports it at index 0).
    errs.push(...checkHostPortConflicts([ctr], path));
    for (const key of INIT_FORBIDDEN) if (ctr[key]) errs.push(field.forbidden(`${at}.${key}`, 'may not be set for init containers'));
  });
  return errs;
}

/** Fields an ephemeral container may not set (upstream allowedEphemeralContainerFields, in struct order). */
const EPHEMERAL_FORBIDDEN = ['ports', 'resources', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

function ephemeralFieldSet(ec: EphemeralContainer, key: (typeof EPHEMERAL_FORBIDDEN)[number]): boolean {
  if (key === 'ports') return ec.ports !== undefined;
  if (key === 'resources') return ec.resources?.limits !== undefined || ec.resources?.requests !== undefined;
  return ec[key] !== undefined;
}

/** Upstream validateContainersOnlyForPod: images without surrounding whitespace. */
export function validateContainerOnlyForPod(ctr: Container | EphemeralContainer, path: string): FieldError[] {
  const image = ctr.image ?? '';
  return image.trim().length !== image.length ? [field.invalid(`${path}.image`, image, 'must not have leading or trailing whitespace')] : [];
}

/** Upstream validateEphemeralContainers. */
export function validateEphemeralContainers(
  ephemeral: readonly EphemeralContainer[] | undefined, containers: readonly Container[] | undefined, init: readonly Container[] | undefined,
  volumes: ReadonlyMap<string, Volume>, path: string, opts: PodValidationOptions,
): FieldError[] {
  const errs: FieldError[] = [];
  const others = new Set([...(containers ?? []), ...(init ?? [])].map((c) => c.name));
  const all = new Set(others);
  (ephemeral ?? []).forEach((ec, i) => {
    const at = `${path}[${i}]`;
    errs.push(...validateContainerCommon(ec, volumes, at, opts), ...validateContainerOnlyForPod(ec, at));
    if (all.has(ec.name)) errs.push(field.duplicate(`${at}.name`, ec.name));
    else all.add(ec.name);
    if (ec.targetContainerName && !others.has(ec.targetContainerName)) errs.push(field.notFoundField(`${at}.targetContainerName`, ec.targetContainerName));
    for (const key of EPHEMERAL_FORBIDDEN) if (ephemeralFieldSet(ec, key)) errs.push(field.forbidden(`${at}.${key}`, 'cannot be set for an Ephemeral Container'));
    (ec.volumeMounts ?? []).forEach((vm, j) => {
      if (vm.subPath) errs.push(field.forbidden(`${at}.volumeMounts[${j}].subPath`, 'cannot be set for an Ephemeral Container'));
      if (vm.subPathExpr) errs.push(field.forbidden(`${at}.volumeMounts[${j}].subPathExpr`, 'cannot be set for an Ephemeral Container'));
    });
  });
  return errs;
}
