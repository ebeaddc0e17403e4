// Container and pod security contexts (upstream 1.25 ValidateSecurityContext, ValidatePodSecurityContext,
// validateSeccompProfileField, validateSysctls, fsGroupChangePolicy, procMount, user and group ids).
// Upstream's internal PodSecurityContext also holds hostPID and shareProcessNamespace, hence their paths.
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { PodSecurityContext, PodSpec, SeccompProfile, SecurityContext, Sysctl } from '../../schemas.generated.js';
import { validateLocalDescendingPath } from '../../volumes/index.js';
import { inclusiveRangeError, MAX_INT32, type PodValidationOptions } from './common.js';
import { validateWindowsOptions } from './windows.js';

const SECCOMP_TYPES: readonly string[] = ['Localhost', 'RuntimeDefault', 'Unconfined'];
const PROC_MOUNT_TYPES: readonly string[] = ['Default', 'Unmasked'];
const FS_GROUP_CHANGE_POLICIES: readonly string[] = ['Always', 'OnRootMismatch'];
const SYSCTL_SEGMENT_FMT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_FMT = `(${SYSCTL_SEGMENT_FMT}[\\./])*${SYSCTL_SEGMENT_FMT}`;
const SYSCTL_RE = new RegExp(`^${SYSCTL_FMT}$`);
const SYSCTL_MAX_LENGTH = 253;

/** Upstream IsValidUserID / IsValidGroupID: 0 to 2147483647. */
function idErrors(id: number | undefined, path: string): FieldError[] {
  if (id === undefined || (id >= 0 && id <= MAX_INT32)) return [];
  return [field.invalid(path, id, inclusiveRangeError(0, MAX_INT32))];
}

/** Upstream validateSeccompProfileField. */
export function validateSeccompProfile(profile: SeccompProfile | undefined, path: string): FieldError[] {
  if (!profile) return [];
  const errs: FieldError[] = [];
  const type = profile.type ?? '';
  if (type === '') errs.push(field.required(`${path}.type`, 'type is required when seccompProfile is set'));
  else if (!SECCOMP_TYPES.includes(type)) errs.push(field.notSupported(`${path}.type`, type, SECCOMP_TYPES));
  if (type === 'Localhost') {
    if (profile.localhostProfile === undefined) errs.push(field.required(`${path}.localhostProfile`, 'must be set when seccomp type is Localhost'));
    else errs.push(...validateLocalDescendingPath(profile.localhostProfile, `${path}.localhostProfile`));
  } else if (profile.localhostProfile !== undefined) {
    errs.push(field.invalid(`${path}.localhostProfile`, profile, 'can only be set when seccomp type is Localhost'));
  }
  return errs;
}

/** Upstream ValidateSecurityContext for one container. */
export function validateSecurityContext(sc: SecurityContext | undefined, path: string, opts: PodValidationOptions): FieldError[] {
  if (!sc) return [];
  const errs: FieldError[] = [];
  if (sc.privileged === true && opts.allowPrivileged === false) errs.push(field.forbidden(`${path}.privileged`, 'disallowed by cluster policy'));
  errs.push(...idErrors(sc.runAsUser, `${path}.runAsUser`), ...idErrors(sc.runAsGroup, `${path}.runAsGroup`));
  if (sc.procMount !== undefined && !PROC_MOUNT_TYPES.includes(sc.procMount)) {
    errs.push(field.notSupported(`${path}.procMount`, sc.procMount, PROC_MOUNT_TYPES));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, `${path}.seccompProfile`));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true) errs.push(field.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'));
    for (const cap of sc.capabilities?.add ?? []) {
      if (cap === 'CAP_SYS_ADMIN') errs.push(field.invalid(path, sc, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'));
    }
  }
  errs.push(...validateWindowsOptions(sc.windowsOptions, `${path}.windowsOptions`));
  return errs;
}

/** Upstream validateSysctls: names required, well formed and unique. */
function validateSysctls(sysctls: readonly Sysctl[], path: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  sysctls.forEach((s, i) => {
    const at = `${path}[${i}].name`;
    if (!s.name) errs.push(field.required(at));
    else if (s.name.length > SYSCTL_MAX_LENGTH || !SYSCTL_RE.test(s.name)) {
      errs.push(field.invalid(at, s.name, `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_FMT}`));
    } else if (names.has(s.name)) errs.push(field.duplicate(at, s.name));
    names.add(s.name);
  });
  return errs;
}

/** Upstream ValidatePodSecurityContext; `path` is `<spec>.securityContext`. */
export function validatePodSecurityContext(spec: PodSpec, path: string): FieldError[] {
  const sc: PodSecurityContext = spec.securityContext ?? {};
  const errs = [...idErrors(sc.fsGroup, `${path}.fsGroup`), ...idErrors(sc.runAsUser, `${path}.runAsUser`), ...idErrors(sc.runAsGroup, `${path}.runAsGroup`)];
  (sc.supplementalGroups ?? []).forEach((gid, i) => errs.push(...idErrors(gid, `${path}.supplementalGroups[${i}]`)));
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    errs.push(field.invalid(`${path}.shareProcessNamespace`, true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  if ((sc.sysctls ?? []).length > 0) errs.push(...validateSysctls(sc.sysctls ?? [], `${path}.sysctls`));
  if (sc.fsGroupChangePolicy !== undefined && !FS_GROUP_CHANGE_POLICIES.includes(sc.fsGroupChangePolicy)) {
    errs.push(field.notSupported(`${path}.fsGroupChangePolicy`, sc.fsGroupChangePolicy, FS_GROUP_CHANGE_POLICIES));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, `${path}.seccompProfile`));
  errs.push(...validateWindowsOptions(sc.windowsOptions, `${path}.windowsOptions`));
  return errs;
}
