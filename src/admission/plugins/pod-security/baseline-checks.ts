// The baseline checks of the Pod Security Standards (k8s.io/pod-security-admission v0.25), each under its upstream
// ID and the policy version it applies from; registered in checks.ts.
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import { goQuote } from '../../../registry/selectors/go-format.js';
import type { PodSpec, SELinuxOptions } from '../../../apis/core/v1/schemas.generated.js';
import { byteOrder, containersPhrase, joinQuote, nameOf, pluralize, sortedSet, validSeccompType, violation, visitContainers, type Violation } from './check-support.js';

/** hostNamespaces 1.0: spec.hostNetwork, hostPID, hostIPC must be false. */
export function hostNamespaces_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const used: string[] = [];
  // Sorted as upstream's set: hostIPC, hostNetwork, hostPID.
  if (spec.hostIPC === true) used.push('hostIPC');
  if (spec.hostNetwork === true) used.push('hostNetwork');
  if (spec.hostPID === true) used.push('hostPID');
  return used.length > 0 ? violation('host namespaces', used.join(', ')) : undefined;
}

/** privileged 1.0: no container may set securityContext.privileged=true. */
export function privileged_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.privileged === true) bad.push(nameOf(c));
  });
  return bad.length > 0 ? violation('privileged', `${containersPhrase(bad)} must not set securityContext.privileged=true`) : undefined;
}

const CAPABILITIES_ALLOWED_1_0: ReadonlySet<string> = new Set([
  'AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT',
]);

/** capabilities_baseline 1.0: capabilities.add only from the runtime's default set. */
export function capabilitiesBaseline_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const capabilities: string[] = [];
  visitContainers(spec, (c) => {
    let valid = true;
    for (const capability of c.securityContext?.capabilities?.add ?? []) {
      if (!CAPABILITIES_ALLOWED_1_0.has(capability)) {
        valid = false;
        capabilities.push(capability);
      }
    }
    if (!valid) bad.push(nameOf(c));
  });
  if (bad.length === 0) return undefined;
  return violation('non-default capabilities', `${containersPhrase(bad)} must not include ${joinQuote(sortedSet(capabilities))} in securityContext.capabilities.add`);
}

/** hostPathVolumes 1.0: no hostPath volume. */
export function hostPathVolumes_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad = (spec.volumes ?? []).filter((v) => v.hostPath != null).map((v) => v.name ?? '');
  return bad.length > 0 ? violation('hostPath volumes', `${pluralize('volume', 'volumes', bad.length)} ${joinQuote(bad)}`) : undefined;
}

/** hostPorts 1.0: no container port with a hostPort. */
export function hostPorts_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const ports: string[] = [];
  visitContainers(spec, (c) => {
    let valid = true;
    for (const port of c.ports ?? []) {
      if (port.hostPort !== undefined && port.hostPort !== null && port.hostPort !== 0) {
        valid = false;
        ports.push(String(port.hostPort));
      }
    }
    if (!valid) bad.push(nameOf(c));
  });
  if (bad.length === 0) return undefined;
  // Upstream keeps the ports in a set of strings: sorted as text ("10000" before "80").
  const forbidden = sortedSet(ports);
  return violation('hostPort', `${containersPhrase(bad)} ${pluralize('uses', 'use', bad.length)} ${pluralize('hostPort', 'hostPorts', forbidden.length)} ${forbidden.join(', ')}`);
}

const APPARMOR_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

/** appArmorProfile 1.0: the AppArmor annotations may only name runtime/default or localhost/* (or be empty). */
export function appArmorProfile_1_0(meta: Readonly<ObjectMeta>): Violation | undefined {
  const forbidden: string[] = [];
  for (const [key, value] of Object.entries(meta.annotations ?? {})) {
    if (key.startsWith(APPARMOR_PREFIX) && !(value === '' || value === 'runtime/default' || value.startsWith('localhost/'))) {
      forbidden.push(`${key}=${goQuote(value)}`);
    }
  }
  if (forbidden.length === 0) return undefined;
  forbidden.sort(byteOrder);
  return violation(pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', forbidden.length), forbidden.join(', '));
}

const SELINUX_ALLOWED_TYPES_1_0: ReadonlySet<string> = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

/**
 * seLinuxOptions 1.0: the type one of the container types, no user, no role. As in 1.25's policy code, the
 * detail tells of user and role only beside a forbidden type (fixed upstream after 1.25, kubernetes#113111).
 */
export function seLinuxOptions_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  const badTypes: string[] = [];
  let setUser = false;
  let setRole = false;
  const valid = (options: Readonly<SELinuxOptions>): boolean => {
    let ok = true;
    const type = options.type ?? '';
    if (!SELINUX_ALLOWED_TYPES_1_0.has(type)) {
      ok = false;
      badTypes.push(type);
    }
    if ((options.user ?? '').length > 0) {
      ok = false;
      setUser = true;
    }
    if ((options.role ?? '').length > 0) {
      ok = false;
      setRole = true;
    }
    return ok;
  };
  const podOptions = spec.securityContext?.seLinuxOptions;
  if (podOptions != null && !valid(podOptions)) setters.push('pod');
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const options = c.securityContext?.seLinuxOptions;
    if (options != null && !valid(options)) bad.push(nameOf(c));
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return undefined;
  const data: string[] = [];
  const types = sortedSet(badTypes);
  if (types.length > 0) {
    data.push(`${pluralize('type', 'types', types.length)} ${joinQuote(types)}`);
    if (setUser) data.push('user may not be set');
    if (setRole) data.push('role may not be set');
  }
  return violation('seLinuxOptions', `${setters.join(' and ')} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}`);
}

