// Windows options, HostProcess pods, the pod OS rules and user namespaces (upstream 1.25
// validateWindowsSecurityContextOptions, validateWindowsHostProcessPod, validateOS, validateLinux,
// validateWindows, validateHostUsers).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import { isDNS1123Subdomain } from '../../../../meta/v1/validation.js';
import type { Container, EphemeralContainer, PodSpec, WindowsSecurityContextOptions } from '../../schemas.generated.js';
import type { PodValidationOptions } from './common.js';

const MAX_GMSA_SPEC_KIB = 64;
const MAX_DOMAIN_LENGTH = 256;
const MAX_USER_LENGTH = 104;
const CONTROL_CHARS = /[\x00-\x1f\x7f]/;
const NETBIOS_DOMAIN = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_DOMAIN = /^[a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9]([-a-zA-Z0-9]*[a-zA-Z0-9])?)*$/;
const USER_INVALID_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const USER_DOTS_SPACES = /^[. ]+$/;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Every container of the spec with its path, in upstream's VisitContainersWithPath order. */
export function forEachContainer(spec: PodSpec, path: string, visit: (ctr: Container | EphemeralContainer, at: string) => void): void {
  (spec.initContainers ?? []).forEach((c, i) => visit(c, `${path}.initContainers[${i}]`));
  (spec.containers ?? []).forEach((c, i) => visit(c, `${path}.containers[${i}]`));
  (spec.ephemeralContainers ?? []).forEach((c, i) => visit(c, `${path}.ephemeralContainers[${i}]`));
}

/** The messages of a `DOMAIN\user` or `user` name. */
function runAsUserNameErrors(name: string): string[] {
  if (name.length === 0) return ['runAsUserName cannot be an empty string'];
  if (CONTROL_CHARS.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const [domain, user] = parts.length === 1 ? ['', parts[0] ?? ''] : [parts[0] ?? '', parts[1] ?? ''];
  const msgs: string[] = [];
  if (bytes(domain) >= MAX_DOMAIN_LENGTH) msgs.push(`runAsUserName's Domain length must be under ${MAX_DOMAIN_LENGTH} characters`);
  if (parts.length === 2 && !NETBIOS_DOMAIN.test(domain) && !DNS_DOMAIN.test(domain)) {
    msgs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  }
  if (user.length === 0) msgs.push("runAsUserName's User cannot be empty");
  else if (bytes(user) > MAX_USER_LENGTH) msgs.push(`runAsUserName's User length must not be longer than ${MAX_USER_LENGTH} characters`);
  if (USER_DOTS_SPACES.test(user)) msgs.push("runAsUserName's User cannot contain only periods or spaces");
  if (USER_INVALID_CHARS.test(user)) msgs.push(`runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`);
  return msgs;
}

/** Upstream validateWindowsSecurityContextOptions. */
export function validateWindowsOptions(options: WindowsSecurityContextOptions | undefined, path: string): FieldError[] {
  if (!options) return [];
  const errs: FieldError[] = [];
  const specName = options.gmsaCredentialSpecName;
  if (specName !== undefined) errs.push(...isDNS1123Subdomain(specName).map((m) => field.invalid(`${path}.gmsaCredentialSpecName`, specName, m)));
  const spec = options.gmsaCredentialSpec;
  if (spec !== undefined && spec.length === 0) errs.push(field.invalid(`${path}.gmsaCredentialSpec`, spec, 'gmsaCredentialSpec cannot be an empty string'));
  else if (spec !== undefined && bytes(spec) > MAX_GMSA_SPEC_KIB * 1024) {
    errs.push(field.invalid(`${path}.gmsaCredentialSpec`, spec, `gmsaCredentialSpec size must be under ${MAX_GMSA_SPEC_KIB} KiB`));
  }
  const user = options.runAsUserName;
  if (user !== undefined) errs.push(...runAsUserNameErrors(user).map((m) => field.invalid(`${path}.runAsUserName`, user, m)));
  return errs;
}

/** Upstream validateWindowsHostProcessPod: all containers or none are HostProcess, with hostNetwork. */
export function validateHostProcess(spec: PodSpec, path: string, opts: PodValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const podHostProcess = spec.securityContext?.windowsOptions?.hostProcess;
  let containers = 0;
  let hostProcess = 0;
  forEachContainer(spec, path, (ctr, at) => {
    containers++;
    const own = ctr.securityContext?.windowsOptions?.hostProcess;
    if (podHostProcess !== undefined && own !== undefined && podHostProcess !== own) {
      errs.push(field.invalid(`${at}.securityContext.windowsOptions.hostProcess`, own, `pod hostProcess value must be identical if both are specified, was ${podHostProcess}`));
    }
    if (own === true || (own === undefined && podHostProcess === true)) hostProcess++;
  });
  if (hostProcess === 0) return errs;
  if (hostProcess !== containers) errs.push(field.invalid(path, '', 'If pod contains any hostProcess containers then all containers must be HostProcess containers'));
  if (spec.hostNetwork !== true) errs.push(field.invalid(`${path}.hostNetwork`, false, 'hostNetwork must be true if pod contains any hostProcess containers'));
  if (opts.allowPrivileged === false) errs.push(field.forbidden(path, 'hostProcess containers are disallowed by cluster policy'));
  return errs;
}

/** Upstream validateHostUsers: without host user namespace, only a few volume kinds and no host namespaces. */
export function validateHostUsers(spec: PodSpec, path: string): FieldError[] {
  if (spec.hostUsers !== false) return [];
  const errs: FieldError[] = [];
  (spec.volumes ?? []).forEach((v, i) => {
    if (v.emptyDir || v.secret || v.downwardAPI || v.configMap || v.projected) return;
    errs.push(field.forbidden(`${path}.volumes[${i}]`, 'volume type not supported when `pod.Spec.HostUsers` is false'));
  });
  // Upstream spells two of these paths with capitals.
  if (spec.hostNetwork) errs.push(field.forbidden(`${path}.hostNetwork`, 'when `pod.Spec.HostUsers` is false'));
  if (spec.hostPID) errs.push(field.forbidden(`${path}.HostPID`, 'when `pod.Spec.HostUsers` is false'));
  if (spec.hostIPC) errs.push(field.forbidden(`${path}.HostIPC`, 'when `pod.Spec.HostUsers` is false'));
  return errs;
}

const NOT_ON_WINDOWS = 'cannot be set for a windows pod';
const POD_FIELDS_NOT_ON_WINDOWS = ['seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'sysctls', 'runAsUser', 'runAsGroup', 'supplementalGroups'] as const;
const CONTAINER_FIELDS_NOT_ON_WINDOWS = [
  'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation', 'procMount', 'runAsUser', 'runAsGroup',
] as const;

/** Upstream validateWindows: Linux-only settings are forbidden. */
function validateWindowsPod(spec: PodSpec, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const sc = spec.securityContext ?? {};
  const forbid = (at: string): number => errs.push(field.forbidden(at, NOT_ON_WINDOWS));
  if (sc.seLinuxOptions !== undefined) forbid(`${path}.securityContext.seLinuxOptions`);
  if (spec.hostPID) forbid(`${path}.hostPID`);
  if (spec.hostIPC) forbid(`${path}.hostIPC`);
  for (const key of POD_FIELDS_NOT_ON_WINDOWS.slice(1)) {
    const value = sc[key];
    const set = key === 'sysctls' ? (sc.sysctls ?? []).length > 0 : value !== undefined;
    if (set) forbid(`${path}.securityContext.${key}`);
    if (key === 'sysctls' && spec.shareProcessNamespace !== undefined) forbid(`${path}.shareProcessNamespace`);
  }
  forEachContainer(spec, path, (ctr, at) => {
    const csc = ctr.securityContext;
    if (!csc) return;
    for (const key of CONTAINER_FIELDS_NOT_ON_WINDOWS) if (csc[key] !== undefined) forbid(`${at}.securityContext.${key}`);
  });
  return errs;
}

/** Upstream validateLinux: no Windows options anywhere. */
function validateLinuxPod(spec: PodSpec, path: string): FieldError[] {
  const msg = 'windows options cannot be set for a linux pod';
  const errs: FieldError[] = [];
  if (spec.securityContext?.windowsOptions) errs.push(field.forbidden(`${path}.securityContext.windowsOptions`, msg));
  forEachContainer(spec, path, (ctr, at) => {
    if (ctr.securityContext?.windowsOptions) errs.push(field.forbidden(`${at}.securityContext.windowsOptions`, msg));
  });
  return errs;
}

/** Upstream validateOS and the OS-specific rules it leads to. */
export function validatePodOS(spec: PodSpec, path: string): FieldError[] {
  const os = spec.os;
  if (!os) return [];
  if (!os.name) return [field.required(`${path}.os.name`, 'cannot be empty')];
  if (os.name === 'linux') return validateLinuxPod(spec, path);
  if (os.name === 'windows') return validateWindowsPod(spec, path);
  return [field.notSupported(`${path}.os`, os.name, ['linux', 'windows'])];
}