/** procMount 1.0: a container's procMount unset or `Default`. */
export function procMount_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  const types: string[] = [];
  visitContainers(spec, (c) => {
    const procMount = c.securityContext?.procMount;
    if (procMount == null || procMount === 'Default') return;
    bad.push(nameOf(c));
    types.push(procMount);
  });
  if (bad.length === 0) return undefined;
  return violation('procMount', `${containersPhrase(bad)} must not set securityContext.procMount to ${joinQuote(sortedSet(types))}`);
}

const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

const validSeccompAnnotation = (value: string): boolean => value === 'runtime/default' || value === 'docker/default' || value.startsWith('localhost/');

/** seccompProfile_baseline 1.0 (policy versions before 1.19): the alpha seccomp annotations. */
export function seccompProfileBaseline_1_0(meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const annotations = meta.annotations ?? {};
  const forbidden: string[] = [];
  const podValue = annotations[SECCOMP_POD_ANNOTATION];
  if (podValue !== undefined && !validSeccompAnnotation(podValue)) forbidden.push(`${SECCOMP_POD_ANNOTATION}=${goQuote(podValue)}`);
  visitContainers(spec, (c) => {
    const key = SECCOMP_CONTAINER_ANNOTATION_PREFIX + nameOf(c);
    const value = annotations[key];
    if (value !== undefined && !validSeccompAnnotation(value)) forbidden.push(`${key}=${goQuote(value)}`);
  });
  if (forbidden.length === 0) return undefined;
  const list = sortedSet(forbidden);
  return violation('seccompProfile', `forbidden ${pluralize('annotation', 'annotations', list.length)} ${list.join(', ')}`);
}

/** seccompProfile_baseline 1.19: a seccompProfile.type, where set, RuntimeDefault or Localhost. */
export function seccompProfileBaseline_1_19(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const setters: string[] = [];
  const values: string[] = [];
  const podProfile = spec.securityContext?.seccompProfile;
  if (podProfile != null && !validSeccompType(podProfile.type)) {
    setters.push('pod');
    values.push(podProfile.type ?? '');
  }
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    const profile = c.securityContext?.seccompProfile;
    if (profile != null && !validSeccompType(profile.type)) {
      bad.push(nameOf(c));
      values.push(profile.type ?? '');
    }
  });
  if (bad.length > 0) setters.push(containersPhrase(bad));
  if (setters.length === 0) return undefined;
  return violation('seccompProfile', `${setters.join(' and ')} must not set securityContext.seccompProfile.type to ${joinQuote(sortedSet(values))}`);
}

const SYSCTLS_ALLOWED_1_0: ReadonlySet<string> = new Set([
  'kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start',
]);

/** sysctls 1.0: only the safe set (listed in the order the pod gives them). */
export function sysctls_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const forbidden = (spec.securityContext?.sysctls ?? []).map((s) => s.name ?? '').filter((name) => !SYSCTLS_ALLOWED_1_0.has(name));
  return forbidden.length > 0 ? violation('forbidden sysctls', forbidden.join(', ')) : undefined;
}

/** windowsHostProcess 1.0: neither pod nor container may set windowsOptions.hostProcess=true. */
export function windowsHostProcess_1_0(_meta: Readonly<ObjectMeta>, spec: Readonly<PodSpec>): Violation | undefined {
  const bad: string[] = [];
  visitContainers(spec, (c) => {
    if (c.securityContext?.windowsOptions?.hostProcess === true) bad.push(nameOf(c));
  });
  const setters: string[] = [];
  if (spec.securityContext?.windowsOptions?.hostProcess === true) setters.push('pod');
  if (bad.length > 0) setters.push(containersPhrase(bad));
  return setters.length > 0 ? violation('hostProcess', `${setters.join(' and ')} must not set securityContext.windowsOptions.hostProcess=true`) : undefined;
}
